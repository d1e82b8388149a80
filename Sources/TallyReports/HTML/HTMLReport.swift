import TallyCore
import TallySyntax

/// The month at a glance as one self-contained HTML page: a summary (income, expense,
/// net), a donut of spending by category, bars of income against expense per month,
/// envelope and goal progress, and the total balance over time. Each chart has a table
/// beside it with the same figures, for screen readers and for copying.
///
/// The page has inline CSS and inline SVG only: no scripts, no fonts, images or anything
/// else fetched from anywhere. It is written as well-formed XML (every tag closed, every
/// attribute quoted, every user string escaped: the page is built of ``HTML``) so that XML
/// tools can read it too.
public enum HTMLReport {
    /// How many categories the donut shows before grouping the rest as "Other".
    static let donutSlices = 7

    /// One self-contained page for the overview's month (``BudgetModel/monthOverview``,
    /// the figures `tally report --format json` prints): the charts draw them, the tables
    /// beside them write them out.
    public static func render(_ overview: MonthOverview, model: BudgetModel, title: String) -> String {
        let money = MoneyText(model: model)
        let currency = model.defaultCurrency
        let totals = overview.report.totals
        let monthName = "\(CivilDate.monthName(totals.start.month)) \(totals.start.year)"

        var page: HTML = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        page += "<title>\(title) · \(monthName)</title>\n"
        // The style sheet is the program's own CSS, not text from the budget: as it is.
        page += "<style>\n\(HTML(unescaped: PageStyle.css))\n</style>\n</head>\n<body>\n<div class=\"page\">\n"

        // Summary.
        let unconverted = overview.unconverted
        page += "<header>\n<h1>\(title)</h1>\n"
        var subtitle = "\(monthName), as of \(overview.day)"
        if !currency.isEmpty { subtitle += "; amounts in \(currency)" }
        page += "<p class=\"muted\">\(subtitle)</p>\n"
        page += "<section class=\"summary\" id=\"summary\" aria-label=\"Month summary\">\n"
        page += summaryFigure("income", "Income", money.sum(totals.income, unconverted.income, currency))
        page += summaryFigure("expense", "Expense", money.sum(totals.expense, unconverted.expense, currency))
        page += summaryFigure(totals.net.isNegative ? "net negative" : "net", "Net", money.sum(totals.net, unconverted.net, currency))
        page += "</section>\n</header>\n<main class=\"panels\">\n"
        page += panels(overview, model: model, links: Links())
        page += "</main>\n<footer>Made by tally \(TallyVersion.current) from the budget as of \(overview.day). "
        page += "Transfers are neither income nor expense; hidden wallets are left out; other currencies count at the latest rate on or before their date.</footer>\n"
        page += "</div>\n</body>\n</html>\n"
        return page.rendered
    }

    /// Where a table's names lead, for a page that links them (`tally serve`'s overview
    /// links each to its register); the static page links nothing.
    public struct Links: Sendable {
        /// A category's rows in the month.
        public var category: @Sendable (_ name: String, _ month: CivilDate) -> String? = { _, _ in nil }
        /// A month's rows.
        public var month: @Sendable (_ start: CivilDate) -> String? = { _ in nil }
        /// An envelope's rows (its bar and its name).
        public var envelope: @Sendable (_ name: String) -> String? = { _ in nil }
        /// A goal's rows (its bar and its name).
        public var goal: @Sendable (_ name: String) -> String? = { _ in nil }
        /// The balances on a day.
        public var day: @Sendable (_ date: CivilDate) -> String? = { _ in nil }

        /// No links.
        public init() {}
    }

    /// The page's panels (spending by category, income and expense per month, envelopes,
    /// goals, total balance, largest spending), each chart with its table, the tables'
    /// names linked by `links`.
    public static func panels(_ overview: MonthOverview, model: BudgetModel, links: Links) -> HTML {
        let money = MoneyText(model: model)
        let totals = overview.report.totals
        let monthName = "\(CivilDate.monthName(totals.start.month)) \(totals.start.year)"
        return spendingPanel(overview, model, money, monthName, links) + flowPanel(overview, model, money, links)
            + envelopePanel(overview, model, money, links) + goalPanel(overview, model, money, links)
            + balancePanel(overview, model, money, links) + largestPanel(overview, model, money)
    }

    /// The page's style sheet, for pages that draw the same panels.
    public static let styleSheet = PageStyle.css

