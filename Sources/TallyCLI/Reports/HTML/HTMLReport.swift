import TallyCore
import TallySyntax

/// The month at a glance as one self-contained HTML page: a summary (income, expense,
/// net), a donut of spending by category, bars of income against expense per month,
/// envelope and goal progress, and the total balance over time. Each chart has a table
/// beside it with the same figures, for screen readers and for copying.
///
/// The page has inline CSS and inline SVG only: no scripts, no fonts, images or anything
/// else fetched from anywhere. It is written as well-formed XML (every tag closed, every
/// attribute quoted, every user string escaped) so that XML tools can read it too.
enum HTMLReport {
    /// How many categories the donut shows before grouping the rest as "Other".
    static let donutSlices = 7

    /// One self-contained page for the month containing `month`, with `months` months
    /// of history in the time charts.
    static func render(model: BudgetModel, month: CivilDate, months: Int, title: String) -> String {
        let figures = PageFigures(model: model, month: month, months: months)
        let money = MoneyText(model: model)
        let currency = figures.currency
        let monthName = "\(CivilDate.monthName(figures.monthStart.month)) \(figures.monthStart.year)"

        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        page += "<title>\(Markup.escape("\(title) · \(monthName)"))</title>\n"
        page += "<style>\n\(PageStyle.css)\n</style>\n</head>\n<body>\n<div class=\"page\">\n"

        // Summary.
        let flow = figures.month
        var net = flow.income
        net.add(flow.expense.total.negated)
        for (code, amount) in flow.expense.unconverted {
            net.unconverted[code] = net.unconverted[code, default: .zero].subtracting(amount) ?? net.unconverted[code]
        }
        net.overflowed = net.overflowed || flow.expense.overflowed
        page += "<header>\n<h1>\(Markup.escape(title))</h1>\n"
        var subtitle = "\(monthName), as of \(figures.referenceDate)"
        if !currency.isEmpty { subtitle += "; amounts in \(currency)" }
        page += "<p class=\"muted\">\(Markup.escape(subtitle))</p>\n"
        page += "<section class=\"summary\" id=\"summary\" aria-label=\"Month summary\">\n"
        page += summaryFigure("income", "Income", money.sum(flow.income, currency))
        page += summaryFigure("expense", "Expense", money.sum(flow.expense, currency))
        page += summaryFigure(net.total.isNegative ? "net negative" : "net", "Net", money.sum(net, currency))
        page += "</section>\n</header>\n<main class=\"panels\">\n"

        page += spendingPanel(figures, money, monthName)
        page += flowPanel(figures, money)
        page += envelopePanel(figures, money)
        page += goalPanel(figures, money)
        page += balancePanel(figures, money)
        page += largestPanel(figures, money)

        page += "</main>\n<footer>Made by tally \(Markup.escape(TallyVersion.current)) from the budget as of \(figures.referenceDate). "
        page += "Transfers are neither income nor expense; hidden wallets are left out; other currencies count at the latest rate on or before their date.</footer>\n"
        page += "</div>\n</body>\n</html>\n"
        return page
    }

    private static func summaryFigure(_ kind: String, _ name: String, _ value: String) -> String {
        "<div class=\"figure \(kind)\"><span class=\"name\">\(name)</span><span class=\"value\">\(Markup.escape(value))</span></div>\n"
    }

    /// A panel: heading, chart, and the table beside it.
    private static func panel(id: String, heading: String, chart: String, table: String, note: String? = nil, wide: Bool = false) -> String {
        var out = "<section class=\"panel\(wide ? " wide" : "")\" id=\"\(id)\">\n<h2>\(Markup.escape(heading))</h2>\n"
        out += "<div class=\"panel-body\">\n<div class=\"chart-box\">\(chart)</div>\n<div class=\"table-box\">\n\(table)</div>\n</div>\n"
        if let note { out += "<p class=\"note\">\(Markup.escape(note))</p>\n" }
        return out + "</section>\n"
    }

