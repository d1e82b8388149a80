import TallyCore
import TallyReports
import TallySyntax

/// `/due?days=N`: the occurrences of recurring entries that are overdue, due today or
/// coming within N days (30), as `tally due` lists them, each with a button that records
/// it (`tally record FILE RULE --date DAY`).
enum DuePage {
    static func render(_ budget: ReportBudget, days: Int, token: String, version: String, readOnly: String? = nil) -> HTML {
        let report = DueReport(budget, period: nil, days: days, filter: EntryFilter())
        var rows: [[HTML]] = []
        for item in report.occurrences {
            let d = report.describe(item.rule)
            let rule = budget.model.rules[item.rule]
            var action = HTML()
            if let name = rule.name, readOnly == nil {
                action =
                    "<form class=\"inline\" method=\"post\" action=\"/record\">\(PageLayout.formGuard(token: token, version: version))"
                    + "<input type=\"hidden\" name=\"rule\" value=\"\(name)\"/>"
                    + "<input type=\"hidden\" name=\"date\" value=\"\(item.date)\"/>"
                    + "<button type=\"submit\" aria-label=\"Record \(name) on \(item.date)\">Record</button></form>"
            }
            rows.append([
                "\(item.date)", "\(item.status.rawValue)", "\(rule.name ?? "")", "\(d.payee)", "\(d.wallet)", "\(d.what)", "\(d.amount)", action
            ])
        }
        let table = PageLayout.table(
            caption: "Up to \(report.horizon)", headers: ["Date", "Status", "Rule", "Payee", "Wallet", "What", "Amount", ""],
            numeric: [6], rows: rows)
        return PageLayout.live("due", table) + (readOnly.map { PageLayout.message($0) } ?? HTML())
    }
}
