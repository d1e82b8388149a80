import TallyActions
import TallyCore
import TallyReports
import TallySyntax

/// `/diagnostics`: what checking the budget found (``CheckBudget``, as `tally check` and
/// `/api/diagnostics` show it): the same diagnostics, in the same order (by file, place
/// and code), with the same advice and the same limit a file, each linked to its line in
/// the source view.
enum DiagnosticsPage {
    static func render(_ check: CheckBudget.Result, _ snapshot: BudgetStore.Snapshot) -> HTML {
        var rows: [[HTML]] = []
        for diagnostic in check.listed {
            let line = (snapshot.lines[diagnostic.file]?.line(containing: diagnostic.range.start)).map { $0 + 1 }
            let place = "\(diagnostic.file)\(line.map { ":\($0)" } ?? "")"
            let href = SourceLinks.href(path: diagnostic.file, offset: diagnostic.range.start, snapshot)
            // The code first, then severity and place under it: two columns fit a phone.
            let under: HTML = "<span class=\"under\">\(String(describing: diagnostic.severity)) · " + (href.map { PageLayout.link($0, place) } ?? "\(place)") + "</span>"
            rows.append(["\(diagnostic.code)" + under, "\(diagnostic.message)"])
        }
        let totals = check.totals
        let count = totals.errors + totals.warnings + totals.infos
        let caption = count == 0 ? "No problems found" : "\(count) found: \(totals.errors) errors, \(totals.warnings) warnings, \(totals.infos) notes"
        var out = PageLayout.table(caption: caption, headers: ["Code", "What"], rows: rows)
        for left in check.omitted {
            out += "<p class=\"note\">\(left.file): \(left.count) more not listed (\(left.total) in all); `tally check` lists them all.</p>\n"
        }
        for problem in check.unreadable { out += PageLayout.message(problem, kind: "error") }
        return PageLayout.live("diagnostics", out)
    }

    /// `/api/diagnostics`: the same answer as JSON, as `tally check --format json` prints it.
    static func json(_ check: CheckBudget.Result) -> String {
        let sources = SourceMap()
        for source in check.sources { sources.add(source) }
        return JSONDiagnosticRenderer(sources: sources).render(check.listed, totals: check.totals, omitted: check.omitted)
    }
}
