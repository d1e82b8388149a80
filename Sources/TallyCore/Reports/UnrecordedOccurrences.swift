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
        struct Signature: Hashable {
            let wallet: Int
            let category: Int
            let amount: Money
        }
        func signature(_ entry: Entry) -> Signature? {
            guard case .transaction(let wallet, let amount, let postings) = entry.kind, let first = postings.first else { return nil }
            return Signature(wallet: wallet, category: first.category, amount: amount)
        }
        var named = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        var skips = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        let wanted = Set(rules.compactMap { $0.template.flatMap(signature) })
        var lookalikes: [Signature: [(date: CivilDate, used: Bool)]] = [:]
        for entry in entries {
            if let r = entry.rule {
                if case .skip = entry.kind { skips[r].append((entry.date, false)) } else { named[r].append((entry.date, false)) }
            } else if !wanted.isEmpty, let s = signature(entry), wanted.contains(s) {
                lookalikes[s, default: []].append((entry.date, false))
            }
        }
        let end = CivilDate(year: 9999, month: 12, day: 31)!
        for (r, rule) in rules.enumerated() {
            let occurrences = rule.occurrences(through: last)
            guard !occurrences.isEmpty else { continue }
            let s = rule.template.flatMap(signature)
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
