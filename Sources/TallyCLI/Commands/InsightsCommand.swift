import TallyCore
import TallySyntax

/// `tally insights FILE`: where the money went and came from over a range, and income
/// against expense per day, week, month or year.
enum InsightsCommand: Subcommand {
    static let name = "insights"
    static let summary = "Spending and income by category; income against expense over time"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .category, .tag, .payee, .type, .today, .format, .csvSeparator, .color]
    /// The command's own flags (their values go to `ReportOptions.extra`).
    static let own: [FlagDeclaration] = [
        FlagDeclaration("--by", value: "day|week|month|year", help: "Step of the income against expense table (default:\nweek; month for periods longer than 93 days)"),
        FlagDeclaration("--depth", value: "N", help: "Count categories deeper than N levels as their parent\n(1: Food:Groceries counts as Food)"),
        ReportOptions.stepsFlag("A column per period: each category's flow in it,\nwith Total and Average columns (default period: the\nbudget's first entry to today)"),
    ]
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = own + ReportOptions.declarations(shared) + [.helpFlag]
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

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            let options = try ReportOptions.parse(a, command: name, flags: shared, own: own, query: true)
            _ = try options.count("--depth", default: 1, maximum: 100)
            if try PeriodColumns.step(options) != nil, options.extra["--by"] != nil {
                throw UsageError("`--by` steps the income against expense table, which columns replace; use one or the other")
            }
            _ = try options.choice("--by", among: Granularity.allCases.map(\.rawValue), default: "week")
            return options
        }) {
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
        let granularity = context.options.extra["--by"].flatMap(Granularity.init(rawValue:))
            ?? (range.lowerBound.days(until: range.upperBound) > 93 ? .month : .week)
        let flows = CategoryFlows(model, rates: context.rates, filter: filter)
        let shares = model.categoryShares(range, flows: flows, depth: context.options.extra["--depth"].flatMap { Int($0) })
        let totals = flows.totals(range, model: model)
        let series = flows.series(range, by: granularity, model: model)
        let missing = flows.missingRates(in: range, model: model, rates: context.rates)
        // Only worth showing in budgets that say who spent (`by NAME`).
        let people = flows.spendingByPerson(range, model: model)
        let byPerson = people.contains { $0.person != nil } ? people : []
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        func bucket(_ t: PeriodTotals) -> String {
            switch granularity {
            case .month: return EnvelopePeriod.monthly.label(t.start)
            case .year: return "\(t.start.year)"
            default: return t.start.description
            }
        }

        switch context.options.format {
        case "json":
            func list(_ items: [CategoryShare]) -> JSONValue {
                .array(items.map { .object([("name", .string(categoryName($0.category))), ("amount", .string(context.inDefault($0.amount))),
                                            ("percent", .string($0.percent.formatted(scale: 1)))]) })
            }
            console.out(JSONValue.object([
                ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
                ("currency", .string(context.currency)), ("by", .string(granularity.rawValue)),
                ("income", .string(context.inDefault(totals.income))), ("expense", .string(context.inDefault(totals.expense))),
                ("net", .string(context.inDefault(totals.net))),
                ("expenseByCategory", list(shares.expense)), ("incomeByCategory", list(shares.income)),
                ("expenseByPerson", .array(byPerson.map { .object([("person", .optional($0.person)), ("spent", .string(context.inDefault($0.spent)))]) })),
                ("series", .array(series.map { .object([("start", .string($0.start.description)), ("end", .string($0.end.description)),
                                                        ("income", .string(context.inDefault($0.income))), ("expense", .string(context.inDefault($0.expense))),
                                                        ("net", .string(context.inDefault($0.net)))]) })),
                ("missingRates", context.missingRatesJSON(missing)),
            ]).rendered())
        case "csv":
            var csv = CSVTable(["type", "category", "amount", "percent"])
            for item in shares.expense { csv.add(["expense", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
            for item in shares.income { csv.add(["income", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
            context.output(csv)
        default:
            var out = "Insights for \(range.lowerBound) to \(range.upperBound)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += "Income \(context.inDefault(totals.income)), expense \(context.inDefault(totals.expense)), net \(context.inDefault(totals.net))\n"
            func table(_ title: String, _ items: [CategoryShare]) -> String {
                var t = TextTable([.init(title: title, alignment: .left, maxWidth: 24), .init(title: "Amount", alignment: .decimal),
                                   .init(title: "Share", alignment: .decimal), .init(title: "", alignment: .left)])
                for item in items {
                    // One `#` per 5 %, so the largest share stands out at a glance.
                    let blocks = Int((item.percent.divided(by: 5, roundedTo: 0) ?? .zero).units)
                    t.add([categoryName(item.category), context.inDefault(item.amount), context.percent(item.percent), String(repeating: "#", count: blocks)])
                }
                return t.render(color: context.color, width: context.width)
            }
            if !shares.expense.isEmpty { out += "\n" + table("Spending", shares.expense) }
            if !shares.income.isEmpty { out += "\n" + table("Income", shares.income) }
            if !byPerson.isEmpty {
                var who = TextTable([.init(title: "Spent by", alignment: .left, maxWidth: 24), .init(title: "Amount", alignment: .decimal)])
                for item in byPerson { who.add([item.person ?? "(nobody named)", context.inDefault(item.spent)]) }
                out += "\n" + who.render(color: context.color, width: context.width)
            }
            var t = TextTable([.init(title: granularity == .day ? "Day" : granularity == .week ? "Week of" : granularity == .month ? "Month" : "Year", alignment: .left),
                               .init(title: "Income", alignment: .decimal), .init(title: "Expense", alignment: .decimal),
                               .init(title: "Net", alignment: .decimal), .init(title: "", alignment: .left)])
            let largest = series.map { max($0.income, $0.expense) }.max() ?? .zero
            for row in series {
                t.add([bucket(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net), ReportCommand.bar(row, largest)])
            }
            out += "\n" + t.render(color: context.color, width: context.width)
            let note = context.missingRatesNote(missing)
            if !note.isEmpty { out += "\n" + note }
            console.out(out)
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
        let map = context.options.extra["--depth"].flatMap { Int($0) }.map(model.ancestors(depth:)) ?? Array(model.categories.indices)
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
