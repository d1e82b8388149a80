import TallyReports
import TallySyntax

/// The banner every page but Diagnostics leads with when the budget has errors or
/// warnings: how many, a link to Diagnostics and one to the first problem's line, so
/// that figures drawn from a budget with a mistake in it are never shown as if all
/// were well.
enum ProblemsBanner {
    static func render(_ snapshot: BudgetStore.Snapshot) -> HTML {
        guard let diagnostics = snapshot.opened?.diagnostics else { return HTML() }
        let problems = diagnostics.filter { $0.severity != .info }
        // The first by place (the budget's file order, then offset), errors before warnings.
        let order = Dictionary(snapshot.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let first = problems.min { a, b in
            (a.severity == .error ? 0 : 1, order[a.file] ?? .max, a.range.start) < (b.severity == .error ? 0 : 1, order[b.file] ?? .max, b.range.start)
        }
        guard let first else { return HTML() }
        let errors = problems.filter { $0.severity == .error }.count, warnings = problems.count - errors
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counted = [errors > 0 ? count(errors, "error") : nil, warnings > 0 ? count(warnings, "warning") : nil].compactMap { $0 }
        var text: HTML = "The budget has \(counted.joined(separator: " and ")): "
        text += PageLayout.link("/diagnostics", "see Diagnostics")
        if let href = SourceLinks.href(path: first.file, offset: first.range.start, snapshot) {
            let line = (snapshot.lines[first.file]?.line(containing: first.range.start)).map { ":\($0 + 1)" } ?? ""
            text += " · first: " + PageLayout.link(href, "\(first.file)\(line)") + " \(first.message)"
        }
        return "<p class=\"message banner \(errors > 0 ? "error" : "warning")\" role=\"status\">" + text + "</p>\n"
    }
}
