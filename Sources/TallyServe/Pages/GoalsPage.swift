import TallyCore
import TallyReports
import TallySyntax

/// `/goals?at=DAY`: each saving goal as `tally goals` gives it: its name over a bar of its
/// progress and what it needs (a goal with a target and a date: the amount a month until
/// the date), then saved of its target; a goal held in a wallet leads (its name and its
/// bar) to that wallet's rows.
enum GoalsPage {
    static func render(_ budget: ReportBudget, at date: CivilDate) -> HTML {
        let report = GoalsReport(budget, at: date)
        var rows = HTML()
        for line in report.lines { rows += row(budget, line, at: date) }
        let table =
            PageLayout.tableHead(caption: "Goals on \(date)", headers: ["Goal", "Saved"], numeric: [1])
            + PageLayout.tableEnd(rows, columns: 2)
        let assigned: HTML = report.assignedNote.map { "<p id=\"assigned\">\($0).</p>\n" } ?? ""
        return PageLayout.live("goals", table + assigned)
    }

    /// One goal: name, bar, what it needs, status and date · saved (of the target).
    static func row(_ budget: ReportBudget, _ line: GoalsReport.Line, at date: CivilDate) -> HTML {
        let fraction = line.target.map { $0 > .zero ? line.saved.chartValue / $0.chartValue : 1 } ?? 0
        let rowsBehind = line.goal.wallet.map { _ in DrillDown.goal(line.goal, model: budget.model, at: date) }
        var bar = PageLayout.bar(fraction, label: budget.percent(line.percent))
        if let rowsBehind { bar = "<a href=\"\(rowsBehind)\">\(bar)</a>" }
        let name = rowsBehind.map { PageLayout.link($0, line.goal.name) } ?? "\(line.goal.name)"
        let state = [line.state, line.by.map { "by \($0)" } ?? "", budget.percent(line.percent)].filter { !$0.isEmpty }.joined(separator: " · ")
        var out: HTML = "<tr data-goal=\"\(line.goal.name)\"><th scope=\"row\">\(name)\(bar)"
        if let need = line.outlook { out += "<span class=\"need\" data-figure=\"need\">\(need)</span>" }
        out += "<span class=\"under\">\(state)</span></th>"
        out += "<td class=\"num\"><span data-figure=\"saved\">\(budget.plain(line.saved, line.currency))</span>"
        if let target = line.target { out += "<span class=\"under\">of \(budget.plain(target, line.currency))</span>" }
        return out + "</td></tr>\n"
    }
}
