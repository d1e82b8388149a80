import TallyCore
import TallyReports
import TallySyntax

/// `tally forecast FILE --until DATE`: wallet balances projected from recurring entries.
enum ForecastCommand: LibraryReport {
    static let name = "forecast"
    static let summary = "Wallet balances projected from recurring entries"
    static let kind = ReportKind.forecast
    static var own: [FlagDeclaration] { Own.declarations }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
    enum Own: FlagSet {
        case until, events

        var declaration: FlagDeclaration {
            switch self {
            case .until: FlagDeclaration("--until", value: "YYYY-MM-DD", help: "The last day projected (default: three months after\ntoday)")
            case .events: FlagDeclaration("--events", help: "Text output: list every projected movement too")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.declarations(shared) + [.helpFlag]
    static let help = """
        tally forecast: each wallet's balance projected to a date from its recurring
        entries: occurrences from today on that are not yet recorded or skipped are
        added on their dates. Overdue occurrences are not assumed to happen (see `tally
        due`). The total is in the default currency at the latest rate known.

        USAGE
          tally forecast [options] <file>

        OPTIONS
        \(FlagDeclaration.help(flags))\

        CSV output holds the projected movements; JSON holds wallets and movements
        (docs/reports.md).

        """

    /// The projection, as CSV (its movements) or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        guard case .forecast(let report, let until) = result else { return ExitCode.success }
        let console = context.console
        let model = context.model
        let events = report.events
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }

        switch context.options.format {
        case "csv":
            var csv = CSVTable(["date", "rule", "wallet", "amount", "currency", "balance"])
            for e in events {
                csv.add([
                    e.date.description, ruleName(e.rule), model.wallets[e.wallet].name, context.plain(e.amount, currency(e.wallet)),
                    currency(e.wallet), context.plain(e.balance, currency(e.wallet))
                ])
            }
            context.output(csv)
        default:
            console.out(text(report, until: until, context: context))
        }
        return ExitCode.success
    }

    /// The text table: each wallet today, at the end and at its lowest, and with
    /// `--events` the projected movements.
    static func text(_ report: ForecastReport, until: CivilDate, context: ReportContext) -> String {
        let model = context.model
        let forecast = report.forecast, shown = report.shown, events = report.events
        let totalToday = report.totalToday, totalProjected = report.totalProjected
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }
        var out = "Forecast from \(context.today) to \(until)\n\n"
        var t = TextTable([
            .init(title: "Wallet", alignment: .left, maxWidth: 14), .init(title: "Today", alignment: .decimal),
            .init(title: "On " + until.description, alignment: .decimal), .init(title: "Lowest", alignment: .decimal),
            .init(title: "On", alignment: .left)
        ])
        for w in shown {
            let low = forecast.lowest[w]
            t.add([
                model.wallets[w].name, context.amount(forecast.opening[w], currency(w)), context.amount(forecast.projected[w], currency(w)),
                context.amount(low.balance, currency(w)), low.date == context.today ? "" : low.date.description
            ])
        }
        if shown.count > 1 {
            t.addRule()
            t.add([
                "Total", totalToday.map { context.amount($0, context.currency) } ?? "no rate",
                totalProjected.map { context.amount($0, context.currency) } ?? "no rate", "", ""
            ])
        }
        out += t.render(color: context.color, width: context.width)
        let negative = report.walletsBelowZero
        for w in negative {
            out += "\n\(model.wallets[w].name) is projected below zero on \(forecast.lowest[w].date)"
        }
        if !negative.isEmpty { out += "\n" }
        if context.options.request.events, !events.isEmpty {
            var e = TextTable([
                .init(title: "Date", alignment: .left), .init(title: "Rule", alignment: .left, maxWidth: 14),
                .init(title: "Wallet", alignment: .left, maxWidth: 12), .init(title: "Amount", alignment: .decimal),
                .init(title: "Balance", alignment: .decimal)
            ])
            for event in events {
                e.add([
                    event.date.description, ruleName(event.rule), model.wallets[event.wallet].name,
                    context.amount(event.amount, currency(event.wallet)), context.amount(event.balance, currency(event.wallet))
                ])
            }
            out += "\n" + e.render(color: context.color, width: context.width)
        } else if !events.isEmpty {
            out += "\n\(events.count) projected movements; --events lists them.\n"
        }
        return out
    }
}
