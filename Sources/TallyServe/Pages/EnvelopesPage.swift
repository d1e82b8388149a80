import TallyCore
import TallyReports
import TallySyntax

/// `/envelopes?at=DAY`: the budget screen. Ready to assign on top; on a phone each
/// envelope is a row of its name, what it has available (red when overspent) and a bar,
/// which opens to its period's figures (as `tally envelopes` gives them), the spending
/// behind them and forms to fill it and move money out; on a wide screen the months
/// across, as YNAB's budget: each envelope's assigned, activity and available a month
/// (`tally envelopes --monthly`; `?weekly`, `?quarterly`, `?yearly` change the step),
/// with the months before and after a link away. Then the month's fills and moves, each
/// a row with its Edit link (``EntryActions``), and the forms that assign money (`fill`)
/// and move it between envelopes (`move`).
enum EnvelopesPage {
    /// How many columns the wide grid shows: the day's month and the two before it.
    static let gridColumns = 3

    static func render(
        _ budget: ReportBudget, query: [(String, String)], token: String, version: String, readOnly: String? = nil, snapshot: BudgetStore.Snapshot? = nil
    ) throws(UsageError) -> HTML {
        let request = try ReportRequest(page: query)
        let date = request.at ?? budget.today
        let report = EnvelopesReport(budget, at: date)
        // `?weekly` … `?yearly`, as the command line's `--monthly` and its kin (read here:
        // the command line refuses a step with `--at`, which the page always has).
        let asked = PeriodColumns.Step.allCases.first { step in query.contains { $0.0 == step.rawValue } }
        let step = asked ?? .monthly
        // The period before and after, a step away: a week, else the first of a month.
        func shifted(_ n: Int) -> CivilDate {
            let months: [PeriodColumns.Step: Int] = [.monthly: 1, .quarterly: 3, .yearly: 12]
            return (step == .weekly ? date.adding(days: 7 * n) : date.startOfMonth.adding(months: n * (months[step] ?? 1))) ?? date
        }
        func label(_ day: CivilDate) -> String { step == .weekly ? day.description : OverviewPage.monthText(day) }
        let previous = shifted(-1), next = shifted(1)
        let stepQuery = asked.map { "&\($0.rawValue)" } ?? ""
        var body: HTML = "<p class=\"muted months\">Envelopes on \(date). "
        body += "<a id=\"previous-period\" href=\"/envelopes?at=\(previous)\(stepQuery)\">← \(label(previous))</a> · "
        body += "<a id=\"next-period\" href=\"/envelopes?at=\(next)\(stepQuery)\">\(label(next)) →</a></p>\n"
        if let ahead = report.lookingAhead { body += "<p class=\"muted\">\(ahead).</p>\n" }
        var live = ready(budget, report)
        var items = HTML()
        for line in report.lines { items += item(budget, line, at: date, token: token, version: version, readOnly: readOnly) }
        live += "<ul class=\"envelope-list narrow-only\" id=\"envelope-list\" aria-label=\"Envelopes on \(date)\">\n\(items)</ul>\n"
        if report.lines.isEmpty { live += "<p class=\"muted narrow-only\">No envelope has a period on \(date).</p>\n" }
        live += grid(budget, step: step, at: date)
        // The month's fills and moves, each a row to edit or delete from.
        let month = date.startOfMonth
        if let snapshot, let end = month.adding(months: 1)?.adding(days: -1) { live += EntryActions.envelopeMoneyRows(budget, snapshot, days: month ... end) }
        body += PageLayout.live("envelopes", live)
        body += readOnly.map { PageLayout.message($0) } ?? forms(budget, token: token, version: version)
        return body
    }

    /// Ready to assign, what goals hold, the ended periods' card debt no money holds and,
    /// of what the cards owe, what no money holds (this period's so far included, card by
    /// card), as `tally envelopes` gives them.
    static func ready(_ budget: ReportBudget, _ report: EnvelopesReport) -> HTML {
        guard let ready = report.readyToAssign else { return HTML() }
        let tone: HTML = ready.isNegative ? " over" : ""
        var out: HTML = "<p id=\"ready\" class=\"ready\(tone)\">Ready to assign "
        out += "<strong data-figure=\"ready-to-assign\">\(budget.amount(ready, budget.currency))</strong></p>\n"
        if let goals = report.equation?.goals, !goals.isZero {
            // The same "in goals" as `tally envelopes` and the Goals page (Grammar.md §4).
            out += "<p id=\"in-goals\">Saved in goals: \(budget.amount(goals, budget.currency)), assigned, so not in ready to assign</p>\n"
        }
        if let uncovered = report.equation?.uncoveredCards, !uncovered.isZero {
            // As `tally envelopes` says it (Grammar.md §4, "Credit overspending").
            out += "<p id=\"card-debt\">Overspent on cards: \(budget.amount(uncovered, budget.currency)), card debt no money holds, not from ready to assign</p>\n"
        }
        if let equation = report.equation, let cards = EnvelopesReport.cardWords(equation, budget), let held = cards.held {
            // `tally envelopes`' words: mid-month the running period's card part, and each
            // card's share with several cards (Grammar.md §4, "Credit overspending").
            out += "<p id=\"cards-held\">Owed on cards: \(budget.amount(cards.owed, budget.currency))\(cards.mark) \(held)</p>\n"
        }
        return out
    }

