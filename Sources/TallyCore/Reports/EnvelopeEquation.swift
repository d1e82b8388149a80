import TallySyntax

/// The envelope equation on a day (Grammar.md §4): ready to assign + what every envelope
/// has available + what the goals held in the budget's wallets have saved = the money in
/// the budget's wallets + the card debt no money holds, and the spending no envelope
/// counted, which ready to assign has paid.
public struct EnvelopeEquation: Sendable {
    /// Ready to assign at the end of the day.
    public let readyToAssign: Money
    /// What the envelopes that assign money (not `for *`) have available at the end of
    /// the day, added up.
    public let available: Money
    /// What the goals held in the budget's wallets (``BudgetModel/isInBudget(goal:)``)
    /// have saved at the end of the day, added up in the default currency at the day's
    /// rates: assigned money, as the envelopes' is.
    public let goals: Money
    /// The money in the budget's wallets (``Wallet/holdsBudgetMoney``) at the end of the
    /// day, in the default currency at the day's rates; nil when a rate is missing.
    public let wallets: Money?
    /// The part of ``wallets`` in credit wallets: what the cards are owed when negative.
    /// The money the envelopes gave up for card spending sits in the other wallets for
    /// it, as YNAB's card payment categories hold it (Grammar.md §4, "Credit cards").
    public let cards: Money?
    /// The part of what the cards owe that no money holds: overspending on cards that
    /// `rollover unspent` left as card debt (Grammar.md §4, "Credit overspending").
    public var uncoveredCards: Money = .zero
    /// The first day of the calendar month of the day, from which ``unbudgeted`` counts.
    public let unbudgetedFrom: CivilDate
    /// Spending no envelope counted, from ``unbudgetedFrom`` through the day, by category
    /// (nil for bank movements with no category yet), positive for money spent, largest
    /// first.
    public let unbudgeted: [(category: Int?, spent: Money)]

    /// Each credit wallet that has card debt no money holds (ended periods' or this
    /// period's so far), in wallet order: YNAB weighs each card on its own.
    public var cardFigures: [CardFigures] = []

    /// The card debt no money holds as YNAB's payment categories show it on the day:
    /// ``uncoveredCards`` and the card part of the overspending of periods not yet ended.
    public var heldByNoMoney: Money { cardFigures.reduce(Money.zero) { $0.adding($1.heldByNoMoney) ?? $0 } }

    /// What was paid on the cards beyond what was held for them, card by card (a card's
    /// debt no money holds beyond what it owes): ready to assign pays it on the next
    /// month's first day. Nil when no card was paid beyond.
    public var paidBeyondHeld: Money? {
        var beyond = Money.zero
        for card in cardFigures where card.held.isNegative {
            let owed = card.owed.isNegative ? Money.zero : card.owed
            beyond = card.heldByNoMoney.subtracting(owed).flatMap { beyond.adding($0) } ?? beyond
        }
        return beyond.isZero ? nil : beyond
    }

    /// The total of ``unbudgeted``.
    public var unbudgetedTotal: Money { unbudgeted.reduce(Money.zero) { $0.adding($1.spent) ?? $0 } }
}

extension BudgetModel {
    /// The envelope equation at the end of `date`; nil for budgets with no ready to assign.
    public func envelopeEquation(at date: CivilDate, rates: ExchangeRates) -> EnvelopeEquation? {
        guard let ready = readyToAssign(at: date) else { return nil }
        var available = Money.zero
        for e in envelopes.indices where !envelopes[e].coversAll {
            if let status = envelopeStatus(e, through: date, rates: rates) { available = available.adding(status.available) ?? available }
        }
        var goals = Money.zero
        for g in self.goals.indices where isInBudget(goal: g) {
            let currency = self.goals[g].wallet.map { wallets[$0].currency } ?? defaultCurrency
            if let saved = rates.toDefault(saved(towards: g, at: date), from: currency, at: date) { goals = goals.adding(saved) ?? goals }
        }
        let first = Entry.firstMovement(in: entries) ?? today
        var money: Money? = .zero, cards: Money? = .zero
        var owed: [Int: Money] = [:]
        for (w, wallet) in wallets.enumerated() where counts(wallet, rates) && (wallet.openingDate ?? first) <= date {
            let value = rates.toDefault(balance(of: w, at: date), from: wallet.currency, at: date)
            money = value.flatMap { money?.adding($0) }
            if wallet.kind == .credit {
                cards = value.flatMap { cards?.adding($0) }
                owed[w] = value?.negated
            }
        }
        let from = CivilDate(year: date.year, month: date.month, day: 1) ?? date
        var equation = EnvelopeEquation(
            readyToAssign: ready, available: available, goals: goals, wallets: money, cards: cards, unbudgetedFrom: from,
            unbudgeted: unbudgeted(from ... date, rates: rates))
        equation.uncoveredCards = uncoveredCardDebt(at: date)
        equation.cardFigures = cardFigures(at: date, owed: owed, rates: rates)
        return equation
    }

    /// The figures of each card with card debt no money holds on `date`, given what each
    /// card owes (`owed`, by wallet).
    private func cardFigures(at date: CivilDate, owed: [Int: Money], rates: ExchangeRates) -> [CardFigures] {
        let uncovered = uncoveredCardDebtByCard(at: date), soFar = cardOverspendingSoFar(at: date, rates: rates)
        let cards = Set(uncovered.map(\.card) + soFar.map(\.card)).sorted()
        return cards.compactMap { w in
            let ended = uncovered.first { $0.card == w }?.amount ?? .zero, now = soFar.first { $0.card == w }?.amount ?? .zero
            guard !ended.isZero || !now.isZero else { return nil }
            return CardFigures(wallet: w, owed: owed[w] ?? .zero, uncovered: ended, overspentSoFar: now)
        }
    }

    /// Whether `wallet`'s money is on the equation's wallet side (``Wallet/countsInReadyToAssign``).
    private func counts(_ wallet: Wallet, _ rates: ExchangeRates) -> Bool {
        wallet.countsInReadyToAssign(defaultCurrency: defaultCurrency, hasRate: rates.hasRate(from:))
    }

    /// Spending from the budget's wallets in `range` that no envelope counted, by category.
    func unbudgeted(_ range: ClosedRange<CivilDate>, rates: ExchangeRates) -> [(category: Int?, spent: Money)] {
        let coverage = envelopeCoverage
        var sums: [Int: Money] = [:]
        func add(_ key: Int, _ amount: Money, _ wallet: Int, _ date: CivilDate) {
            guard let value = rates.toDefault(amount, from: wallets[wallet].currency, at: date) else { return }
            sums[key] = (sums[key] ?? .zero).subtracting(value) ?? sums[key]
        }
        for entry in entries where range.contains(entry.date) {
            // Spending a goal pays came from the goal, not from ready to assign.
            guard let (wallet, amount) = entry.transaction, counts(wallets[wallet], rates), !isPaidByGoal(entry) else { continue }
            if entry.postingCount == 0, amount.isNegative { add(-1, amount, wallet, entry.date) }
            for p in 0 ..< entry.postingCount {
                let posting = entry.posting(p)
                guard !categories[posting.category].isIncome,
                    !coverage.isCounted(category: posting.category, wallet: wallet, on: entry.date)
                else { continue }
                add(posting.category, posting.amount, wallet, entry.date)
            }
        }
        return sums.filter { !$0.value.isZero }.map { (category: $0.key < 0 ? nil : $0.key, spent: $0.value) }
            .sorted { ($1.spent, $0.category ?? -1) < ($0.spent, $1.category ?? -1) }
    }
}
