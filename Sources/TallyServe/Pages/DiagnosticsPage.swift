import TallyCore
import TallySyntax

/// `/diagnostics`: what `tally check` finds, errors first, each linked to its line in the
/// source view.
enum DiagnosticsPage {
    /// The most diagnostics a page lists.
    static let limit = 1000

    static func render(_ snapshot: BudgetStore.Snapshot) -> String {
        let found = (snapshot.opened?.diagnostics ?? []).sorted { ($0.severity == .error ? 0 : 1, $0.file, $0.range.start) < ($1.severity == .error ? 0 : 1, $1.file, $1.range.start) }
        var rows: [[String]] = []
        for diagnostic in found.prefix(limit) {
            let line = (snapshot.lines[diagnostic.file]?.line(containing: diagnostic.range.start)).map { $0 + 1 }
            let place = "\(diagnostic.file)\(line.map { ":\($0)" } ?? "")"
            let href = SourceLinks.href(path: diagnostic.file, offset: diagnostic.range.start, snapshot)
            rows.append([
                PageLayout.esc(diagnostic.code.description), PageLayout.esc("\(diagnostic.severity)"),
                href.map { PageLayout.link($0, place) } ?? PageLayout.esc(place), PageLayout.esc(diagnostic.message)
            ])
        }
        var out = PageLayout.table(caption: found.isEmpty ? "No problems found" : "\(found.count) found", headers: ["Code", "Severity", "Where", "What"], rows: rows)
        if found.count > limit { out += "<p class=\"note\">The first \(limit); `tally check` lists them all.</p>\n" }
        return PageLayout.live("diagnostics", out)
    }
}
