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
    /// Occurrences of every recurring entry up to `horizon` that no entry records
    /// (`rule NAME`) or skips (`skip NAME`), in date order, then rule order. As in
    /// `tally check`, a record up to a week before an occurrence counts for it.
    public func dueOccurrences(through horizon: CivilDate) -> [DueOccurrence] {
        var claims = [[(date: CivilDate, used: Bool)]](repeating: [], count: rules.count)
        for entry in entries {
            if let r = entry.rule { claims[r].append((entry.date, false)) }
        }
        var result: [DueOccurrence] = []
        for (r, rule) in rules.enumerated() {
            let dates = rule.occurrences(through: horizon)
            for (k, date) in dates.enumerated() {
                let windowStart = date.adding(days: -7) ?? date
                let following = k + 1 < dates.count ? dates[k + 1] : rule.occurrences(through: horizon.adding(years: 2) ?? horizon).dropFirst(k + 1).first
                let windowEnd = following.map { max(date.adding(days: 1) ?? date, $0.adding(days: -7) ?? $0) }
                    ?? CivilDate(year: 9999, month: 12, day: 31)!
                if let i = claims[r].firstIndex(where: { !$0.used && $0.date >= windowStart && $0.date < windowEnd }) {
                    claims[r][i].used = true
                    continue
                }
                let status: DueOccurrence.Status = date < today ? .overdue : date == today ? .today : .upcoming
                result.append(DueOccurrence(rule: r, date: date, status: status))
            }
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
