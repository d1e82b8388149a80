import TallyCore
import TallySyntax

/// `tally report`: a month at a glance: income, expense and net against the month
/// before, each category's change, the top spending categories and the envelopes.
public struct MonthReport: Sendable {
    /// The month's first day.
    public let month: CivilDate
    /// The core's figures of the month and the month before.
    public let report: MonthlyReport
    /// The envelopes at the end of the month, or on today within it.
    public let envelopes: [EnvelopesReport.Line]
    private let budget: ReportBudget

    /// The month holding `month`; `filter` narrows income, expense and categories (the
    /// envelopes are shown whole); `depth` counts deeper categories as their parent.
    public init(_ budget: ReportBudget, month: CivilDate, filter: EntryFilter, depth: Int?) {
        self.budget = budget
        self.month = month
        // Valued flows stay unrounded: each sum is rounded once (Grammar.md §3.14).
        let flows = CategoryFlows(budget.model, rates: budget.rates, filter: filter, forSums: true)
        report = budget.model.monthlyReport(month: month, flows: flows, rates: budget.rates, depth: depth)
        envelopes = EnvelopesReport.lines(budget, at: MonthlyReport.day(in: month, today: budget.today))
    }

    /// `2026-11`.
    public var label: String { EnvelopePeriod.monthly.label(month) }

    /// The label of the month before.
    public var previousLabel: String { EnvelopePeriod.monthly.label(report.previousTotals.start) }

    /// A top category's spending as a percent of the month's expense, one decimal.
    public func shareOfExpense(_ row: CategoryChange) -> Money? {
        row.current.multiplied(by: Money(units: 100, scale: 0), roundedTo: row.current.scale)
            .flatMap { $0.divided(by: report.totals.expense, roundedTo: 1) }
    }

    /// `income` or `expense`.
    public func type(_ category: Int) -> String { budget.model.categories[category].isIncome ? "income" : "expense" }

    /// The JSON of docs/reports.md ("report").
    public var json: JSONValue {
        let model = budget.model
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func totals(_ t: PeriodTotals) -> [(String, JSONValue)] {
            [("income", .string(budget.inDefault(t.income))), ("expense", .string(budget.inDefault(t.expense))), ("net", .string(budget.inDefault(t.net)))]
        }
        return .object(
            [("month", .string(label)), ("currency", .string(budget.currency))] + totals(report.totals) + [
                ("previous", .object([("month", .string(previousLabel))] + totals(report.previousTotals))),
                (
                    "categories",
                    .array(
                        report.categories.map { row in
                            .object([
                                ("name", .string(categoryName(row.category))), ("type", .string(type(row.category))),
                                ("current", .string(budget.inDefault(row.current))), ("previous", .string(budget.inDefault(row.previous))),
                                ("change", .string(budget.inDefault(row.change))), ("percent", .optional(row.percent.map { $0.formatted(scale: 1) }))
                            ])
                        })
                ),
                ("top", .array(report.topExpenses.map { .object([("name", .string(categoryName($0.category))), ("spent", .string(budget.inDefault($0.current)))]) })),
                ("envelopes", EnvelopesReport.json(envelopes, budget: budget)),
                ("missingRates", budget.missingRatesJSON(report.missingRates))
            ])
    }
}

/// `tally report --months N`: income against expense per month, oldest first.
public struct MonthSeries: Sendable {
    /// One row per month.
    public let rows: [PeriodTotals]
    /// Income and expense summed over the months, and the net (each rounded once under a
    /// market valuation, from the months' unrounded sums).
    public let total: (income: Money, expense: Money, net: Money)
    /// The currencies without a rate.
    public let missing: [MissingRate]
    private let budget: ReportBudget

    /// The `months` months up to and including the one holding `month`.
    public init(_ budget: ReportBudget, month: CivilDate, months: Int, filter: EntryFilter) {
        self.budget = budget
        // Valued flows stay unrounded: each month and the total round their sums once.
        let flows = CategoryFlows(budget.model, rates: budget.rates, filter: filter, forSums: true)
        let first = month.adding(months: 1 - months) ?? month
        let range = first ... month.endOfMonth
        let sums = flows.series(range, by: .month, model: budget.model)
        rows = sums.map { $0.rounded(to: flows.sumDecimals) }
        missing = flows.missingRates(in: range, model: budget.model, rates: budget.rates)
        var income = Money.zero, expense = Money.zero
        for row in sums {
            income = income.adding(row.income) ?? income
            expense = expense.adding(row.expense) ?? expense
        }
        let net = income.subtracting(expense) ?? .zero
        total = (flows.rounded(income), flows.rounded(expense), flows.rounded(net))
    }

    /// A row's month, `2026-11`.
    public static func label(_ row: PeriodTotals) -> String { EnvelopePeriod.monthly.label(row.start) }

    /// The JSON of docs/reports.md ("report --months").
    public var json: JSONValue {
        .object([
            ("currency", .string(budget.currency)),
            (
                "months",
                .array(
                    rows.map {
                        .object([
                            ("month", .string(Self.label($0))), ("income", .string(budget.inDefault($0.income))),
                            ("expense", .string(budget.inDefault($0.expense))), ("net", .string(budget.inDefault($0.net)))
                        ])
                    })
            ),
            ("missingRates", budget.missingRatesJSON(missing))
        ])
    }
}
