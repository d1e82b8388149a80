import TallyCore
import TallySyntax

/// `tally insights`: where the money went and came from over a period (each category's
/// share, largest first), who spent what, and income against expense per step.
public struct InsightsReport: Sendable {
    /// The period.
    public let range: ClosedRange<CivilDate>
    /// The step of the series.
    public let granularity: Granularity
    /// Income, expense and net over the period.
    public let totals: PeriodTotals
    /// Each category's share of spending and of income, largest first.
    public let shares: (expense: [CategoryShare], income: [CategoryShare])
    /// Income against expense per step.
    public let series: [PeriodTotals]
    /// Spending by person; empty unless some transaction says `by NAME`.
    public let byPerson: [PersonSpending]
    /// The currencies without a rate.
    public let missing: [MissingRate]
    private let budget: ReportBudget

    /// The figures of `range` for the entries `filter` keeps. Without `granularity` the
    /// series goes by week, or by month for periods longer than 93 days; `depth` counts
    /// deeper categories as their parent.
    public init(_ budget: ReportBudget, range: ClosedRange<CivilDate>, filter: EntryFilter, by granularity: Granularity?, depth: Int?) {
        let model = budget.model
        self.budget = budget
        self.range = range
        self.granularity = granularity ?? (range.lowerBound.days(until: range.upperBound) > 93 ? .month : .week)
        let flows = CategoryFlows(model, rates: budget.rates, filter: filter)
        shares = model.categoryShares(range, flows: flows, depth: depth)
        totals = flows.totals(range, model: model)
        series = flows.series(range, by: self.granularity, model: model)
        missing = flows.missingRates(in: range, model: model, rates: budget.rates)
        // Only worth showing in budgets that say who spent (`by NAME`).
        let people = flows.spendingByPerson(range, model: model)
        byPerson = people.contains { $0.person != nil } ? people : []
    }

    /// The JSON of docs/reports.md ("insights").
    public var json: JSONValue {
        let model = budget.model
        func list(_ items: [CategoryShare]) -> JSONValue {
            .array(
                items.map {
                    .object([
                        ("name", .string(model.categories[$0.category].name)), ("amount", .string(budget.inDefault($0.amount))),
                        ("percent", .string($0.percent.formatted(scale: 1)))
                    ])
                })
        }
        return .object([
            ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
            ("currency", .string(budget.currency)), ("by", .string(granularity.rawValue)),
            ("income", .string(budget.inDefault(totals.income))), ("expense", .string(budget.inDefault(totals.expense))),
            ("net", .string(budget.inDefault(totals.net))),
            ("expenseByCategory", list(shares.expense)), ("incomeByCategory", list(shares.income)),
            ("expenseByPerson", .array(byPerson.map { .object([("person", .optional($0.person)), ("spent", .string(budget.inDefault($0.spent)))]) })),
            (
                "series",
                .array(
                    series.map {
                        .object([
                            ("start", .string($0.start.description)), ("end", .string($0.end.description)),
                            ("income", .string(budget.inDefault($0.income))), ("expense", .string(budget.inDefault($0.expense))),
                            ("net", .string(budget.inDefault($0.net)))
                        ])
                    })
            ),
            ("missingRates", budget.missingRatesJSON(missing))
        ])
    }
}

extension PeriodColumns {
    /// `insights --monthly` and the like: each category's flow per period (spending and
    /// income positive), income first, then expense, each largest total first; then the
    /// totals of income and expense and the net.
    public static func flows(_ budget: ReportBudget, step: Step, range: ClosedRange<CivilDate>, filter: EntryFilter, depth: Int?)
        -> (table: PeriodColumns, rows: [Row], missing: [MissingRate])
    {
        flows(budget, columns: PeriodColumns(step: step, range: range, weekStart: budget.model.weekStart), range: range, filter: filter, depth: depth)
    }

    /// Each category's flow in each of `table`'s periods, as ``flows(_:step:range:filter:depth:)``
    /// (`tally incomestatement`, `tally balance QUERY`).
    public static func flows(_ budget: ReportBudget, columns table: PeriodColumns, range: ClosedRange<CivilDate>, filter: EntryFilter, depth: Int?)
        -> (table: PeriodColumns, rows: [Row], missing: [MissingRate])
    {
        let model = budget.model
        // Valued flows stay unrounded: each cell, total and summary rounds its sum once.
        let flows = CategoryFlows(model, rates: budget.rates, filter: filter, forSums: true)
        let map = depth.map(model.ancestors(depth:)) ?? Array(model.categories.indices)
        let sums = table.periods.map { flows.byCategory($0.start ... $0.end, mappedBy: map) }
        let decimals = model.decimals(of: budget.currency)
        let used = Set(sums.flatMap(\.keys))
        func cells(_ category: Int) -> [Money?] {
            let sign = model.categories[category].isIncome ? Money(units: 1, scale: 0) : Money(units: -1, scale: 0)
            return sums.map { ($0[category] ?? .zero).multiplied(by: sign, roundedTo: decimals + ExchangeRates.extraDecimals) ?? .zero }
        }
        func rounded(_ cells: [Money?]) -> (cells: [Money?], total: Money?, average: Money?) {
            let t = totals(cells, decimals: decimals)
            let round = { (m: Money?) in m.flatMap { $0.multiplied(by: Money(units: 1, scale: 0), roundedTo: decimals) } }
            return (cells.map(round), round(t.total), t.average)
        }
        var rows: [Row] = []
        for income in [true, false] {
            var group: [Row] = []
            for category in used where model.categories[category].isIncome == income {
                let t = rounded(cells(category))
                group.append(.init(name: model.categories[category].name, type: income ? "income" : "expense", cells: t.cells, total: t.total, average: t.average))
            }
            rows += group.sorted { ($1.total ?? .zero, $0.name) < ($0.total ?? .zero, $1.name) }
        }
        func summary(_ name: String, _ pick: (PeriodTotals) -> Money) -> Row {
            let t = rounded(table.periods.map { pick(flows.totals($0.start ... $0.end, model: model)) })
            return .init(name: name, type: "total", cells: t.cells, total: t.total, average: t.average, isSummary: true)
        }
        rows += [summary("Income", \.income), summary("Expense", \.expense), summary("Net", \.net)]
        return (table, rows, flows.missingRates(in: range, model: model, rates: budget.rates))
    }
}
