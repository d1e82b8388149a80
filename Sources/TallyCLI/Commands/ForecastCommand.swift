import TallyCore
import TallySyntax

/// `tally forecast FILE --until DATE`: wallet balances projected from recurring entries.
enum ForecastCommand: Subcommand {
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

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let context: ReportContext
        switch ReportContext.open(name, arguments, console: console, parse: parse) {
        case .success(let c): context = c
        case .failure(let f): return f.code
        }
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
        func currency(_ w: Int) -> String { model.wallets[w].currency }
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
        let projection = Projection(forecast: forecast, until: until, shown: shown, events: events, totalToday: totalToday, totalProjected: totalProjected)
        switch context.options.format {
        case "json": console.out(json(projection, context: context))
        case "csv": context.output(csv(projection, context: context))
        default: console.out(text(projection, context: context))
        }
        return ExitCode.success
    }
}
