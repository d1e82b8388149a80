import TallyCore
import TallyReports
import TallySyntax

/// `/goals?at=DAY`: each saving goal as `tally goals` gives it, with its progress drawn
/// and written out; a goal held in a wallet leads (its name and its bar) to that wallet's
/// rows.
enum GoalsPage {
    static func render(_ budget: ReportBudget, at date: CivilDate) -> HTML {
        let report = GoalsReport(budget, at: date)
        var rows: [[HTML]] = []
        for line in report.lines {
            let fraction = line.target.map { $0 > .zero ? min(1, max(0, line.saved.chartValue / $0.chartValue)) : 1 } ?? 0
            let rowsBehind = line.goal.wallet.map { _ in DrillDown.goal(line.goal, model: budget.model, at: date) }
            var bar: HTML =
                "<svg class=\"bar\" viewBox=\"0 0 100 8\" width=\"100\" height=\"8\" role=\"img\" aria-label=\"\(budget.percent(line.percent))\">"
                + "<rect width=\"100\" height=\"8\" rx=\"4\" fill=\"#8883\"/><rect width=\"\(Int(fraction * 100))\" height=\"8\" rx=\"4\" fill=\"#2f9e44\"/></svg>"
            if let rowsBehind { bar = "<a href=\"\(rowsBehind)\">\(bar)</a>" }
            rows.append([
                rowsBehind.map { PageLayout.link($0, line.goal.name) } ?? "\(line.goal.name)", "\(budget.plain(line.saved, line.currency))",
                line.target.map { "\(budget.plain($0, line.currency))" } ?? "", "\(budget.percent(line.percent))",
                bar, "\(line.state)", "\(line.by?.description ?? "")", "\(line.outlook ?? "")"
            ])
        }
        let table = PageLayout.table(
            caption: "Goals on \(date)", headers: ["Goal", "Saved", "Target", "Progress", "", "Status", "By", "Outlook"],
            numeric: [1, 2, 3], rows: rows)
        let assigned: HTML = report.assignedNote.map { "<p id=\"assigned\">\($0).</p>\n" } ?? ""
        return PageLayout.live("goals", table + assigned)
    }
}
