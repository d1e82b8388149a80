import TallyCore
import TallyReports
import TallySyntax

/// `tally incomestatement FILE [query]` (`tally is`): income and spending by category
/// over a period, with their totals and the net, as hledger's `incomestatement`; a
/// column per period with `-M` and the like. `tally balance FILE QUERY` shows the same
/// table for the lines its query keeps.
enum IncomeStatementCommand: ReportSubcommand {
    static let name = "incomestatement"
    static let summary = "Income and spending by category, with the net (is)"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .category, .tag, .payee, .type, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case steps, depth

        var declaration: FlagDeclaration {
            switch self {
            case .steps: ReportOptions.stepsFlag("A column per period, with Total and Average columns")
            case .depth: FlagDeclaration("--depth", value: "N", help: "Count categories deeper than N levels as their parent\n(1: Food:Groceries counts as Food)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + [.helpFlag]
    static let help = """
        tally incomestatement (or tally is): income and spending by category over a
        period, income first, each positive, then the totals and the net (income minus
        spending), in the default currency. Transfers between wallets are neither.

        USAGE
          tally incomestatement [options] <file> [query]

        OPTIONS
        \(FlagDeclaration.help(flags))\

        \(EntryQuery.help)
        Default period: the budget's first entry to today. Exit codes: 0 shown, 2 usage
        mistake or unreadable file. JSON and CSV layouts: docs/reports.md.

        """

    /// The options: the shared report flags, the command's own, and a query.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations, query: true)
        _ = try PeriodColumns.step(options)
        _ = try options.count(Own.depth, default: 1, maximum: 100)
        return options
    }

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        flowTable(context, depth: context.options.value(Own.depth).flatMap { Int($0) })
    }

    /// The flows by category of the lines the options keep, over the period (default: the
    /// first entry to today), in one column or one per step; `depth` counts deeper
    /// categories as their parent. Also `tally balance QUERY`'s table.
    static func flowTable(_ context: ReportContext, depth: Int?) -> Int32 {
        do {
            let step = try PeriodColumns.step(context.options)
            let range = try context.range(default: .range(nil, .relative(.day, 0)))!
            let filter = try context.filter(range: range)
            let columns = step.map { PeriodColumns(step: $0, range: range, weekStart: context.model.weekStart) } ?? PeriodColumns(range: range)
            let (table, rows, missing) = PeriodColumns.flows(context.budget, columns: columns, range: range, filter: filter, depth: depth)
            let first = table.periods.first?.label ?? "", last = table.periods.last?.label ?? ""
            let title = "Income and expense" + (step.map { " by \($0.unit)" } ?? "") + ", " + (first == last ? first : first + " to " + last)
            table.write(rows, context: context, title: title, first: "Category", showTotal: step != nil, range: range, missing: missing)
            return ExitCode.success
        } catch { return context.fail(error) }
    }
}
