import TallyCore
import TallyReports
import TallySyntax

/// `tally due FILE`: recurring occurrences that are overdue, due today, or coming up.
enum DueCommand: LibraryReport {
    static let name = "due"
    static let summary = "Recurring entries overdue, due today and upcoming"
    static let kind = ReportKind.due
    static var own: [FlagDeclaration] { Own.declarations }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case days

        var declaration: FlagDeclaration {
            switch self {
            case .days: FlagDeclaration("--days", value: "N", help: "How far ahead to look (default: 30)")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.declarations(shared) + [.helpFlag]
    static let help = """
        tally due: occurrences of recurring entries that are neither recorded (`rule
        NAME`) nor skipped (`skip NAME`): overdue ones, those due today, and those
        coming up within a number of days, in date order.

        USAGE
          tally due [options] <file>

        OPTIONS
        \(FlagDeclaration.help(flags))\

        Exit code 0 also when something is overdue: `tally check` is the command that
        fails on it. JSON and CSV layouts: docs/reports.md.

        """

    /// The occurrences, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .due(let report) = result else { return ExitCode.success }
        let console = context.console
        let model = context.model
        let horizon = report.horizon, due = report.occurrences, describe = report.describe
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }

        switch context.options.format {
        case "csv":
            var csv = CSVTable(["date", "status", "rule", "payee", "wallet", "what", "amount", "currency"])
            for item in due {
                let d = describe(item.rule)
                csv.add([item.date.description, item.status.rawValue, ruleName(item.rule), d.payee, d.wallet, d.what, d.plain, d.currency])
            }
            context.output(csv)
        default:
            var out = "Recurring entries due through \(horizon) (today is \(context.today))\n"
            for status in [DueOccurrence.Status.overdue, .today, .upcoming] {
                let items = due.filter { $0.status == status }
                guard !items.isEmpty else { continue }
                var t = TextTable([
                    .init(title: "Date", alignment: .left), .init(title: "Rule", alignment: .left, maxWidth: 12),
                    .init(title: "Payee", alignment: .left, maxWidth: 18), .init(title: "Wallet", alignment: .left, maxWidth: 10),
                    .init(title: "What", alignment: .left, maxWidth: 14), .init(title: "Amount", alignment: .decimal)
                ])
                for item in items {
                    let d = describe(item.rule)
                    t.add([item.date.description, ruleName(item.rule), d.payee, d.wallet, d.what, d.amount])
                }
                let title = status == .overdue ? "Overdue" : status == .today ? "Due today" : "Upcoming"
                out += "\n\(title) (\(items.count))\n" + t.render(color: context.color, width: context.width)
            }
            if due.isEmpty { out += "\nNothing due.\n" }
            console.out(out)
        }
        return ExitCode.success
    }
}
