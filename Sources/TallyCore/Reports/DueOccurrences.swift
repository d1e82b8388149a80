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
    /// date order, then rule order, each marked overdue, due today or upcoming. The
    /// matching is ``unrecordedOccurrences(through:)``'s, the one `tally check` uses: a
    /// record (`rule NAME`), a skip, or a transaction that looks like the rule, each up
    /// to a week before the occurrence.
    public func dueOccurrences(through horizon: CivilDate) -> [DueOccurrence] {
        var result: [DueOccurrence] = []
        for (r, dates) in unrecordedOccurrences(through: horizon).enumerated() {
            for date in dates {
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
