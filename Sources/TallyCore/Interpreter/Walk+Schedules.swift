import TallySyntax

/// Recurring entries that are due, and declarations nothing uses (goals:
/// `Walk+Goals.swift`).
extension Walk {
    /// An occurrence counts as recorded by an entry naming the rule (`rule NAME`), or by a
    /// transaction with the rule's wallet, category and amount, dated from a week before
    /// the occurrence up to a week before the next one. `skip` dismisses one the same way.
    /// Each record is used for one occurrence only. What is left up to today is
    /// due (today) or overdue (before).
    mutating func checkRecurring() {
        guard !l.rules.isEmpty else { return }
        let unrecorded = Walk.unrecordedOccurrences(
            of: l.rules, in: entries, walletCount: l.wallets.count, categoryCount: l.categories.count, through: today)
        for (r, rule) in l.rules.enumerated() {
            let missing = unrecorded[r]
            let name = rule.name.map { "`\($0)`" } ?? "this recurring entry"
            let overdue = missing.filter { $0 < today }
            if !overdue.isEmpty {
                let list = overdue.prefix(5).map(\.description).joined(separator: ", ") + (overdue.count > 5 ? ", ..." : "")
                report(
                    .recurringOverdue,
                    overdue.count == 1
                        ? "\(name) is overdue since \(overdue[0]): the occurrence is neither recorded nor skipped"
                        : "\(name) is overdue: \(overdue.count) occurrences are neither recorded nor skipped (\(list))",
                    rule.location,
                    help: "record each with a transaction that says `rule \(rule.name ?? "NAME")`, or dismiss it with `DATE skip \(rule.name ?? "NAME")`")
            }
            if missing.last == today {
                report(
                    .recurringDueToday, "\(name) is due today", rule.location,
                    help: "record it with a transaction that says `rule \(rule.name ?? "NAME")`")
            }
        }
    }

    /// For each of `rules`, its occurrences through `last` that no entry of `entries`
    /// records or skips, oldest first: the matching described at ``checkRecurring()``,
    /// which ``BudgetModel/unrecordedOccurrences(through:)`` shares. `walletCount` and
    /// `categoryCount` size the tables that rule out most transactions.
    static func unrecordedOccurrences(
        of rules: [RecurringRule], in entries: [Entry], walletCount: Int, categoryCount: Int, through last: CivilDate
    ) -> [[CivilDate]] {
        var result = [[CivilDate]](repeating: [], count: rules.count)
        guard !rules.isEmpty else { return result }
        // One pass over the entries: those naming a rule, and the signatures of the others.
        var named = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        var skips = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        let wanted = Set(rules.compactMap { $0.template.flatMap(Walk.signature) })
        var lookalikes: [Signature: [(date: CivilDate, used: Bool)]] = [:]
        // Most transactions share no wallet and category with any rule: a look at two
        // arrays rules them out before their signature is hashed. Fields are read in
        // place: copying each entry would retain all its strings.
        var walletWanted = [Bool](repeating: false, count: walletCount)
        var categoryWanted = [Bool](repeating: false, count: categoryCount)
        for signature in wanted {
            walletWanted[signature.wallet] = true
            categoryWanted[signature.category] = true
        }
        for index in entries.indices {
            let date = entries[index].date
            if let r = entries[index].rule {
                if case .skip = entries[index].kind { skips[r].append((date, false)) } else { named[r].append((date, false)) }
            } else if let (wallet, _) = entries[index].transaction, walletWanted[wallet],
                entries[index].postingCount > 0, categoryWanted[entries[index].posting(0).category],
                let signature = Walk.signature(entries[index]), wanted.contains(signature)
            {
                lookalikes[signature, default: []].append((date, false))
            }
        }
        for (r, rule) in rules.enumerated() {
            let occurrences = rule.occurrences(through: last)
            guard !occurrences.isEmpty else { continue }
            let signature = rule.template.flatMap(Walk.signature)
            var similar = signature.flatMap { lookalikes[$0] } ?? []
            for (k, date) in occurrences.enumerated() {
                // A record up to a week early still counts: it belongs to the occurrence it
                // comes closest before.
                let windowStart = date.adding(days: -7) ?? date
                let windowEnd =
                    rule.occurrence(k + 1).flatMap { max(date.adding(days: 1) ?? date, $0.adding(days: -7) ?? $0) }
                    ?? CivilDate(year: 9999, month: 12, day: 31)!
                func claim(_ list: inout [(date: CivilDate, used: Bool)]) -> Bool {
                    guard let i = list.firstIndex(where: { !$0.used && $0.date >= windowStart && $0.date < windowEnd }) else { return false }
                    list[i].used = true
                    return true
                }
                if claim(&named[r]) || claim(&skips[r]) || claim(&similar) { continue }
                result[r].append(date)
            }
            if let signature { lookalikes[signature] = similar }
        }
        return result
    }

    /// Wallet, category and amount of a transaction, to recognise one that records a rule
    /// without naming it.
    struct Signature: Hashable {
        let wallet: Int
        let category: Int
        let amount: Money
    }

    static func signature(_ entry: Entry) -> Signature? {
        guard let (wallet, amount) = entry.transaction, entry.postingCount > 0 else { return nil }
        return Signature(wallet: wallet, category: entry.posting(0).category, amount: amount)
    }

    // MARK: Unused declarations

    /// Wallets nothing is booked on. Unused categories are not reported: a budget usually
    /// declares its whole list of categories up front, as budgeting apps ship one.
    mutating func checkUnused() {
        // A budget without entries is still being set up.
        guard !entries.isEmpty else { return }
        for (w, wallet) in l.wallets.enumerated() where l.walletSeen[w] == 0 && l.walletUsed[wallet.name] == nil {
            report(
                .unusedDeclaration, "the wallet \(wallet.name) is never used", wallet.location,
                help: "remove it, or book something on it")
        }
    }
}
