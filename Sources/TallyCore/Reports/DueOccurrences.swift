import TallySyntax

/// One occurrence of a recurring entry that is neither recorded nor skipped.
public struct DueOccurrence: Sendable, Equatable {
    /// Where it stands against today.
    public enum Status: String, Sendable { case overdue, today, upcoming }
    /// Index into ``BudgetModel/rules``.
    public let rule: Int
    public let date: CivilDate
    public let status: Status
}

extension BudgetModel {
    /// Occurrences of every recurring entry up to `horizon` that no entry settles, in
    /// date order, then rule order. As in `tally check`, an occurrence is settled by an
    /// entry naming the rule (`rule NAME`), by a skip (`skip NAME`), or by a transaction
    /// without a rule that looks like it (same wallet, first category and amount), each
    /// up to a week before the occurrence.
    public func dueOccurrences(through horizon: CivilDate) -> [DueOccurrence] {
        struct Signature: Hashable { let wallet: Int; let category: Int; let amount: Money }
        func signature(_ entry: Entry) -> Signature? {
            guard case .transaction(let wallet, let amount, let postings) = entry.kind, let first = postings.first else { return nil }
            return Signature(wallet: wallet, category: first.category, amount: amount)
        }
        typealias Claims = [(date: CivilDate, used: Bool)]
        var named = [Claims](repeating: [], count: rules.count)
        var skips = [Claims](repeating: [], count: rules.count)
        let wanted = Set(rules.compactMap { $0.template.flatMap(signature) })
        var lookalikes: [Signature: Claims] = [:]
        for entry in entries {
            if let r = entry.rule {
                if case .skip = entry.kind { skips[r].append((entry.date, false)) } else { named[r].append((entry.date, false)) }
            } else if !wanted.isEmpty, let key = signature(entry), wanted.contains(key) {
                lookalikes[key, default: []].append((entry.date, false))
            }
        }
        var result: [DueOccurrence] = []
        for (r, rule) in rules.enumerated() {
            let dates = rule.occurrences(through: horizon)
            guard !dates.isEmpty else { continue }
            let key = rule.template.flatMap(signature)
            var similar = key.flatMap { lookalikes[$0] } ?? []
            for (k, date) in dates.enumerated() {
                let windowStart = date.adding(days: -7) ?? date
                let following = k + 1 < dates.count ? dates[k + 1] : rule.occurrences(through: horizon.adding(years: 2) ?? horizon).dropFirst(k + 1).first
                let windowEnd = following.map { max(date.adding(days: 1) ?? date, $0.adding(days: -7) ?? $0) }
                    ?? CivilDate(year: 9999, month: 12, day: 31)!
                func claim(_ list: inout Claims) -> Bool {
                    guard let i = list.firstIndex(where: { !$0.used && $0.date >= windowStart && $0.date < windowEnd }) else { return false }
                    list[i].used = true
                    return true
                }
                if claim(&named[r]) || claim(&skips[r]) || claim(&similar) { continue }
                let status: DueOccurrence.Status = date < today ? .overdue : date == today ? .today : .upcoming
                result.append(DueOccurrence(rule: r, date: date, status: status))
            }
            if let key { lookalikes[key] = similar }
        }
        return result.sorted { ($0.date, $0.rule) < ($1.date, $1.rule) }
    }

    /// What recording one occurrence of a rule does to each wallet, in the wallets'
    /// currencies: one change for a transaction, two for a transfer.
    public func effect(of rule: Int) -> [(wallet: Int, amount: Money)] {
        guard let template = rules[rule].template else { return [] }
        switch template.kind {
        case .transaction(let wallet, let amount, _): return [(wallet, amount)]
        case .transfer(let from, let to, let sent, let received): return [(from, sent.negated), (to, received)]
        default: return []
        }
    }
}