    private static func summaryFigure(_ kind: String, _ name: String, _ value: String) -> HTML {
        "<div class=\"figure \(kind)\"><span class=\"name\">\(name)</span><span class=\"value\">\(value)</span></div>\n"
    }

    /// A panel: heading, chart, and the table beside it.
    private static func panel(id: String, heading: String, chart: HTML, table: HTML, note: String? = nil, wide: Bool = false) -> HTML {
        var out: HTML = "<section class=\"panel\(wide ? " wide" : "")\" id=\"\(id)\">\n<h2>\(heading)</h2>\n"
        out += "<div class=\"panel-body\">\n<div class=\"chart-box\">\(chart)</div>\n<div class=\"table-box\">\n\(table)</div>\n</div>\n"
        if let note { out += "<p class=\"note\">\(note)</p>\n" }
        return out + "</section>\n"
    }

    /// A table; cells whose column is in `numeric` are right-aligned, those in `wrapping`
    /// may break across lines (others keep to one line and the table scrolls instead).
    private static func table(
        _ caption: String, _ headers: [String], numeric: Set<Int>, wrapping: Set<Int> = [],
        _ rows: [(cells: [String], rowClass: String?)], links: [String?] = []
    ) -> HTML {
        var out: HTML = "<table>\n<caption>\(caption)</caption>\n<thead><tr>"
        for (i, header) in headers.enumerated() {
            let kind: HTML = numeric.contains(i) ? " class=\"num\"" : ""
            out += "<th scope=\"col\"\(kind)>\(header)</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for (r, row) in rows.enumerated() {
            out += row.rowClass.map { "<tr class=\"\($0)\">" } ?? "<tr>"
            for (i, cell) in row.cells.enumerated() {
                if i == 0, r < links.count, let link = links[r] {
                    out += "<th scope=\"row\"><a href=\"\(link)\">\(cell)</a></th>"
                } else if i == 0 {
                    out += "<th scope=\"row\">\(cell)</th>"
                } else {
                    let kind: HTML = numeric.contains(i) ? " class=\"num\"" : wrapping.contains(i) ? " class=\"text\"" : ""
                    out += "<td\(kind)>\(cell)</td>"
                }
            }
            out += "</tr>\n"
        }
        if rows.isEmpty { out += "<tr><td colspan=\"\(headers.count)\" class=\"muted\">Nothing to show</td></tr>\n" }
        return out + "</tbody>\n</table>\n"
    }

    private static func monthLabel(_ date: CivilDate, first: Bool) -> String {
        let name = Markup.shortMonth(date.month)
        guard first || date.month == 1 else { return name }
        let year = date.year % 100
        return "\(name) '\(year < 10 ? "0" : "")\(year)"
    }

    /// A table caption that says which currency bare amounts are in.
    private static func caption(_ text: String, _ currency: String) -> String {
        currency.isEmpty ? text : "\(text); amounts in \(currency)"
    }

