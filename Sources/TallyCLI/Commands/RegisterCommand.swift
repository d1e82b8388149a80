import TallyCore
import TallyReports
import TallySyntax

/// `tally register FILE`: the transactions, one line per posting or transfer side, with
/// each wallet's running balance, or the running total of the rows shown; filtered,
/// sorted, or summed per period.
enum RegisterCommand: ReportSubcommand {
    static let name = "register"
    static let summary = "Transactions with running balances, filtered and sorted"
    static let shared: [ReportOptions.Flag] = [
        .period, .begin, .end, .wallet, .category, .tag, .payee, .type, .search, .sort, .desc,
        .today, .format, .csvSeparator, .color
    ]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case running, steps

        var declaration: FlagDeclaration {
            switch self {
            case .running:
                FlagDeclaration(
                    "--running",
                    help: """
                        The last column is the running total of the rows
                        shown (the default with a query), not the wallet's
                        balance
                        """)
            case .steps:
                ReportOptions.stepsFlag(
                    """
                    One row per period, wallet and category: the sum of
                    its lines, dated the period's first day
                    """)
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + [.helpFlag]
    static let help = """
        tally register: the transactions, one line per category of a split and per side
        of a transfer. The last column is the wallet's balance after each line (its
        real balance, whatever the filters leave out); with a query or --running it is
        the running total of the rows shown, as in hledger (one per currency).

        USAGE
          tally register [options] <file> [query]

        OPTIONS
        \(FlagDeclaration.help(flags))\

        \(EntryQuery.help)
        Without --period every date is shown. Filters of different kinds must all
        match; repeating one (--wallet A --wallet B) matches either. JSON and CSV
        layouts: docs/reports.md.

        """

    /// The options: the shared report flags and the command's own.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations, query: true)
        _ = try PeriodColumns.step(options)
        return options
    }

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let console = context.console
        let model = context.model
        let filter: EntryFilter
        do { filter = try context.filter(range: context.range(default: nil)) } catch { return context.fail(error) }
        var rows = model.register(filter, sort: context.options.sort, descending: context.options.descending)
        if let step = try? PeriodColumns.step(context.options), let first = rows.lazy.map(\.date).min(), let last = rows.lazy.map(\.date).max() {
            let range = filter.range ?? first ... last
            // Whole periods, as hledger's: a row is dated its period's first day.
            let periods = PeriodColumns(step: step, range: range, weekStart: model.weekStart, whole: true).periods
            rows = model.registerSummary(rows, periods: periods.map { $0.start ... $0.end })
        }
        let running = context.options.value(Own.running) != nil || !context.options.queryTerms.isEmpty
        let output = RegisterOutput(RegisterReport(model: model, rows: rows, running: running))
        switch context.options.format {
        case "json": output.json(to: console)
        case "csv": output.csv(separator: context.options.csvSeparator, to: console)
        default: output.text(color: context.color, width: context.width, to: console)
        }
        return ExitCode.success
    }
}
