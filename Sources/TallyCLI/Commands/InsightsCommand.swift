import TallyCore
import TallyReports
import TallySyntax

/// `tally insights FILE`: where the money went and came from over a range, and income
/// against expense per day, week, month or year.
enum InsightsCommand: ReportSubcommand {
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

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let console = context.console
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
        let report = InsightsReport(
            context.budget, range: range, filter: filter, by: context.options.value(Own.by).flatMap(Granularity.init(rawValue:)),
            depth: context.options.value(Own.depth).flatMap { Int($0) })
        let granularity = report.granularity, shares = report.shares, totals = report.totals, series = report.series
        let missing = report.missing, byPerson = report.byPerson
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
            console.out(report.json.rendered())
        case "csv":
            var csv = CSVTable(["type", "category", "amount", "percent"])
            for item in shares.expense { csv.add(["expense", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
            for item in shares.income { csv.add(["income", categoryName(item.category), context.inDefault(item.amount), item.percent.formatted(scale: 1)]) }
            context.output(csv)
        default:
            var out = "Insights for \(range.lowerBound) to \(range.upperBound)" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += "Income \(context.inDefault(totals.income)), expense \(context.inDefault(totals.expense)), net \(context.inDefault(totals.net))\n"
            func table(_ title: String, _ items: [CategoryShare]) -> String {
                var t = TextTable([
                    .init(title: title, alignment: .left, maxWidth: 24), .init(title: "Amount", alignment: .decimal),
                    .init(title: "Share", alignment: .decimal), .init(title: "", alignment: .left)
                ])
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
            var t = TextTable([
                .init(title: granularity == .day ? "Day" : granularity == .week ? "Week of" : granularity == .month ? "Month" : "Year", alignment: .left),
                .init(title: "Income", alignment: .decimal), .init(title: "Expense", alignment: .decimal),
                .init(title: "Net", alignment: .decimal), .init(title: "", alignment: .left)
            ])
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

    /// `--monthly` and the like: each category's flow per period, then the totals
    /// (`PeriodColumns.flows`), as a table.
    static func columns(_ context: ReportContext, step: PeriodColumns.Step, range: ClosedRange<CivilDate>, filter: EntryFilter) -> Int32 {
        let (table, rows, missing) = PeriodColumns.flows(
            context.budget, step: step, range: range, filter: filter,
            depth: context.options.value(Own.depth).flatMap { Int($0) })
        let first = table.periods.first?.label ?? "", last = table.periods.last?.label ?? ""
        table.write(
            rows, context: context, title: "Income and expense by \(step.unit), \(first == last ? first : first + " to " + last)", first: "Category",
            showTotal: true, range: range, missing: missing)
        return ExitCode.success
    }
}