    private static func scaleLabel(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return Markup.number(value / 1_000_000) + "M" }
        if magnitude >= 10_000 { return Markup.number(value / 1000) + "k" }
        return value == value.rounded() ? String(Int(value)) : String(cFormat: "%.2f", value)
    }

    // MARK: Panels

    /// A percentage from the core as the page writes it: `12.5 %`.
    private static func percentText(_ percent: Money) -> String { "\(percent.formatted(scale: 1)) %" }

    private static func spendingPanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText, _ monthName: String, _ links: Links) -> HTML {
        let currency = model.defaultCurrency
        func name(_ item: MonthOverview.Spending) -> String { model.categories[item.category].name }
        // A share below zero means nothing in a ring: categories whose refunds outweigh
        // their spending are listed in the table and named under the chart, not drawn.
        let drawn = overview.spending.filter { $0.percent != nil }
        let refunded = overview.spending.filter { $0.percent == nil }
        let drawnTotal = drawn.reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
        let slices = drawn.map {
            DonutChart.Slice(
                label: name($0), value: $0.amount.chartValue, amount: money($0.amount, currency),
                share: $0.percent.map(percentText) ?? "", link: links.category(name($0), overview.report.totals.start))
        }
        let shown = DonutChart.grouped(slices, limit: donutSlices) { _ in
            let rest = drawn.dropFirst(donutSlices - 1).reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
            return DonutChart.Slice(
                label: "Other", value: rest.chartValue, amount: money(rest, currency),
                share: MoneyText.percent(rest, of: drawnTotal) ?? "")
        }
        let chart = DonutChart(
            slices: shown, total: money(overview.report.totals.expense, currency),
            title: "Spending by category in \(monthName)"
        ).svg
        let rows = overview.spending.map { ([name($0), money($0.amount, currency, code: false), $0.percent.map(percentText) ?? ""], nil as String?) }
        var notes: [String] = []
        if !refunded.isEmpty {
            notes.append(
                "Refunds outweigh spending in " + refunded.map { "\(name($0)) (\(money($0.amount, currency)))" }.joined(separator: ", ")
                    + ": not drawn, and taken off the total spent.")
        }
        if !overview.unconverted.expense.isEmpty {
            notes.append(
                "Not in the chart for want of a rate: "
                    + overview.unconverted.expense.sorted { $0.key < $1.key }.map { money($0.value, $0.key) }.joined(separator: ", ") + ".")
        }
        return panel(
            id: "spending", heading: "Spending by category",
            chart: chart,
            table: table(
                caption("Spending by category, \(monthName)", currency), ["Category", "Spent", "Share"], numeric: [1, 2], rows,
                links: overview.spending.map { links.category(name($0), overview.report.totals.start) }),
            note: notes.isEmpty ? nil : notes.joined(separator: " "))
    }

    private static func flowPanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText, _ links: Links) -> HTML {
        let currency = model.defaultCurrency
        let bars = overview.months.enumerated().map { i, month in
            IncomeExpenseBars.Month(
                label: monthLabel(month.totals.start, first: i == 0), income: month.totals.income.chartValue,
                expense: month.totals.expense.chartValue,
                incomeText: money.sum(month.totals.income, month.unconverted.income, currency),
                expenseText: money.sum(month.totals.expense, month.unconverted.expense, currency), link: links.month(month.totals.start))
        }
        let chart = IncomeExpenseBars(
            months: bars, scaleLabel: scaleLabel,
            title: "Income against expense per month" + (currency.isEmpty ? "" : " in \(currency)")
        ).svg
        let rows = overview.months.reversed().map { month -> ([String], String?) in
            let totals = month.totals
            return (
                [
                    EnvelopePeriod.monthly.label(totals.start), money.sum(totals.income, month.unconverted.income, currency, code: false),
                    money.sum(totals.expense, month.unconverted.expense, currency, code: false), money(totals.net, currency, code: false)
                ],
                totals.net.isNegative ? "over" : nil
            )
        }
        return panel(
            id: "income-expense", heading: "Income and expense",
            chart: chart,
            table: table(
                caption("Per month, newest first", currency), ["Month", "Income", "Expense", "Net"], numeric: [1, 2, 3], rows,
                links: overview.months.reversed().map { links.month($0.totals.start) }))
    }

    private static func envelopePanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText, _ links: Links) -> HTML {
        let currency = model.defaultCurrency
        var bars: [ProgressBars.Row] = []
        var rows: [([String], String?)] = []
        for line in overview.envelopes {
            let status = line.status
            let budget = status.budget
            let period = line.envelope.period.label(status.start)
            let used = line.percent.map(percentText)
            let fraction = budget > .zero ? status.spent.chartValue / budget.chartValue : (status.spent > .zero ? 1 : 0)
            let tone: ProgressBars.Tone
            let figure: String
            let details: [String]
            if status.isOverspent {
                tone = .over
                figure = "over by \(money(status.available.negated, currency))"
                details = ["spent \(money(status.spent, currency)) of \(money(budget, currency))", period]
            } else {
                tone = line.alert ? .warning : .normal
                figure = used.map { "\($0) used" } ?? "nothing planned"
                details = [
                    "spent \(money(status.spent, currency)) of \(money(budget, currency)), \(money(status.available, currency)) left",
                    period
                ]
            }
            bars.append(
                ProgressBars.Row(label: line.envelope.name, fraction: fraction, figure: figure, details: details, tone: tone, link: links.envelope(line.envelope.name)))
            rows.append(
                (
                    [
                        line.envelope.name, money(budget, currency, code: false), money(status.spent, currency, code: false),
                        money(status.available, currency, code: false), used ?? ""
                    ], status.isOverspent ? "over" : nil
                ))
        }
        let chart = ProgressBars(
            id: "chart-envelopes", rows: bars, title: "Envelopes: spent of what each holds",
            empty: "No envelopes in this period"
        ).svg
        return panel(
            id: "envelopes", heading: "Envelopes",
            chart: chart,
            table: table(
                caption("Envelopes on \(overview.day)", currency),
                [
                    "Envelope", "Holds", "Spent",
                    "Available", "Used"
                ],
                numeric: [1, 2, 3, 4], rows, links: overview.envelopes.map { links.envelope($0.envelope.name) }))
    }

    private static func goalPanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText, _ links: Links) -> HTML {
        var bars: [ProgressBars.Row] = []
        var rows: [([String], String?)] = []
        for (g, status) in overview.goals.enumerated() {
            let goal = model.goals[g]
            let goalCurrency = goal.wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
            let saved = money(status.saved, goalCurrency)
            let bare = goalCurrency != model.defaultCurrency
            var tone = ProgressBars.Tone.normal
            switch status.state {
            case .reached: tone = .reached
            case .behind, .overdue: tone = .warning
            case .onTrack, .open: tone = .normal
            }
            let percent = status.percent.map(percentText)
            let fraction: Double
            let figure: String
            var details: [String]
            if let target = goal.target {
                fraction = target > .zero ? status.saved.chartValue / target.chartValue : 1
                figure = status.state == .reached ? "reached" : (percent ?? "")
                details = ["saved \(saved) of \(money(target, goalCurrency))"]
            } else {
                fraction = status.state == .reached ? 1 : 0
                figure = status.state == .reached ? "reached" : "saved \(saved)"
                details = ["saved \(saved), no target"]
            }
            if status.state != .reached && status.state != .open { details[0] += ", \(status.state.rawValue)" }
            if let outlook = status.outlook { details.append(outlook) }
            bars.append(ProgressBars.Row(label: goal.name, fraction: fraction, figure: figure, details: details, tone: tone, link: links.goal(goal.name)))
            rows.append(([goal.name, money(status.saved, goalCurrency, code: bare), goal.target.map { money($0, goalCurrency, code: bare) } ?? "", percent ?? "", status.state.rawValue], nil))
        }
        let chart = ProgressBars(id: "chart-goals", rows: bars, title: "Saving goals: saved of target", empty: "No saving goals").svg
        return panel(
            id: "goals", heading: "Saving goals",
            chart: chart,
            table: table(
                caption("Goals on \(overview.day)", model.defaultCurrency), ["Goal", "Saved", "Target", "Progress", "Status"],
                numeric: [1, 2, 3], rows, links: overview.goals.indices.map { links.goal(model.goals[$0].name) }))
    }

    private static func balancePanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText, _ links: Links) -> HTML {
        let currency = model.defaultCurrency
        let sheets = overview.months.map(\.balance)
        let points = sheets.enumerated().map { i, sheet in
            BalanceLine.Point(
                label: monthLabel(sheet.date, first: i == 0), value: sheet.total.chartValue,
                text: money.sum(sheet.total, sheet.unconverted, currency))
        }
        let chart = BalanceLine(
            points: points, scaleLabel: scaleLabel,
            title: "Total balance at the end of each month" + (currency.isEmpty ? "" : " in \(currency)")
        ).svg
        let rows = sheets.reversed().map { ([$0.date.description, money.sum($0.total, $0.unconverted, currency, code: false)], nil as String?) }
        return panel(
            id: "balance", heading: "Total balance",
            chart: chart,
            table: table(
                caption("At the end of each month, newest first; hidden wallets left out", currency), ["Date", "Balance"],
                numeric: [1], rows, links: sheets.reversed().map { links.day($0.date) }))
    }

    private static func largestPanel(_ overview: MonthOverview, _ model: BudgetModel, _ money: MoneyText) -> HTML {
        let currency = model.defaultCurrency
        let rows = overview.largest.map {
            (
                [
                    $0.date.description, ($0.payee ?? "").isEmpty ? "—" : $0.payee ?? "", $0.categories.joined(separator: ", "),
                    money($0.amount, $0.currency, code: $0.currency != currency)
                ], nil as String?
            )
        }
        var out: HTML = "<section class=\"panel\" id=\"largest\">\n<h2>Largest spending</h2>\n<div class=\"table-box\">\n"
        out += table(caption("The month's largest expenses", currency), ["Date", "Payee", "Category", "Amount"], numeric: [3], wrapping: [1, 2], rows)
        return out + "</div>\n</section>\n"
    }
}
