import TallySyntax

/// What one person spent over a range (transactions that say `by NAME`).
public struct PersonSpending: Sendable, Equatable {
    /// The name after `by`; nil for spending that names nobody.
    public let person: String?
    /// Money spent in expense categories, refunds taken off, in the default currency.
    public let spent: Money
}

extension CategoryFlows {
    /// Who spent what over `range`: named people by spending, largest first, then the
    /// spending that names nobody. Shared households use this to see who spent what.
    public func spendingByPerson(_ range: ClosedRange<CivilDate>, model: BudgetModel) -> [PersonSpending] {
        var sums: [String: Money] = [:]
        var nobody = Money.zero
        for flow in slice(range) where !model.categories[flow.category].isIncome {
            if let person = model.entries[flow.entry].by {
                sums[person] = (sums[person] ?? .zero).subtracting(flow.amount) ?? sums[person]
            } else {
                nobody = nobody.subtracting(flow.amount) ?? nobody
            }
        }
        var result = sums.map { PersonSpending(person: $0.key, spent: $0.value) }
            .sorted { ($1.spent, $0.person ?? "") < ($0.spent, $1.person ?? "") }
        if !nobody.isZero { result.append(PersonSpending(person: nil, spent: nobody)) }
        return result
    }
}
