import TallySyntax

/// One category in the monthly report: this month against the month before.
public struct CategoryChange: Sendable, Equatable {
    /// Index into ``BudgetModel/categories``.
    public let category: Int
    /// This month: money received for an income category, money spent (refunds taken
    /// off) for an expense category; so both are positive in the usual case.
    public let current: Money
    /// Sum the month before.
    public let previous: Money
    /// current − previous.
    public let change: Money
    /// The change in percent of the previous month's magnitude, one decimal; nil when the
    /// previous month had nothing.
    public let percent: Money?
}

/// The month at a glance: totals, each category against the previous month, and the
/// categories that took the most.
public struct MonthlyReport: Sendable {
    /// The month's totals.
    public let totals: PeriodTotals
    /// The previous month's totals.
    public let previousTotals: PeriodTotals
    /// Every category booked in either month: income first, then expense, each by name.
    public let categories: [CategoryChange]
    /// Expense categories by spending this month, largest first, at most five.
    public let topExpenses: [CategoryChange]
    /// Currencies that could not be converted in either month.
    public let missingRates: [MissingRate]
}

extension BudgetModel {
    /// The monthly report for the month containing `month`; with `depth`, categories
    /// deeper than that are counted as their ancestor (`Food:Groceries` as `Food` at 1).
    /// Flows valued unrounded (``CategoryFlows/sumDecimals``) give each category's sum and
    /// each total rounded once, as `tally incomestatement -V` and hledger round them.
    public func monthlyReport(month: CivilDate, flows: CategoryFlows, rates: ExchangeRates, depth: Int? = nil) -> MonthlyReport {
        let map = depth.map(ancestors(depth:)) ?? Array(categories.indices)
        let start = month.startOfMonth
        let previousStart = start.adding(months: -1) ?? start
        let range = start ... start.endOfMonth
        let previousRange = previousStart ... previousStart.endOfMonth
        let now = flows.byCategory(range, mappedBy: map).mapValues(flows.rounded)
        let before = flows.byCategory(previousRange, mappedBy: map).mapValues(flows.rounded)
        var rows: [CategoryChange] = []
        for category in Set(now.keys).union(before.keys) {
            // Spending is shown as a positive amount, as budgeting apps do.
            let sign = categories[category].isIncome ? Money(units: 1, scale: 0) : Money(units: -1, scale: 0)
            let current = (now[category] ?? .zero).multiplied(by: sign, roundedTo: (now[category] ?? .zero).scale) ?? .zero
            let previous = (before[category] ?? .zero).multiplied(by: sign, roundedTo: (before[category] ?? .zero).scale) ?? .zero
            let change = current.subtracting(previous) ?? .zero
            let magnitude = previous.isNegative ? previous.negated : previous
            let percent = change.multiplied(by: Money(units: 100, scale: 0), roundedTo: change.scale)
                .flatMap { $0.divided(by: magnitude, roundedTo: 1) }
            rows.append(CategoryChange(category: category, current: current, previous: previous, change: change, percent: percent))
        }
        rows.sort {
            let a = categories[$0.category], b = categories[$1.category]
            return (a.isIncome ? 0 : 1, a.name) < (b.isIncome ? 0 : 1, b.name)
        }
        let top = rows.filter { !categories[$0.category].isIncome && $0.current.units > 0 }
            .sorted { ($1.current, categories[$0.category].name) < ($0.current, categories[$1.category].name) }
        return MonthlyReport(
            totals: flows.totals(range, model: self).rounded(to: flows.sumDecimals),
            previousTotals: flows.totals(previousRange, model: self).rounded(to: flows.sumDecimals),
            categories: rows, topExpenses: Array(top.prefix(5)),
            missingRates: flows.missingRates(in: previousStart ... range.upperBound, model: self, rates: rates))
    }
}
