import TallyCore
import TallyReports
import TallySyntax

/// `tally insights FILE`: where the money went and came from over a range, and income
/// against expense per day, week, month or year.
enum InsightsCommand: LibraryReport {
    static let name = "insights"
    static let summary = "Spending and income by category; income against expense over time"
    static let kind = ReportKind.insights
    static var own: [FlagDeclaration] { Own.declarations }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
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

    /// The shares and the series, as CSV (the shares) or text; or the columns.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        if case .columns(let table) = result { table.write(context) }
        guard case .insights(let report, let range) = result else { return ExitCode.success }
        let console = context.console
        let model = context.model
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
}
