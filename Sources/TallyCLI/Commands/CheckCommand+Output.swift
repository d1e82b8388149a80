import TallyActions
import TallyCore
import TallyReports
import TallySyntax

extension CheckCommand {
    /// Prints what the check found in the format asked for, sorted by file and place,
    /// at most `DiagnosticLimit.perFile` a file (the totals count them all).
    static func render(_ findings: CheckBudget.Result, options: Options, console: Console) {
        let sources = SourceMap(unit: options.columnUnit)
        for source in findings.sources { sources.add(source) }
        let (listed, omitted, totals) = (findings.listed, findings.omitted, findings.totals)
        switch options.format {
        case "json":
            console.out(JSONDiagnosticRenderer(sources: sources).render(listed, totals: totals, omitted: omitted))
        case "github":
            console.out(GitHubDiagnosticRenderer(sources: sources, workspace: console.environment["GITHUB_WORKSPACE"]).render(listed, omitted: omitted))
        case "sarif":
            console.out(SARIFDiagnosticRenderer(sources: sources).render(listed, omitted: omitted))
        default:
            let color = console.usesColor(options.color)
            let renderer = TextDiagnosticRenderer(sources: sources, color: color)
            let omittedByFile = Dictionary(omitted.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
            for (i, d) in listed.enumerated() {
                if i > 0 { console.out("\n") }
                console.out(renderer.render(d))
                // After a file's last shown diagnostic, what was left out of it.
                if let left = omittedByFile[d.file], i + 1 == listed.count || listed[i + 1].file != d.file {
                    console.out("\n" + renderer.renderOmitted(left))
                }
            }
            if !options.quiet && !findings.checkedFiles.isEmpty {
                if !listed.isEmpty { console.out("\n") }
                console.out(
                    TextDiagnosticRenderer.summary(
                        errors: totals.errors, warnings: totals.warnings, infos: totals.infos,
                        files: findings.checkedFiles.count) + "\n")
            }
        }
    }
}