    /// One envelope on a phone: name, available and a bar; opened, its period's figures,
    /// the spending behind them and the forms that fill it and move money out of it.
    static func item(_ budget: ReportBudget, _ line: EnvelopesReport.Line, at date: CivilDate, token: String, version: String, readOnly: String?) -> HTML {
        let s = line.status, name = line.envelope.name
        let fraction = s.isOverspent ? 1 : min(1, max(0, (line.percent?.chartValue ?? 0) / 100))
        var out: HTML = "<li class=\"envelope\(s.isOverspent ? " over" : "")\" data-envelope=\"\(name)\"><details><summary>"
        out += "<span class=\"name\">\(name)</span>"
        out += "<span class=\"available\" data-figure=\"available\">\(budget.inDefault(s.available))</span>"
        out += PageLayout.bar(fraction, label: "\(budget.percent(line.percent)) used", over: s.isOverspent)
        out += "</summary>\n<dl class=\"detail\">"
        let spent = DrillDown.envelope(line.envelope, status: s, at: date)
        let figures: [(String, HTML)] = [
            ("Period", "\(line.envelope.period.label(s.start))"), ("Carried in", "\(budget.inDefault(s.carriedIn))"),
            ("Planned", "\(budget.inDefault(s.planned))"), ("Filled", "\(budget.inDefault(s.filled))"), ("Moved", "\(budget.inDefault(s.moved))"),
            ("Spent", PageLayout.link(spent, budget.inDefault(s.spent))), ("Used", "\(budget.percent(line.percent))")
        ]
        for (term, value) in figures { out += "<div><dt>\(term)</dt><dd>\(value)</dd></div>" }
        out += "</dl>\n"
        if readOnly == nil { out += quickForms(budget, name: name, token: token, version: version) }
        return out + "</details></li>\n"
    }

    /// Fill this envelope, or move money from it to another, in one line each.
    static func quickForms(_ budget: ReportBudget, name: String, token: String, version: String) -> HTML {
        let guardFields = PageLayout.formGuard(token: token, version: version) + "<input type=\"hidden\" name=\"date\" value=\"\(budget.today)\"/>"
        let others = budget.model.envelopes.map(\.name).filter { $0 != name }
        var out: HTML = "<form class=\"quick\" method=\"post\" action=\"/assign\">\(guardFields)<input type=\"hidden\" name=\"envelope\" value=\"\(name)\"/>"
        out += "<label>Assign to \(name)<input name=\"amount\" inputmode=\"decimal\" required=\"required\" placeholder=\"25.00\"/></label>"
        out += "<button type=\"submit\">Assign</button></form>\n"
        guard !others.isEmpty else { return out }
        out += "<form class=\"quick\" method=\"post\" action=\"/move\">\(guardFields)<input type=\"hidden\" name=\"from\" value=\"\(name)\"/>"
        out += "<label>Move from \(name) to<select name=\"to\">" + others.map { "<option>\($0)</option>" as HTML }.joined() + "</select></label>"
        out += "<label>Amount<input name=\"amount\" inputmode=\"decimal\" required=\"required\" placeholder=\"25.00\"/></label>"
        out += "<button type=\"submit\">Move</button></form>\n"
        return out
    }

