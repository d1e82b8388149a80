import TallyCore
import TallyReports
import TallySyntax

/// `tally register FILE`: the transactions, one line per posting or transfer side, with
/// each wallet's running balance, or the running total of the rows shown; filtered,
/// sorted, or summed per period.
enum RegisterCommand: LibraryReport {
    static let name = "register"
    static let summary = "Transactions with running balances, filtered and sorted"
    static let kind = ReportKind.register
    static var own: [FlagDeclaration] { Own.declarations + ReportOptions.valuationFlags }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case running, steps

        var declaration: FlagDeclaration {
            switch self {
            case .running: FlagDeclaration("--running", help: "The last column is the running total of the rows\nshown (the default with a query), not the wallet's\nbalance")
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
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + ReportOptions.valuationFlags + [.helpFlag]
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

    /// The rows, written a chunk at a time in every format (JSON included: 100k rows
    /// are never held as one text).
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .register(let report) = result else { return ExitCode.success }
        let console = context.console
        let output = RegisterOutput(report)
        switch context.options.format {
        case "json": output.json(to: console)
        case "csv": output.csv(separator: context.options.csvSeparator, to: console)
        default: output.text(color: context.color, width: context.width, to: console)
        }
        return ExitCode.success
    }
}
