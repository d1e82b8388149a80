import TallyCore
import TallySyntax

/// Renders diagnostics as one JSON document:
/// `{"diagnostics":[{"file","line","column","endLine","endColumn","severity","code",
/// "message", ...}], "errors":N, "warnings":N, "infos":N}`. Lines and columns are 1-based,
/// columns count Unicode scalars, and the end is exclusive. `help`, `notes` and `fixes`
/// appear when a diagnostic has them. When a file had more diagnostics than are shown
/// (``DiagnosticLimit``), `"notShown":[{"file","count","total"}]` says so, and the counts
/// still count every finding.
public struct JSONDiagnosticRenderer {
    public let sources: SourceMap

    /// A renderer of diagnostics in `sources`.
    public init(sources: SourceMap) { self.sources = sources }

    public func render(_ diagnostics: [Diagnostic]) -> String {
        render(diagnostics, totals: DiagnosticTotals(diagnostics), omitted: [])
    }

    public func render(_ diagnostics: [Diagnostic], totals: DiagnosticTotals, omitted: [DiagnosticLimit.Omitted]) -> String {
        var lines: [String] = []
        for d in diagnostics {
            let at = sources.location(d.file, d.range)
            var pairs: [(String, String)] = [
                ("file", JSONWriter.quote(d.file)),
                ("line", String(at.line)), ("column", String(at.column)),
                ("endLine", String(at.endLine)), ("endColumn", String(at.endColumn)),
                ("severity", JSONWriter.quote(d.severity.rawValue)),
                ("code", JSONWriter.quote(d.code.rawValue)),
                ("message", JSONWriter.quote(d.message))
            ]
            if let help = d.help { pairs.append(("help", JSONWriter.quote(help))) }
            if !d.notes.isEmpty {
                pairs.append(
                    (
                        "notes",
                        JSONWriter.array(
                            d.notes.map { note in
                                let n = sources.location(note.file, note.range)
                                return JSONWriter.object([
                                    ("file", JSONWriter.quote(note.file)), ("line", String(n.line)),
                                    ("column", String(n.column)), ("message", JSONWriter.quote(note.message))
                                ])
                            })
                    ))
            }
            if !d.fixes.isEmpty {
                pairs.append(
                    (
                        "fixes",
                        JSONWriter.array(
                            d.fixes.map { fix in
                                JSONWriter.object([
                                    ("title", JSONWriter.quote(fix.title)),
                                    (
                                        "edits",
                                        JSONWriter.array(
                                            fix.edits.map { edit in
                                                let e = sources.location(d.file, edit.range)
                                                return JSONWriter.object([
                                                    ("line", String(e.line)), ("column", String(e.column)),
                                                    ("endLine", String(e.endLine)), ("endColumn", String(e.endColumn)),
                                                    ("newText", JSONWriter.quote(edit.replacement))
                                                ])
                                            })
                                    )
                                ])
                            })
                    ))
            }
            lines.append(JSONWriter.object(pairs))
        }
        let list = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
        var notShown = ""
        if !omitted.isEmpty {
            notShown =
                ",\"notShown\":"
                + JSONWriter.array(
                    omitted.map {
                        JSONWriter.object([("file", JSONWriter.quote($0.file)), ("count", String($0.count)), ("total", String($0.total))])
                    })
        }
        return "{\"diagnostics\":\(list)\(notShown),\"errors\":\(totals.errors),\"warnings\":\(totals.warnings),\"infos\":\(totals.infos)}\n"
    }
}