    /// The wide screen's grid: the envelopes down, the periods across (the day's and the
    /// ones before it), each with assigned, activity and available; ready to assign at
    /// each period's end on top.
    static func grid(_ budget: ReportBudget, step: PeriodColumns.Step, at date: CivilDate) -> HTML {
        // Far enough back for three whole columns; the last three are shown.
        let back: [PeriodColumns.Step: Int] = [.weekly: 0, .monthly: 2, .quarterly: 8, .yearly: 35]
        let first = step == .weekly ? date.adding(days: -14) : date.startOfMonth.adding(months: -(back[step] ?? 2))
        let history = EnvelopeHistoryReport(budget, step: step, range: (first ?? date) ... date)
        let periods = history.periods.periods.suffix(gridColumns)
        let skip = history.periods.periods.count - periods.count
        var out: HTML = "<div class=\"table-box wide-only\" id=\"budget-grid\"><table class=\"grid\">\n"
        let cut = date > budget.today ? "; through today, \(budget.today): figures as they stand" : ""
        out += "<caption>By \(step.unit)\(cut)" + (budget.currency.isEmpty ? "" : "; amounts in \(budget.currency)") + "</caption>\n<thead><tr><th scope=\"col\" rowspan=\"2\">Envelope</th>"
        for period in periods { out += "<th scope=\"colgroup\" colspan=\"3\" class=\"period\">\(period.label)</th>" }
        out += "</tr>\n<tr>" + periods.map { _ in "<th scope=\"col\" class=\"num\">Assigned</th><th scope=\"col\" class=\"num\">Activity</th><th scope=\"col\" class=\"num\">Available</th>" as HTML }.joined() + "</tr>\n"
        out += "<tr class=\"ready-row\"><th scope=\"row\">Ready to assign</th>"
        for ready in history.readyToAssign.dropFirst(skip) {
            out += "<td colspan=\"3\" class=\"num\"><span data-figure=\"ready-to-assign\">\(ready.map { budget.inDefault($0) } ?? "")</span></td>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in history.rows { out += gridRow(budget, row, columns: row.columns.dropFirst(skip)) }
        if history.rows.isEmpty { out += "<tr><td colspan=\"\(1 + 3 * periods.count)\" class=\"muted\">Nothing to show</td></tr>\n" }
        return out + "</tbody>\n</table></div>\n"
    }

    /// One envelope's row of the grid.
    static func gridRow(_ budget: ReportBudget, _ row: EnvelopeHistoryReport.Row, columns: ArraySlice<EnvelopeColumn?>) -> HTML {
        var out: HTML = "<tr data-envelope=\"\(row.envelope.name)\"><th scope=\"row\">\(row.envelope.name)</th>"
        for column in columns {
            guard let c = column else {
                out += "<td colspan=\"3\"></td>"
                continue
            }
            let over: HTML = c.available.isNegative ? " over" : ""
            out += "<td class=\"num\">\(budget.inDefault(c.assigned))</td><td class=\"num\">" + PageLayout.link(DrillDown.envelope(row.envelope, column: c), budget.inDefault(c.activity)) + "</td>"
            out += "<td class=\"num available\(over)\"><span data-figure=\"available\">\(budget.inDefault(c.available))</span></td>"
        }
        return out + "</tr>\n"
    }

    /// The forms that assign and move money.
    static func forms(_ budget: ReportBudget, token: String, version: String) -> HTML {
        let names = budget.model.envelopes.map(\.name)
        func options(_ id: String) -> HTML {
            "<select id=\"\(id)\" name=\"\(id.split(separator: "-").last!)\" required=\"required\">"
                + names.map { "<option>\($0)</option>" as HTML }.joined() + "</select>"
        }
        let guardFields = PageLayout.formGuard(token: token, version: version)
        let today = budget.today.description
        var out: HTML = "<div class=\"cards\">\n"
        out += "<form class=\"card\" method=\"post\" action=\"/assign\" id=\"assign-form\"><h2>Assign money</h2>\(guardFields)"
        out += "<label for=\"assign-envelope\">Envelope</label>\(options("assign-envelope"))"
        out += "<label for=\"assign-amount\">Amount</label><input id=\"assign-amount\" name=\"amount\" inputmode=\"decimal\" required=\"required\" placeholder=\"25.00 or 25,00\"/>"
        out += "<label for=\"assign-date\">Date</label><input id=\"assign-date\" name=\"date\" type=\"date\" value=\"\(today)\" required=\"required\"/>"
        out += "<button type=\"submit\">Assign (fill)</button></form>\n"
        out += "<form class=\"card\" method=\"post\" action=\"/move\" id=\"move-form\"><h2>Move money</h2>\(guardFields)"
        out += "<label for=\"move-from\">From</label>\(options("move-from"))<label for=\"move-to\">To</label>\(options("move-to"))"
        out += "<label for=\"move-amount\">Amount</label><input id=\"move-amount\" name=\"amount\" inputmode=\"decimal\" required=\"required\" placeholder=\"25.00 or 25,00\"/>"
        out += "<label for=\"move-date\">Date</label><input id=\"move-date\" name=\"date\" type=\"date\" value=\"\(today)\" required=\"required\"/>"
        out += "<button type=\"submit\">Move</button></form>\n</div>\n"
        return names.isEmpty ? HTML() : out
    }
}
