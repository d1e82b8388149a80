import TallyCore
import TallyReports
import TallySyntax

/// `/due?days=N`: the occurrences of recurring entries that are overdue, due today or
/// coming within N days (30), as `tally due` lists them: date and status, payee with the
/// rule, wallet and what under it, the amount, and beside it a button that records it
/// (`tally record FILE RULE --date DAY`).
enum DuePage {
    static func render(_ budget: ReportBudget, days: Int, token: String, version: String, readOnly: String? = nil) -> HTML {
        let report = DueReport(budget, period: nil, days: days, filter: EntryFilter())
        var rows = HTML()
        for item in report.occurrences {
            rows += row(budget, report, item, token: token, version: version, readOnly: readOnly)
        }
        let table =
            PageLayout.tableHead(caption: "Up to \(report.horizon)", headers: ["Date", "Payee", "Amount"], numeric: [2])
            + PageLayout.tableEnd(rows, columns: 3)
        return PageLayout.live("due", table) + (readOnly.map { PageLayout.message($0) } ?? HTML())
    }

    /// One occurrence: date (status under it) · payee (rule, wallet and what under it) ·
    /// amount, the Record button right under it.
    static func row(_ budget: ReportBudget, _ report: DueReport, _ item: DueOccurrence, token: String, version: String, readOnly: String?) -> HTML {
        let d = report.describe(item.rule)
        let rule = budget.model.rules[item.rule]
        var action = HTML()
        if let name = rule.name, readOnly == nil {
            action =
                "<form class=\"inline\" method=\"post\" action=\"/record\">\(PageLayout.formGuard(token: token, version: version))"
                + "<input type=\"hidden\" name=\"rule\" value=\"\(name)\"/>"
                + "<input type=\"hidden\" name=\"date\" value=\"\(item.date)\"/>"
                + "<button type=\"submit\" data-figure=\"record\" aria-label=\"Record \(name) on \(item.date)\">Record</button></form>"
        }
        let under = [rule.name ?? "", d.wallet, d.what].filter { !$0.isEmpty }.joined(separator: " · ")
        var out: HTML = "<tr class=\"\(item.status.rawValue)\"><th scope=\"row\" class=\"date\">\(item.date)<span class=\"under\">\(item.status.rawValue)</span></th>"
        out += "<td class=\"payee\">\(d.payee)<span class=\"under\">\(under)</span></td>"
        out += "<td class=\"num amount\"><span data-figure=\"amount\">\(d.amount)</span>\(action)</td>"
        return out + "</tr>\n"
    }
}