    /// A table; cells whose column is in `numeric` are right-aligned, those in `wrapping`
    /// may break across lines (others keep to one line and the table scrolls instead).
    private static func table(_ caption: String, _ headers: [String], numeric: Set<Int>, wrapping: Set<Int> = [],
                              _ rows: [(cells: [String], rowClass: String?)]) -> String {
        var out = "<table>\n<caption>\(Markup.escape(caption))</caption>\n<thead><tr>"
        for (i, header) in headers.enumerated() {
            out += "<th scope=\"col\"\(numeric.contains(i) ? " class=\"num\"" : "")>\(Markup.escape(header))</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += row.rowClass.map { "<tr class=\"\($0)\">" } ?? "<tr>"
            for (i, cell) in row.cells.enumerated() {
                if i == 0 {
                    out += "<th scope=\"row\">\(Markup.escape(cell))</th>"
                } else {
                    let kind = numeric.contains(i) ? " class=\"num\"" : wrapping.contains(i) ? " class=\"text\"" : ""
                    out += "<td\(kind)>\(Markup.escape(cell))</td>"
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
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    // MARK: Panels

    private static func spendingPanel(_ figures: PageFigures, _ money: MoneyText, _ monthName: String) -> String {
        let currency = figures.currency
        let total = figures.spending.reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
        let slices = figures.spending.map {
            DonutChart.Slice(label: $0.name, value: $0.amount.chartValue, amount: money($0.amount, currency),
                             share: MoneyText.percent($0.amount, of: total) ?? "")
        }
        let shown = DonutChart.grouped(slices, limit: donutSlices) { _ in
            let rest = figures.spending.dropFirst(donutSlices - 1).reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
            return DonutChart.Slice(label: "Other", value: rest.chartValue, amount: money(rest, currency),
                                    share: MoneyText.percent(rest, of: total) ?? "")
        }
        let chart = DonutChart(slices: shown, total: money(total, currency), title: "Spending by category in \(monthName)").svg
        let rows = figures.spending.map { ([$0.name, money($0.amount, currency, code: false), MoneyText.percent($0.amount, of: total) ?? ""], nil as String?) }
        var note: String?
        if !figures.unconvertedSpending.isEmpty {
            note = "Not in the chart for want of a rate: "
                + figures.unconvertedSpending.sorted { $0.key < $1.key }.map { money($0.value, $0.key) }.joined(separator: ", ") + "."
        }
        return panel(id: "spending", heading: "Spending by category",
                     chart: chart, table: table(caption("Spending by category, \(monthName)", currency), ["Category", "Spent", "Share"], numeric: [1, 2], rows),
                     note: note)
    }

    private static func flowPanel(_ figures: PageFigures, _ money: MoneyText) -> String {
        let currency = figures.currency
        let bars = figures.months.enumerated().map { i, flow in
            IncomeExpenseBars.Month(label: monthLabel(flow.start, first: i == 0), income: flow.income.total.chartValue,
                                    expense: flow.expense.total.chartValue,
                                    incomeText: money.sum(flow.income, currency), expenseText: money.sum(flow.expense, currency))
        }
        let chart = IncomeExpenseBars(months: bars, scaleLabel: scaleLabel,
                                      title: "Income against expense per month" + (currency.isEmpty ? "" : " in \(currency)")).svg
        let rows = figures.months.reversed().map { flow -> ([String], String?) in
            let net = flow.income.total.subtracting(flow.expense.total)
            let label = "\(flow.start.year)-\(flow.start.month < 10 ? "0" : "")\(flow.start.month)"
            return ([label, money.sum(flow.income, currency, code: false), money.sum(flow.expense, currency, code: false),
                     net.map { money($0, currency, code: false) } ?? "too large"],
                    net.map { $0.isNegative ? "over" : nil } ?? nil)
        }
        return panel(id: "income-expense", heading: "Income and expense",
                     chart: chart, table: table(caption("Per month, newest first", figures.currency), ["Month", "Income", "Expense", "Net"], numeric: [1, 2, 3], rows))
    }

    private static func envelopePanel(_ figures: PageFigures, _ money: MoneyText) -> String {
        let currency = figures.currency
        var bars: [ProgressBars.Row] = []
        var rows: [([String], String?)] = []
        for envelope in figures.envelopes {
            let status = envelope.status
            let budget = status.budget
            let used = MoneyText.percent(status.spent, of: budget)
            let fraction = budget > .zero ? status.spent.chartValue / budget.chartValue : (status.spent > .zero ? 1 : 0)
            var tone = ProgressBars.Tone.normal
            let figure: String
            let details: [String]
            if status.isOverspent {
                tone = .over
                figure = "over by \(money(status.available.negated, currency))"
                details = ["spent \(money(status.spent, currency)) of \(money(budget, currency))", envelope.period]
            } else {
                if let alert = envelope.alert, budget > .zero,
                   let threshold = budget.multiplied(by: alert, roundedTo: min(budget.scale + alert.scale, Money.maximumScale))?
                       .divided(by: 100, roundedTo: min(budget.scale + alert.scale, Money.maximumScale)),
                   !(status.spent < threshold) {
                    tone = .warning
                }
                figure = used.map { "\($0) used" } ?? "nothing planned"
                details = ["spent \(money(status.spent, currency)) of \(money(budget, currency)), \(money(status.available, currency)) left",
                           envelope.period]
            }
            bars.append(ProgressBars.Row(label: envelope.name, fraction: fraction, figure: figure, details: details, tone: tone))
            rows.append(([envelope.name, money(budget, currency, code: false), money(status.spent, currency, code: false),
                          money(status.available, currency, code: false), used ?? ""], status.isOverspent ? "over" : nil))
        }
        let chart = ProgressBars(id: "chart-envelopes", rows: bars, title: "Envelopes: spent of what each holds",
                                 empty: "No envelopes in this period").svg
        return panel(id: "envelopes", heading: "Envelopes",
                     chart: chart, table: table(caption("Envelopes on \(figures.referenceDate)", figures.currency), ["Envelope", "Holds", "Spent",
                                                                                             "Available", "Used"],
                                                numeric: [1, 2, 3, 4], rows))
    }

    private static func goalPanel(_ figures: PageFigures, _ money: MoneyText) -> String {
        var bars: [ProgressBars.Row] = []
        var rows: [([String], String?)] = []
        for goal in figures.goals {
            let status = goal.status
            let saved = money(status.saved, goal.currency)
            let bare = goal.currency != figures.currency
            var tone = ProgressBars.Tone.normal
            switch status.state {
            case .reached: tone = .reached
            case .behind, .overdue: tone = .warning
            case .onTrack, .open: tone = .normal
            }
            let percent = status.percent.map { "\($0.formatted(scale: 1)) %" }
            let fraction: Double
            let figure: String
            var details: [String]
            if let target = goal.target {
                fraction = target > .zero ? status.saved.chartValue / target.chartValue : 1
                figure = status.state == .reached ? "reached" : (percent ?? "")
                details = ["saved \(saved) of \(money(target, goal.currency))"]
            } else {
                fraction = status.state == .reached ? 1 : 0
                figure = status.state == .reached ? "reached" : "saved \(saved)"
                details = ["saved \(saved), no target"]
            }
            if status.state != .reached && status.state != .open { details[0] += ", \(status.state.rawValue)" }
            if let outlook = status.outlook { details.append(outlook) }
            bars.append(ProgressBars.Row(label: goal.name, fraction: fraction, figure: figure, details: details, tone: tone))
            rows.append(([goal.name, money(status.saved, goal.currency, code: bare), goal.target.map { money($0, goal.currency, code: bare) } ?? "", percent ?? "", status.state.rawValue], nil))
        }
        let chart = ProgressBars(id: "chart-goals", rows: bars, title: "Saving goals: saved of target", empty: "No saving goals").svg
        return panel(id: "goals", heading: "Saving goals",
                     chart: chart, table: table(caption("Goals on \(figures.referenceDate)", figures.currency), ["Goal", "Saved", "Target", "Progress", "Status"],
                                                numeric: [1, 2, 3], rows))
    }

    private static func balancePanel(_ figures: PageFigures, _ money: MoneyText) -> String {
        let currency = figures.currency
        let points = figures.balances.enumerated().map { i, point in
            BalanceLine.Point(label: monthLabel(point.date, first: i == 0), value: point.balance.total.chartValue,
                              text: money.sum(point.balance, currency))
        }
        let chart = BalanceLine(points: points, scaleLabel: scaleLabel,
                                title: "Total balance at the end of each month" + (currency.isEmpty ? "" : " in \(currency)")).svg
        let rows = figures.balances.reversed().map { ([$0.date.description, money.sum($0.balance, currency, code: false)], nil as String?) }
        return panel(id: "balance", heading: "Total balance",
                     chart: chart, table: table(caption("At the end of each month, newest first; hidden wallets left out", figures.currency), ["Date", "Balance"],
                                                numeric: [1], rows))
    }

    private static func largestPanel(_ figures: PageFigures, _ money: MoneyText) -> String {
        let rows = figures.largest.map { ([$0.date.description, $0.payee.isEmpty ? "—" : $0.payee, $0.category, money($0.amount, $0.currency, code: $0.currency != figures.currency)], nil as String?) }
        var out = "<section class=\"panel\" id=\"largest\">\n<h2>Largest spending</h2>\n<div class=\"table-box\">\n"
        out += table(caption("The month's largest expenses", figures.currency), ["Date", "Payee", "Category", "Amount"], numeric: [3], wrapping: [1, 2], rows)
        return out + "</div>\n</section>\n"
    }
}
