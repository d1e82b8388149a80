import TallyCore
import TallyReports
import TallySyntax

/// `tally report FILE`: the monthly report, or with `--months N` a month-by-month table
/// of income against expense.
enum ReportCommand: LibraryReport {
    static let name = "report"
    static let summary = "Monthly report: totals, categories against last month"
    static let kind = ReportKind.report
    static var own: [FlagDeclaration] { Own.declarations + ReportOptions.valuationFlags }
    /// The command's own flags, each declared once: their spellings are the library's
    /// (`ReportKind.ownOptions`), which makes their values typed.
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
    static let flags: [FlagDeclaration] = Own.declarations + ReportOptions.valuationFlags + ReportOptions.declarations(shared, formats: formats) + [.helpFlag]
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

    /// `--html` and `--format`, checked against each other.
    static func check(_ options: inout ReportOptions) throws(UsageError) {
        if options.value(Own.html) == "" { throw UsageError("`--html` needs a file name") }
        if options.value(Own.html) != nil, options.formatGiven, options.format != "html" {
            throw UsageError("`--html` writes HTML, `--format` asks for \(options.format); use one or the other")
        }
    }

    /// The page (`--format html`, `--html FILE`), else the library's report.
    static func report(_ context: ReportContext) -> Int32 {
        guard context.options.format == "html" || context.options.value(Own.html) != nil else { return libraryReport(context) }
        do { return html(context, overview: try ReportKind.monthOverview(context.options.request, budget: context.budget)) } catch {
            return context.fail(error)
        }
    }

    /// The month at a glance or month by month, as CSV or text.
    static func render(_ result: ReportResult, _ context: ReportContext) -> Int32 {
        switch result {
        case .monthSeries(let series): self.series(series, context)
        case .month(let glance): month(glance, context)
        default: break
        }
        return ExitCode.success
    }

    /// The month at a glance.
    static func month(_ glance: MonthReport, _ context: ReportContext) {
        let model = context.model
        let report = glance.report
        func categoryName(_ c: Int) -> String { model.categories[c].name }
        let type = glance.type
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["category", "type", "current", "previous", "change", "percent"])
            for row in report.categories {
                csv.add([
                    categoryName(row.category), type(row.category), context.inDefault(row.current), context.inDefault(row.previous),
                    context.inDefault(row.change), row.percent.map { $0.formatted(scale: 1) } ?? ""
                ])
            }
            context.output(csv)
        default:
            context.console.out(text(glance, context: context))
        }
    }

    /// `--format html` (to standard output) or `--html FILE` (written atomically): the page
    /// with charts, `--months` months of history (default 6), from the flows the JSON
    /// report is made of, categories at `depth`.
    static func html(_ context: ReportContext, overview: MonthOverview) -> Int32 {
        let file = context.options.file!
        let title = file == "-" ? "Budget" : String(file.split(separator: "/").last ?? "Budget")
        let page = HTMLReport.render(overview, model: context.model, title: title)
        guard let path = context.options.value(Own.html) else {
            context.console.out(page)
            return ExitCode.success
        }
        // Nothing is written when in doubt: `--html main.tally` must never replace a budget.
        if let reason = refusal(toOverwrite: path) {
            context.console.err("tally report: will not write `\(path)`: \(reason)\n")
            return ExitCode.usage
        }
        do {
            try AtomicFile.write(Array(page.utf8), to: path)
        } catch {
            context.console.err("tally report: cannot write `\(path)`: \(error.reason)\n")
            return ExitCode.usage
        }
        context.console.err("tally report: wrote \(path)\n")
        return ExitCode.success
    }

    /// Why the page may not go to `path`, if it may not: a `.tally` name, or an existing
    /// file that neither is named `.html`/`.htm` nor holds an HTML page (an earlier report
    /// may be replaced; a budget, notes or anything else may not).
    static func refusal(toOverwrite path: String) -> String? {
        let name = path.lowercased()
        if name.hasSuffix(".tally") { return "it is named like a budget file; choose a name ending in .html" }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return nil }
        guard let start = FileHead.read(path, upTo: 512) else { return nil }
        let text = String(decoding: start, as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }.lowercased()
        if text.isEmpty || text.hasPrefix("<!doctype html") || text.hasPrefix("<html") { return nil }
        return "the file exists and is not an HTML page; choose a name ending in .html"
    }

    /// `--months N`: income against expense per month, oldest first.
    static func series(_ series: MonthSeries, _ context: ReportContext) {
        let rows = series.rows, missing = series.missing
        let label = MonthSeries.label
        switch context.options.format {
        case "csv":
            var csv = CSVTable(["month", "income", "expense", "net"])
            for row in rows { csv.add([label(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net)]) }
            context.output(csv)
        default:
            var table = TextTable([
                .init(title: "Month", alignment: .left), .init(title: "Income", alignment: .decimal),
                .init(title: "Expense", alignment: .decimal), .init(title: "Net", alignment: .decimal),
                .init(title: "", alignment: .left)
            ])
            let largest = rows.map { max($0.income, $0.expense) }.max() ?? .zero
            for row in rows {
                table.add([label(row), context.inDefault(row.income), context.inDefault(row.expense), context.inDefault(row.net), bar(row, largest)])
            }
            let total = series.total
            table.addRule()
            table.add(["Total", context.inDefault(total.income), context.inDefault(total.expense), context.inDefault(total.net), ""])
            guard let firstRow = rows.first, let lastRow = rows.last else {
                context.console.out("No months to show.\n")
                return
            }
            var out = "Income against expense, \(label(firstRow)) to \(label(lastRow))" + (context.currency.isEmpty ? "" : " (\(context.currency))") + "\n\n"
            out += table.render(color: context.color, width: context.width)
            let note = context.missingRatesNote(missing)
            if !note.isEmpty { out += "\n" + note }
            context.console.out(out)
        }
    }

    /// A small text bar: `+` for income over `-` for expense, scaled to the largest month.
    static func bar(_ row: PeriodTotals, _ largest: Money) -> String {
        func length(_ value: Money) -> Int {
            guard !largest.isZero else { return 0 }
            return Int(value.multiplied(by: Money(units: 20, scale: 0), roundedTo: 2)?.divided(by: largest, roundedTo: 0)?.units ?? 0)
        }
        // A month of net refunds has a negative expense: it gets no bar, never a negative count.
        let inCount = max(0, length(row.income)), outCount = max(0, length(row.expense))
        return String(repeating: "+", count: inCount) + (inCount > 0 && outCount > 0 ? " " : "") + String(repeating: "-", count: outCount)
    }
}
