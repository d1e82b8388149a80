import TallyCore
import TallyReports
import TallySyntax

/// `tally balance FILE`: each wallet's balance, grouped by kind, with totals in the
/// default currency; hidden wallets apart; `--by owner` for shared households. With a
/// query, the flows by category of the lines it keeps (`tally bal expenses`, as in
/// hledger); with `--budget`, envelopes against spending per period.
enum BalanceCommand: LibraryReport {
    static let name = "balance"
    static let summary = "Wallet balances with totals, by kind or by owner"
    static let kind = ReportKind.balance
    static var own: [FlagDeclaration] { Own.declarations + ReportOptions.valuationFlags }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case by, columns, depth, budget

        var declaration: FlagDeclaration {
            switch self {
            case .by: FlagDeclaration("--by", value: "kind|owner", help: "Group totals by wallet kind (default) or by the people\nwho own the wallets")
            case .columns: ReportOptions.stepsFlag("A column per period: each wallet's balance at its\nend, in the default currency, with an Average column\n(default period: the budget's first entry to today)")
            case .depth: FlagDeclaration("--depth", value: "N", help: "With columns, 1 shows one row per wallet kind; with a\nquery, categories deeper than N count as their parent")
            case .budget: FlagDeclaration("--budget", help: "Each envelope's budget against its spending, a column\nper period (default period: this month)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = ReportOptions.declarations(shared) + Own.declarations + ReportOptions.valuationFlags + [.helpFlag]
    static let help = """
        tally balance: each wallet's balance on a day, grouped by kind, with totals in
        the default currency. Hidden wallets are listed apart and left out of totals.
        With a query (`tally bal expenses`), the income and spending by category of
        the lines it keeps, as tally incomestatement shows them. With --budget, each
        envelope's budget against its spending, as hledger's balance --budget.

        USAGE
          tally balance [options] <file> [query]
          tally balance [options] -          (read standard input)

        OPTIONS
        \(FlagDeclaration.help(flags))\

        \(EntryQuery.help)
        With a period (-p, -b, -e) the balances are those at its last day. Exit codes:
        0 shown, 2 usage mistake or unreadable file. The JSON and CSV layouts are
        described in docs/reports.md.

        """

    /// The balances drawn: columns over time, envelopes against spending, flows by
    /// category (with a query) or the one-day table.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        switch result {
        case .columns(let table): table.write(context)
        case .envelopeBudget(let table, let range): envelopeBudget(table, range: range, context)
        case .balances(let report, let date, let by): balances(report, date: date, by: by, context)
        default: break
        }
        return ExitCode.success
    }

    /// The one-day table of wallets, as CSV or text.
    static func balances(_ report: BalanceReport, date: CivilDate, by: String, _ context: ReportContext) {
        let console = context.console
        let model = context.model
        let sheet = report.sheet

        switch context.options.format {
        case "csv":
            var csv = CSVTable(["wallet", "kind", "owners", "currency", "balance", "converted", "hidden"])
            for item in sheet.counted + sheet.hidden {
                let w = model.wallets[item.wallet]
                csv.add([
                    w.name, w.kind.rawValue, w.owners.joined(separator: ", "), w.currency, context.plain(item.balance, w.currency),
                    item.converted.map(context.inDefault) ?? "", w.hidden ? "yes" : "no"
                ])
            }
            context.output(csv)
        default:
            console.out(text(report, date: date, by: by, context: context))
        }
    }
}
