import Foundation
import TallyCore
import TallySyntax

/// `tally report FILE`: the monthly report, or with `--months N` a month-by-month table
/// of income against expense.
enum ReportCommand: Subcommand {
    static let name = "report"
    static let summary = "Monthly report: totals, categories against last month"
    static let shared: [ReportOptions.Flag] = [.period, .begin, .end, .wallet, .category, .tag, .payee, .today, .format, .csvSeparator, .color]
    /// The command's own flags, each declared once (their values: `ReportOptions.value`).
    enum Own: FlagSet {
        case month, months, depth, html

        var declaration: FlagDeclaration {
            switch self {
            case .month: FlagDeclaration("--month", value: "YYYY-MM", help: "The month (default: the month of today)")
            case .months: FlagDeclaration("--months", value: "N", help: "Month-by-month income against expense for N months\n(with HTML: months of history in the charts, default 6)")
            case .depth: FlagDeclaration("--depth", value: "N", help: "Count categories deeper than N levels as their parent\n(1: Food:Groceries counts as Food)")
            case .html: FlagDeclaration("--html", value: "FILE", help: "Write the report as one self-contained HTML page with\ncharts (inline SVG, no scripts) to FILE")
            }
        }
    }
    /// Every flag, in the order the help lists them.
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.declarations(shared, formats: formats) + [.helpFlag]
    /// `--format` also offers html here.
    static let formats = ["text", "json", "csv", "html"]
    static let help = """
    tally report: the month at a glance: income, expense and net; each category
    this month and the month before, with the change in amount and percent; the top
    spending categories; the envelopes. With --months N, a table of income against
    expense for the N months up to and including the month.

    USAGE
      tally report [options] <file> [query]

    OPTIONS
    \(FlagDeclaration.help(flags))\

    \(EntryQuery.help)
    Filters narrow the income, expense and category figures; the envelopes are
    shown whole. Amounts are in the default currency, converted with the latest
    rate on or before each entry's date; hidden wallets and transfers are not
    counted. Spending is shown as a positive amount (refunds are taken off it).
    JSON and CSV layouts: docs/reports.md.

    """

    /// The report's options: the shared flags and its own, checked against each other.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        let options = try ReportOptions.parse(arguments, command: name, flags: shared, formats: formats, own: Own.declarations, query: true)
        _ = try options.count(Own.depth, default: 1, maximum: 100)
        if options.value(Own.html) == "" { throw UsageError("`--html` needs a file name") }
        if options.value(Own.html) != nil, options.formatGiven, options.format != "html" {
            throw UsageError("`--html` writes HTML, `--format` asks for \(options.format); use one or the other")
        }
        if let month = options.value(Own.month) {
            guard case .month? = try? PeriodSpec(month, flag: Own.month.name) else {
                throw UsageError("`--month`: `\(month)` is not a month; write YYYY-MM")
            }
        }
        _ = try options.count(Own.months, default: 1, maximum: 1200)
        if options.value(Own.month) != nil, options.range != nil {
            throw UsageError("`--month` and a period both give the month; use one or the other")
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
        let month: CivilDate
        if let text = context.options.value(Own.month), let spec = try? PeriodSpec(text, flag: Own.month.name) {
            month = spec.first(today: context.today, weekStart: model.weekStart)
        } else {
            // A period: the month of today when the period holds it, else of its last day.
            do { month = try context.day().startOfMonth } catch { return context.fail(error) }
        }
        if context.options.format == "html" || context.options.value(Own.html) != nil {
            return html(context, month: month)
        }
        let filter: EntryFilter
        do { filter = try context.filter(range: nil) } catch { return context.fail(error) }
        let flows = CategoryFlows(model, rates: context.rates, filter: filter)
        if let months = try? context.options.count(Own.months, default: 0, minimum: 0), months > 0 {
            return series(context, flows: flows, month: month, months: months)
        }
        let depth = context.options.value(Own.depth).flatMap { Int($0) }
        let report = model.monthlyReport(month: month, flows: flows, rates: context.rates, depth: depth)
        let envelopes = EnvelopesCommand.lines(model, at: min(month.endOfMonth, max(month, context.today)), rates: context.rates)
        switch context.options.format {
        case "json": console.out(json(report, month: month, envelopes: envelopes, context: context))
        case "csv": context.output(csv(report, context: context))
        default: console.out(text(report, month: month, envelopes: envelopes, context: context))
        }
        return ExitCode.success
    }
}
