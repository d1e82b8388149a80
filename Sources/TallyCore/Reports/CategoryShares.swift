import TallySyntax

/// A category's part of all income or all spending over a range.
public struct CategoryShare: Sendable, Equatable {
    /// Index into ``BudgetModel/categories``.
    public let category: Int
    /// The sum, as a positive number for spending and for income.
    public let amount: Money
    /// Share of the total in percent, one decimal.
    public let percent: Money
}

extension BudgetModel {
    /// Spending and income by category over `range`, each largest first, with the share
    /// of its total. Categories whose refunds outweigh their spending are left out of
    /// the shares (a share below zero means nothing in a pie).
    /// With `depth`, deeper categories count as their ancestor at that depth.
    public func categoryShares(_ range: ClosedRange<CivilDate>, flows: CategoryFlows, depth: Int? = nil) -> (expense: [CategoryShare], income: [CategoryShare]) {
        let map = depth.map(ancestors(depth:)) ?? Array(categories.indices)
        var expense: [(Int, Money)] = []
        var income: [(Int, Money)] = []
        for (category, sum) in flows.byCategory(range, mappedBy: map) {
            if categories[category].isIncome {
                if sum.units > 0 { income.append((category, sum)) }
            } else if sum.isNegative {
                expense.append((category, sum.negated))
            }
        }
        func shares(_ list: [(Int, Money)]) -> [CategoryShare] {
            let total = list.reduce(Money.zero) { $0.adding($1.1) ?? $0 }
            return list.map { category, amount in
                let percent =
                    amount.multiplied(by: Money(units: 100, scale: 0), roundedTo: amount.scale)
                    .flatMap { $0.divided(by: total, roundedTo: 1) } ?? .zero
                return CategoryShare(category: category, amount: amount, percent: percent)
            }
            .sorted { ($1.amount, categories[$0.category].name) < ($0.amount, categories[$1.category].name) }
        }
        return (shares(expense), shares(income))
    }
}
