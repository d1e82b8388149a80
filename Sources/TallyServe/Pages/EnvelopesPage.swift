import TallyCore
import TallyReports
import TallySyntax

/// `/envelopes?at=DAY`: every envelope's period containing the day, as `tally envelopes`
/// gives it, with links to the spending behind each, the months before and after, and the
/// forms that assign money (`fill`) and move it between envelopes (`move`).
enum EnvelopesPage {
    static func render(_ budget: ReportBudget, at date: CivilDate, token: String, version: String, readOnly: String? = nil) -> HTML {
        let report = EnvelopesReport(budget, at: date)
        let previous = date.startOfMonth.adding(months: -1) ?? date, next = date.startOfMonth.adding(months: 1) ?? date
        var body: HTML = "<p class=\"muted\">Envelopes on \(date). "
        body += PageLayout.link("/envelopes?at=\(previous)", "← \(OverviewPage.monthText(previous))") + " · "
        body += PageLayout.link("/envelopes?at=\(next)", "\(OverviewPage.monthText(next)) →") + "</p>\n"
        if let ahead = report.lookingAhead { body += "<p class=\"muted\">\(ahead).</p>\n" }
        var rows: [[HTML]] = []
        var classes: [String?] = []
        for line in report.lines {
            let s = line.status
            let spent = DrillDown.envelope(line.envelope, status: s, at: date)
            rows.append([
                "\(line.envelope.name)", "\(line.envelope.period.label(s.start))", "\(budget.inDefault(s.carriedIn))",
                "\(budget.inDefault(s.planned))", "\(budget.inDefault(s.filled))", "\(budget.inDefault(s.moved))",
                PageLayout.link(spent, budget.inDefault(s.spent)), "\(budget.inDefault(s.available))", "\(budget.percent(line.percent))"
            ])
            classes.append(s.isOverspent ? "over" : nil)
        }
        var live = PageLayout.table(
            caption: "Envelopes on \(date)" + (budget.currency.isEmpty ? "" : "; amounts in \(budget.currency)"),
            headers: ["Envelope", "Period", "Carried in", "Planned", "Filled", "Moved", "Spent", "Available", "Used"],
            numeric: [2, 3, 4, 5, 6, 7, 8], rows: rows, rowClasses: classes)
        if let ready = report.readyToAssign {
            live += "<p id=\"ready\">Ready to assign: <strong>\(budget.amount(ready, budget.currency))</strong></p>\n"
            if let goals = report.equation?.goals, !goals.isZero {
                // The same "in goals" as `tally envelopes` and the Goals page (Grammar.md §4).
                live += "<p id=\"in-goals\">Saved in goals: \(budget.amount(goals, budget.currency)), assigned, so not in ready to assign</p>\n"
            }
        }
        body += PageLayout.live("envelopes", live)
        body += readOnly.map { PageLayout.message($0) } ?? forms(budget, report: report, token: token, version: version)
        return body
    }

    /// The forms that assign and move money.
    static func forms(_ budget: ReportBudget, report: EnvelopesReport, token: String, version: String) -> HTML {
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
