import TallySyntax

/// Income and spending a report could not count in the default currency for want of a
/// rate, kept in their own currencies (never guessed, never dropped unsaid).
public struct UnconvertedTotals: Sendable, Equatable {
    /// Money in, per currency: postings in income categories.
    public var income: [String: Money] = [:]
    /// Money out, per currency, as a positive number: spending less refunds.
    public var expense: [String: Money] = [:]

    /// income − expense, per currency.
    public var net: [String: Money] {
        var net = income
        for (currency, amount) in expense {
            net[currency] = (net[currency] ?? .zero).subtracting(amount) ?? net[currency]
        }
        return net
    }

    /// True when every posting had a rate.
    public var isEmpty: Bool { income.isEmpty && expense.isEmpty }
}

extension CategoryFlows {
    /// What ``totals(_:model:)`` leaves out over `range` for want of a rate, per currency.
    /// Like the totals, these are sums of amounts the interpreter has bounded (see
    /// `Walk+Bounds.swift`).
    public func unconvertedTotals(_ range: ClosedRange<CivilDate>, model: BudgetModel) -> UnconvertedTotals {
        var totals = UnconvertedTotals()
        for flow in unconverted where range.contains(flow.date) {
            if model.categories[flow.category].isIncome {
                totals.income[flow.currency] = (totals.income[flow.currency] ?? .zero).adding(flow.amount) ?? totals.income[flow.currency]
            } else {
                totals.expense[flow.currency] = (totals.expense[flow.currency] ?? .zero).subtracting(flow.amount) ?? totals.expense[flow.currency]
            }
        }
        return totals
    }
}
