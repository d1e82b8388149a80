import TallySyntax

extension BudgetModel {
    /// For each recurring rule (by index), its occurrences up to `last` that no entry
    /// records or skips, oldest first.
    ///
    /// The matching is the one of Grammar.md §4, which `tally check` uses for W0506 and
    /// I0507: an occurrence is recorded by an entry naming the rule (`rule NAME`) or by a
    /// transaction with the rule's wallet, category and amount, dated from a week before
    /// the occurrence up to a week before the next one; `skip` dismisses one the same way;
    /// each entry counts for one occurrence only. With `last` after today, future
    /// occurrences are included (recorded ones are not).
    public func unrecordedOccurrences(through last: CivilDate) -> [[CivilDate]] {
        var result = [[CivilDate]](repeating: [], count: rules.count)
        guard !rules.isEmpty else { return result }
        var named = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        var skips = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        let wanted = Set(rules.compactMap { $0.template.flatMap(Walk.signature) })
        var lookalikes: [Walk.Signature: [(date: CivilDate, used: Bool)]] = [:]
        // As in `Walk.checkRecurring`: fields read in place (a copy of each entry would
        // retain its strings, and `kind` makes a plain transaction's posting array), and
        // two arrays rule out most transactions before their signature is hashed.
        var walletWanted = [Bool](repeating: false, count: wallets.count)
        var categoryWanted = [Bool](repeating: false, count: categories.count)
        for signature in wanted {
            walletWanted[signature.wallet] = true
            categoryWanted[signature.category] = true
        }
        for index in entries.indices {
            let date = entries[index].date
            if let r = entries[index].rule {
                if case .skip = entries[index].kind { skips[r].append((date, false)) } else { named[r].append((date, false)) }
            } else if let (wallet, _) = entries[index].transaction, walletWanted.indices.contains(wallet), walletWanted[wallet],
                entries[index].postingCount > 0, categoryWanted.indices.contains(entries[index].posting(0).category),
                categoryWanted[entries[index].posting(0).category],
                let s = Walk.signature(entries[index]), wanted.contains(s)
            {
                lookalikes[s, default: []].append((date, false))
            }
        }
        let end = CivilDate(year: 9999, month: 12, day: 31)!
        for (r, rule) in rules.enumerated() {
            let occurrences = rule.occurrences(through: last)
            guard !occurrences.isEmpty else { continue }
            let s = rule.template.flatMap(Walk.signature)
            var similar = s.flatMap { lookalikes[$0] } ?? []
            for (k, date) in occurrences.enumerated() {
                let windowStart = date.adding(days: -7) ?? date
                let windowEnd = rule.occurrence(k + 1).flatMap { max(date.adding(days: 1) ?? date, $0.adding(days: -7) ?? $0) } ?? end
                func claim(_ list: inout [(date: CivilDate, used: Bool)]) -> Bool {
                    guard let i = list.firstIndex(where: { !$0.used && $0.date >= windowStart && $0.date < windowEnd }) else { return false }
                    list[i].used = true
                    return true
                }
                if claim(&named[r]) || claim(&skips[r]) || claim(&similar) { continue }
                result[r].append(date)
            }
            if let s { lookalikes[s] = similar }
        }
        return result
    }
}
