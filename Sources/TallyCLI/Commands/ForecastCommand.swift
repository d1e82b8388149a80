import TallyCore
import TallySyntax

/// `tally forecast FILE --until DATE`: wallet balances projected from recurring entries.
enum ForecastCommand: Subcommand {
    static let name = "forecast"
    static let summary = "Wallet balances projected from recurring entries"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .today, .format, .csvSeparator, .color]
    /// The command's own flags (their values go to `ReportOptions.extra`).
    static let own: [FlagDeclaration] = [
        FlagDeclaration("--until", value: "YYYY-MM-DD", help: "The last day projected (default: three months after\ntoday)"),
        FlagDeclaration("--events", help: "Text output: list every projected movement too"),
    ]
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = own + ReportOptions.declarations(shared) + [.helpFlag]
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

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: { (a) throws(UsageError) in
            let options = try ReportOptions.parse(a, command: name, flags: shared, own: own)
            _ = try options.date("--until")
            if options.extra["--until"] != nil, options.range != nil {
                throw UsageError("`--until` and a period both give the last day; use one or the other")
            }
            return options
        }) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
        let model = context.model
        let filter: EntryFilter
        do { filter = try context.filter(range: nil) } catch { return context.fail(error) }
        var requested: CivilDate?
        do {
            requested = try context.options.date("--until")
            if requested == nil { requested = try context.periodEnd() }
        } catch { return context.fail(error) }
        let until = requested ?? context.today.adding(months: 3) ?? context.today
        guard until >= context.today else {
            return context.fail(UsageError("`--until`: \(until) is before today (\(context.today))"))
        }
        let forecast = model.forecast(until: until)
        guard !forecast.tooLarge else {
            console.err("tally forecast: projected balances become too large to compute exactly before \(until); choose an earlier --until\n")
            return ExitCode.problems
        }
        let shown = model.wallets.indices.filter { w in
            (filter.wallets.isEmpty ? !model.wallets[w].hidden : filter.wallets.contains(w))
                && (model.wallets[w].closed.map { $0 >= context.today } ?? true)
        }
        let events = forecast.events.filter { shown.contains($0.wallet) }
        // Totals in the default currency, with the latest rate known (future rates are not).
        var overflow = false
        func total(_ balances: [Money], at date: CivilDate) -> Money? {
            var sum = Money.zero
            for w in shown {
                guard let value = context.rates.toDefault(balances[w], from: currency(w), at: date) else { return nil }
                guard let next = sum.adding(value) else {
                    overflow = true
                    return nil
                }
                sum = next
            }
            return sum
        }
        let totalToday = total(forecast.opening, at: context.today)
        let totalProjected = total(forecast.projected, at: until)
        guard !overflow else {
            console.err("tally forecast: the projected total becomes too large to compute exactly before \(until); choose an earlier --until\n")
            return ExitCode.problems
        }
        func ruleName(_ r: Int) -> String { model.rules[r].name ?? "(unnamed)" }
        func currency(_ w: Int) -> String { model.wallets[w].currency }

        switch context.options.format {
        case "json":
            console.out(JSONValue.object([
                ("from", .string(context.today.description)), ("until", .string(until.description)),
                ("wallets", .array(shown.map { w in
                    .object([("name", .string(model.wallets[w].name)), ("currency", .string(currency(w))),
                             ("today", .string(context.plain(forecast.opening[w], currency(w)))),
                             ("projected", .string(context.plain(forecast.projected[w], currency(w)))),
                             ("lowest", .string(context.plain(forecast.lowest[w].balance, currency(w)))),
                             ("lowestOn", .string(forecast.lowest[w].date.description))])
                })),
                ("total", .object([("currency", .string(context.currency)), ("today", .optional(totalToday.map(context.inDefault))),
                                   ("projected", .optional(totalProjected.map(context.inDefault)))])),
                ("events", .array(events.map { e in
                    .object([("date", .string(e.date.description)), ("rule", .optional(model.rules[e.rule].name)), ("wallet", .string(model.wallets[e.wallet].name)),
                             ("amount", .string(context.plain(e.amount, currency(e.wallet)))), ("currency", .string(currency(e.wallet))),
                             ("balance", .string(context.plain(e.balance, currency(e.wallet))))])
                })),
            ]).rendered())
        case "csv":
            var csv = CSVTable(["date", "rule", "wallet", "amount", "currency", "balance"])
            for e in events {
                csv.add([e.date.description, ruleName(e.rule), model.wallets[e.wallet].name, context.plain(e.amount, currency(e.wallet)),
                         currency(e.wallet), context.plain(e.balance, currency(e.wallet))])
            }
            context.output(csv)
        default:
            var out = "Forecast from \(context.today) to \(until)\n\n"
            var t = TextTable([.init(title: "Wallet", alignment: .left, maxWidth: 14), .init(title: "Today", alignment: .decimal),
                               .init(title: "On " + until.description, alignment: .decimal), .init(title: "Lowest", alignment: .decimal),
                               .init(title: "On", alignment: .left)])
            for w in shown {
                let low = forecast.lowest[w]
                t.add([model.wallets[w].name, context.amount(forecast.opening[w], currency(w)), context.amount(forecast.projected[w], currency(w)),
                       context.amount(low.balance, currency(w)), low.date == context.today ? "" : low.date.description])
            }
            if shown.count > 1 {
                t.addRule()
                t.add(["Total", totalToday.map { context.amount($0, context.currency) } ?? "no rate",
                       totalProjected.map { context.amount($0, context.currency) } ?? "no rate", "", ""])
            }
            out += t.render(color: context.color, width: context.width)
            let negative = shown.filter { forecast.lowest[$0].balance.isNegative && model.wallets[$0].kind != .credit && model.wallets[$0].kind != .loan }
            for w in negative {
                out += "\n\(model.wallets[w].name) is projected below zero on \(forecast.lowest[w].date)"
            }
            if !negative.isEmpty { out += "\n" }
            if context.options.extra["--events"] != nil, !events.isEmpty {
                var e = TextTable([.init(title: "Date", alignment: .left), .init(title: "Rule", alignment: .left, maxWidth: 14),
                                   .init(title: "Wallet", alignment: .left, maxWidth: 12), .init(title: "Amount", alignment: .decimal),
                                   .init(title: "Balance", alignment: .decimal)])
                for event in events {
                    e.add([event.date.description, ruleName(event.rule), model.wallets[event.wallet].name,
                           context.amount(event.amount, currency(event.wallet)), context.amount(event.balance, currency(event.wallet))])
                }
                out += "\n" + e.render(color: context.color, width: context.width)
            } else if !events.isEmpty {
                out += "\n\(events.count) projected movements; --events lists them.\n"
            }
            console.out(out)
        }
        return ExitCode.success
    }
}
