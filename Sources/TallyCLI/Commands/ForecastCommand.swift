import TallyCore
import TallyReports
import TallySyntax

/// `tally forecast FILE --until DATE`: wallet balances projected from recurring entries.
enum ForecastCommand: ReportSubcommand {
    static let name = "forecast"
    static let summary = "Wallet balances projected from recurring entries"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
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

    /// The options, with `--until` checked against a period.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, own: Own.declarations)
        _ = try options.date(Own.until)
        if options.value(Own.until) != nil, options.range != nil {
            throw UsageError("`--until` and a period both give the last day; use one or the other")
        }
        return options
    }

    /// The report, from an opened budget.
    static func report(_ context: ReportContext) -> Int32 {
        let console = context.console
        let model = context.model
        let filter: EntryFilter
        do { filter = try context.filter(range: nil) } catch { return context.fail(error) }
        var requested: CivilDate?
        do {
            requested = try context.options.date(Own.until)
            if requested == nil { requested = try context.periodEnd() }
        } catch { return context.fail(error) }
        let until = requested ?? context.today.adding(months: 3) ?? context.today
        guard until >= context.today else {
            return context.fail(UsageError("`--until`: \(until) is before today (\(context.today))"))
        }
        let report: ForecastReport
        do { report = try ForecastReport(context.budget, until: until, filter: filter) } catch {
            switch error {
            case .balancesTooLarge:
                console.err("tally forecast: projected balances become too large to compute exactly before \(until); choose an earlier --until\n")
            case .totalTooLarge:
                console.err("tally forecast: the projected total becomes too large to compute exactly before \(until); choose an earlier --until\n")
            }
            return ExitCode.problems
        }
        let events = report.events
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }

        switch context.options.format {
        case "json":
            console.out(report.json.rendered())
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
        if context.options.value(Own.events) != nil, !events.isEmpty {
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
