import TallySyntax

/// Goals: what is saved towards each, day by day, which of it is assigned money of the
/// budget's wallets (Grammar.md §4, "Goals in the equation"), and W0508 and I0509.
extension Walk {
    /// One change to what is saved towards a goal: entry `entry` (in date order) added
    /// `amount` (negative when taken out or spent), in the goal's currency.
    struct GoalChange {
        let entry: Int
        let goal: Int
        let amount: Money
    }

    /// A transfer's amount in a goal's `currency`: the first of `sides` (wallet, amount)
    /// already in it, else the first converted at the entry's date.
    mutating func goalAmount(_ sides: [(wallet: Int, amount: Money)], in currency: String, entry index: Int) -> Money? {
        if let side = sides.first(where: { l.wallets[$0.wallet].currency == currency }) { return side.amount }
        let entry = entries[index]
        return convert(
            sides[0].amount, from: l.wallets[sides[0].wallet].currency, to: currency, at: entry.date, entry: index,
            location: entry.location)
    }

    /// What is saved towards each goal, entry by entry: `goalHistory`, `goalChanges` and
    /// `goalWallets`. Run before ready to assign, which the changes of the goals held in
    /// the budget's wallets move.
    mutating func tallyGoals() {
        guard !l.goals.isEmpty else { return }
        var saved = [Money](repeating: .zero, count: l.goals.count)
        let entries = self.entries
        // Each goal counts in its own currency: its wallet's, else the default one.
        let goalCurrency = l.goals.map { goal in goal.wallet.map { l.wallets[$0].currency } ?? l.defaultCurrency }
        // The wallet that holds each goal's money: its `in`, else where the first transfer
        // marked for it went. Money marked for the goal that leaves it is taken out.
        var goalWallet = l.goals.map(\.wallet)
        for index in entries.indices {
            guard let g = entries[index].goal else { continue }
            let entry = entries[index]
            let currency = goalCurrency[g]
            let amount: Money
            switch entry.kind {
            case .contribution(_, let value):
                amount = value
            case .transfer(let from, let to, let sent, let received) where goalWallet[g] == from:
                // Out of the goal's wallet: taken out, the sent side first.
                guard let value = goalAmount([(from, sent), (to, received)], in: currency, entry: index) else { continue }
                amount = value.negated
            case .transfer(let from, let to, let sent, let received):
                if goalWallet[g] == nil { goalWallet[g] = to }
                guard let value = goalAmount([(to, received), (from, sent)], in: currency, entry: index) else { continue }
                amount = value
            case .transaction(let wallet, let value, _):
                guard
                    let converted = convert(
                        value, from: l.wallets[wallet].currency, to: currency, at: entry.date,
                        entry: index, location: entry.location)
                else { continue }
                amount = converted
            default: continue
            }
            guard let total = saved[g].adding(amount) else {
                report(.numericOverflow, "what is saved towards \(l.goals[g].name) becomes too large to compute exactly", entry.location)
                continue
            }
            saved[g] = total
            goalHistory[g].append((entry.date, saved[g]))
            goalChanges.append(GoalChange(entry: index, goal: g, amount: amount))
        }
        goalWallets = goalWallet
    }

    /// Whether goal `g`'s money is money of the budget's wallets, and so assigned money
    /// that ready to assign does not hold: a goal with no wallet (its money stays where it
    /// is), or one whose wallet counts in ready to assign. A goal kept in a hidden wallet,
    /// a loan or a wallet outside the budget's left ready to assign with the transfer.
    func goalIsInBudget(_ g: Int) -> Bool {
        guard goalWallets.indices.contains(g), let w = goalWallets[g] else { return true }
        return countsInReadyToAssign(l.wallets[w])
    }

    /// Whether entry `index` is spending (or a refund) paid from a goal held in the
    /// budget's wallets: no envelope counts it, and ready to assign gets back from the goal
    /// what it takes (Grammar.md §4, "Goals in the equation").
    func isPaidByGoal(_ index: Int) -> Bool {
        guard let g = entries[index].goal, entries[index].transaction != nil, goalsInBudget.indices.contains(g) else { return false }
        return goalsInBudget[g]
    }

    /// W0508 for a goal whose date passed, I0509 for one behind an even pace, judged at today.
    mutating func judgeGoals() {
        for (g, goal) in l.goals.enumerated() where !goal.reached {
            let saved = goalHistory[g].last?.saved ?? .zero
            guard let target = goal.target, goal.periodic == nil, saved < target else { continue }
            let currency = goal.wallet.map { l.wallets[$0].currency } ?? l.defaultCurrency
            guard let by = goal.by else { continue }
            if by < today {
                report(
                    .goalOverdue,
                    "\(goal.name)'s date \(by) has passed with \(format(saved, currency)) of \(format(target, currency)) saved",
                    goal.location, help: "set a new date with `by`, or mark the goal `reached` if you are done with it")
            } else if let start = goalHistory[g].first?.date, start < today, start < by {
                // Even pace from the first contribution to the date.
                let elapsed = start.days(until: today)
                let total = start.days(until: by)
                if let expected = target.multiplied(by: Money(units: Int64(elapsed), scale: 0), roundedTo: target.scale)?
                    .divided(by: total, roundedTo: l.decimals(of: currency)), saved < expected
                {
                    report(
                        .goalBehind,
                        "\(goal.name) is behind its pace: \(format(saved, currency)) saved, \(format(expected, currency)) expected by today to reach \(format(target, currency)) by \(by)",
                        goal.location)
                }
            }
        }
    }
}
