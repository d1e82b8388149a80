import TallyCore
import TallyReports
import TallySyntax

/// `tally incomestatement FILE [query]` (`tally is`): income and spending by category
/// over a period, with their totals and the net, as hledger's `incomestatement`; a
/// column per period with `-M` and the like. `tally balance FILE QUERY` shows the same
/// table for the lines its query keeps.
enum IncomeStatementCommand: LibraryReport {
    static let name = "incomestatement"
    static let summary = "Income and spending by category, with the net (is)"
    static let kind = ReportKind.incomestatement
    static var own: [FlagDeclaration] { Own.declarations + ReportOptions.valuationFlags }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case steps, depth, tree

        var declaration: FlagDeclaration {
            switch self {
            case .steps: ReportOptions.stepsFlag("A column per period, with Total and Average columns")
            case .depth: FlagDeclaration("--depth", value: "N", help: "Count categories deeper than N levels as their parent\n(1: Food:Groceries counts as Food)")
            case .tree: FlagDeclaration("--tree", help: "Categories under their parents, each parent the total\nof its own and its children's (hledger's --tree)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + ReportOptions.valuationFlags + [.helpFlag]
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

    /// The flows by category, in one column or one per step.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        if case .columns(let table) = result { table.write(context) }
        return ExitCode.success
    }
}
