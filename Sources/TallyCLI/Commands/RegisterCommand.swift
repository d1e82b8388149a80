import TallyCore
import TallyReports
import TallySyntax

/// `tally register FILE`: the transactions, one line per posting or transfer side, with
/// each wallet's running balance; filtered and sorted.
enum RegisterCommand: ReportSubcommand {
    static let name = "register"
    static let summary = "Transactions with running balances, filtered and sorted"
    static let shared: [ReportOptions.Flag] = [
        .period, .begin, .end, .wallet, .category, .tag, .payee, .type, .search, .sort, .desc,
        .today, .format, .csvSeparator, .color
    ]
    /// The command's own flags (their values go to `ReportOptions.extra`).
    static let own: [FlagDeclaration] = []
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + own + [.helpFlag]
    static let help = """
        tally register: the transactions, one line per category of a split and per side
        of a transfer, with the wallet's balance after each line. The balance is the
        wallet's real balance, whatever the filters leave out.

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
        try try ReportOptions.parse(arguments, command: name, flags: shared, query: true)
    }

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let console = context.console
        let model = context.model
        let filter: EntryFilter
        do { filter = try context.filter(range: context.range(default: nil)) } catch { return context.fail(error) }
        let report = RegisterReport(context.budget, filter: filter, sort: context.options.sort, descending: context.options.descending)
        let output = RegisterOutput(model: model, rows: report.rows)
        switch context.options.format {
        case "json": output.json(to: console)
        case "csv": output.csv(separator: context.options.csvSeparator, to: console)
        default: output.text(color: context.color, width: context.width, to: console)
        }
        return ExitCode.success
    }
}
