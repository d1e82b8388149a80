import TallyCore
import TallySyntax

/// `tally insights FILE`: where the money went and came from over a range, and income
/// against expense per day, week, month or year.
enum InsightsCommand: Subcommand {
    static let name = "insights"
    static let summary = "Spending and income by category; income against expense over time"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .category, .tag, .payee, .type, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case by, depth, columns

        var declaration: FlagDeclaration {
            switch self {
            case .by: FlagDeclaration("--by", value: "day|week|month|year", help: "Step of the income against expense table (default:\nweek; month for periods longer than 93 days)")
            case .depth: FlagDeclaration("--depth", value: "N", help: "Count categories deeper than N levels as their parent\n(1: Food:Groceries counts as Food)")
            case .columns: ReportOptions.stepsFlag("A column per period: each category's flow in it,\nwith Total and Average columns (default period: the\nbudget's first entry to today)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.declarations(shared) + [.helpFlag]
    static let help = """
    tally insights: spending and income by category over a period, each with its
    share of the total, largest first; who spent what (for budgets whose
    transactions say `by NAME`); then income against expense per day, week,
    month or year across the period.

    USAGE
      tally insights [options] <file> [query]

    OPTIONS
    \(FlagDeclaration.help(flags))\

    \(EntryQuery.help)
    The period defaults to this-month. Amounts are in the default currency; hidden
    wallets and transfers are not counted. CSV output holds the category table;
    JSON holds both (docs/reports.md).

    """

    /// The options, with `--by` checked against columns over time.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations, query: true)
        _ = try options.count(Own.depth, default: 1, maximum: 100)
        if try PeriodColumns.step(options) != nil, options.value(Own.by) != nil {
            throw UsageError("`--by` steps the income against expense table, which columns replace; use one or the other")
        }
        _ = try options.choice(Own.by, among: Granularity.allCases.map(\.rawValue), default: "week")
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: parse) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        let range: ClosedRange<CivilDate>
        let filter: EntryFilter
        let step: PeriodColumns.Step?
        do {
            step = try PeriodColumns.step(context.options)
            range = try context.range(default: step == nil ? .relative(.month, 0) : .range(nil, .relative(.day, 0)))!
            filter = try context.filter(range: range)
        } catch { return context.fail(error) }
        if let step { return columns(context, step: step, range: range, filter: filter) }
        let granularity = context.options.value(Own.by).flatMap(Granularity.init(rawValue:))
            ?? (range.lowerBound.days(until: range.upperBound) > 93 ? .month : .week)
        let flows = CategoryFlows(model, rates: context.rates, filter: filter)
        let shares = model.categoryShares(range, flows: flows, depth: context.options.value(Own.depth).flatMap { Int($0) })
        let totals = flows.totals(range, model: model)
        let series = flows.series(range, by: granularity, model: model)
        let missing = flows.missingRates(in: range, model: model, rates: context.rates)
        // Only worth showing in budgets that say who spent (`by NAME`).
        let people = flows.spendingByPerson(range, model: model)
        let byPerson = people.contains { $0.person != nil } ? people : []
        let figures = Figures(range: range, granularity: granularity, shares: shares, totals: totals, series: series, missing: missing, byPerson: byPerson)
        switch context.options.format {
        case "json": console.out(json(figures, context: context))
        case "csv": context.output(csv(figures, context: context))
        default: console.out(text(figures, context: context))
        }
        return ExitCode.success
    }

    /// `--monthly` and the like: each category's flow per period (spending and income
    /// positive), income first, then expense, each largest total first; then the totals
    /// of income and expense and the net.
    static func columns(_ context: ReportContext, step: PeriodColumns.Step, range: ClosedRange<CivilDate>, filter: EntryFilter) -> Int32 {
        let model = context.model
        let table = PeriodColumns(step: step, range: range, weekStart: model.weekStart)
        let flows = CategoryFlows(model, rates: context.rates, filter: filter)
        let map = context.options.value(Own.depth).flatMap { Int($0) }.map(model.ancestors(depth:)) ?? Array(model.categories.indices)
        let sums = table.periods.map { flows.byCategory($0.start ... $0.end, mappedBy: map) }
        let decimals = model.decimals(of: context.currency)
        let used = Set(sums.flatMap(\.keys))
        func cells(_ category: Int) -> [Money?] {
            let sign = model.categories[category].isIncome ? Money(units: 1, scale: 0) : Money(units: -1, scale: 0)
            return sums.map { ($0[category] ?? .zero).multiplied(by: sign, roundedTo: decimals) ?? .zero }
        }
        var rows: [PeriodColumns.Row] = []
        for income in [true, false] {
            var group: [PeriodColumns.Row] = []
            for category in used where model.categories[category].isIncome == income {
                let c = cells(category)
                let t = PeriodColumns.totals(c, decimals: decimals)
                group.append(.init(name: model.categories[category].name, type: income ? "income" : "expense", cells: c, total: t.total, average: t.average))
            }
            rows += group.sorted { ($1.total ?? .zero, $0.name) < ($0.total ?? .zero, $1.name) }
        }
        func summary(_ name: String, _ pick: (PeriodTotals) -> Money) -> PeriodColumns.Row {
            let c: [Money?] = table.periods.map { pick(flows.totals($0.start ... $0.end, model: model)) }
            let t = PeriodColumns.totals(c, decimals: decimals)
            return .init(name: name, type: "total", cells: c, total: t.total, average: t.average, isSummary: true)
        }
        rows += [summary("Income", \.income), summary("Expense", \.expense), summary("Net", \.net)]
        let missing = flows.missingRates(in: range, model: model, rates: context.rates)
        let first = table.periods.first?.label ?? "", last = table.periods.last?.label ?? ""
        table.write(rows, context: context, title: "Income and expense by \(step.unit), \(first == last ? first : first + " to " + last)", first: "Category",
                    showTotal: true, range: range, missing: missing)
        return ExitCode.success
    }
}
