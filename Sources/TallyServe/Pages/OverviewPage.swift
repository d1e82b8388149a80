import TallyCore
import TallyReports
import TallySyntax

/// `/`: the month at a glance. Ready to assign and what needs attention first (overspent
/// envelopes, entries due; the problems banner above says when the budget has errors),
/// then the month's income, expense and net, wallet balances, then the static report's panels (spending
/// by category, income and expense by month, envelopes, goals, total balance over time,
/// largest spending), every name in their tables a link to the rows behind it.
enum OverviewPage {
    static func render(_ budget: ReportBudget, month: CivilDate?, months: Int) -> HTML {
        let model = budget.model
        let start = (month ?? budget.today).startOfMonth
        let overview = model.monthOverview(month: start, months: months, flows: CategoryFlows(model, rates: budget.rates, filter: EntryFilter()), rates: budget.rates)
        var links = HTMLReport.Links()
        links.category = { name, month in PageLayout.register([("category", name), ("period", monthText(month))]) }
        links.month = { month in DrillDown.month(monthText(month)) }
        let envelopeRows = Dictionary(
            overview.envelopes.map { ($0.envelope.name, DrillDown.envelope($0.envelope, status: $0.status, at: overview.day)) }, uniquingKeysWith: { first, _ in first })
        links.envelope = { name in envelopeRows[name] }
        let goalRows = Dictionary(model.goals.map { ($0.name, DrillDown.goal($0, model: model, at: overview.day)) }, uniquingKeysWith: { first, _ in first })
        links.goal = { name in goalRows[name] }
        let dayRows = Dictionary(overview.months.map { ($0.balance.date, DrillDown.total($0.balance, model: model)) }, uniquingKeysWith: { first, _ in first })
        links.day = { date in dayRows[date] ?? nil }
        var body: HTML = "<p class=\"muted\">\(CivilDate.monthName(start.month)) \(start.year), as of \(overview.day)"
        if !budget.currency.isEmpty { body += "; amounts in \(budget.currency)" }
        body += "</p>\n"
        var live = attention(budget, at: overview.day) + summary(overview, budget) + wallets(budget, at: overview.day)
        live += "<div class=\"panels\">\n" + HTMLReport.panels(overview, model: model, links: links) + "</div>\n"
        body += PageLayout.live("overview", live)
        return body
    }

    static func monthText(_ date: CivilDate) -> String {
        "\(date.year)-\(date.month < 10 ? "0" : "")\(date.month)"
    }

    /// How many days ahead the overview lists entries due.
    static let dueDays = 7

    /// Ready to assign (`tally envelopes`), the envelopes overspent on the day, and the
    /// recurring entries overdue or due within ``dueDays`` days (`tally due`), each a
    /// link to the page that acts on it.
    static func attention(_ budget: ReportBudget, at date: CivilDate) -> HTML {
        let envelopes = EnvelopesReport(budget, at: date)
        var out: HTML = "<section class=\"attention\" id=\"attention\" aria-label=\"Needs attention\">\n"
        if let ready = envelopes.readyToAssign {
            let tone: HTML = ready.isNegative ? " over" : ""
            out += "<p class=\"ready\(tone)\" id=\"ready\"><a href=\"/envelopes\">Ready to assign</a> "
            out += "<strong data-figure=\"ready-to-assign\">\(budget.amount(ready, budget.currency))</strong></p>\n"
        }
        var items = HTML()
        for line in envelopes.lines where line.status.isOverspent {
            items += "<li class=\"over\" data-envelope=\"\(line.envelope.name)\">\(PageLayout.link("/envelopes?at=\(date)", line.envelope.name)) overspent: "
            items += "<span data-figure=\"available\">\(budget.amount(line.status.available, budget.currency))</span></li>\n"
        }
        let due = DueReport(budget, period: nil, days: dueDays, filter: EntryFilter())
        for item in due.occurrences {
            let d = due.describe(item.rule)
            let when: String = item.status == .upcoming ? "due \(item.date)" : item.status == .today ? "due today" : "overdue since \(item.date)"
            items += "<li class=\"due \(item.status.rawValue)\">\(PageLayout.link("/due", d.payee.isEmpty ? budget.model.rules[item.rule].name ?? "Recurring entry" : d.payee)) \(when): "
            items += "<span data-figure=\"amount\">\(d.amount)</span></li>\n"
        }
        if !items.isEmpty { out += "<ul class=\"attention-list\">\n\(items)</ul>\n" }
        return out + "</section>\n"
    }

    /// Income, expense and net of the month, each a link to its rows.
    static func summary(_ overview: MonthOverview, _ budget: ReportBudget) -> HTML {
        let totals = overview.report.totals
        let period = monthText(totals.start)
        func figure(_ kind: String, _ name: String, _ value: Money, _ type: String?) -> HTML {
            let rows = type.map { PageLayout.register([("period", period), ("type", $0)]) } ?? DrillDown.month(period)
            return "<div class=\"figure \(kind)\" id=\"figure-\(name.lowercased())\"><span class=\"name\">\(name)</span>"
                + "<span class=\"value\">\(PageLayout.link(rows, budget.inDefault(value)))</span></div>\n"
        }
        return "<section class=\"summary\" aria-label=\"Month summary\">\n"
            + figure("income", "Income", totals.income, "income") + figure("expense", "Expense", totals.expense, "expense")
            + figure(totals.net.isNegative ? "net negative" : "net", "Net", totals.net, nil) + "</section>\n"
    }

    /// Each wallet's balance and the total, as `tally balance` gives them, each a link to
    /// the register's rows up to the day.
    static func wallets(_ budget: ReportBudget, at date: CivilDate) -> HTML {
        let report = BalanceReport(budget, at: date)
        var rows: [[HTML]] = []
        for item in report.sheet.counted {
            let wallet = budget.model.wallets[item.wallet]
            // The name and the balance lead to the rows that add up to it.
            let rowsBehind = DrillDown.wallet(wallet.name, at: date)
            rows.append([
                PageLayout.link(rowsBehind, wallet.name), PageLayout.link(rowsBehind, budget.plain(item.balance, wallet.currency)),
                "\(wallet.currency)"
            ])
        }
        let total = budget.inDefault(report.sheet.total)
        rows.append(["Total", DrillDown.total(report.sheet, model: budget.model).map { PageLayout.link($0, total) } ?? "\(total)", "\(budget.currency)"])
        return "<section class=\"panel section\" id=\"wallets\"><h2>Wallets</h2>\n"
            + PageLayout.table(caption: "Balances on \(date)", headers: ["Wallet", "Balance", "Currency"], numeric: [1], rows: rows)
            + "</section>\n"
    }
}
