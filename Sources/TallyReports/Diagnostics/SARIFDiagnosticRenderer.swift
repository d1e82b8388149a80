import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Renders diagnostics as one SARIF 2.1.0 log for code-scanning dashboards.
///
/// The run's tool lists every diagnostic code as a rule, with its title as the short
/// description and the documentation's summary and fix as the help, so a dashboard can
/// explain a finding without the docs at hand. Each result names its rule, its level
/// (`error`, `warning`, or `note` for infos), its message and its region: 1-based lines,
/// columns in Unicode code points, exclusive end column, as SARIF defines them. A file
/// whose results were not all listed (``DiagnosticLimit``) gets a note in the run's
/// `invocations[0].toolExecutionNotifications` saying how many were left out.
public struct SARIFDiagnosticRenderer {
    public let sources: SourceMap

    /// A renderer of diagnostics in `sources`.
    public init(sources: SourceMap) { self.sources = sources }

    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The SARIF log of `diagnostics`, one run, ending with a line feed; `omitted` are the
    /// files whose results were cut by ``DiagnosticLimit``.
    public func render(_ diagnostics: [Diagnostic], omitted: [DiagnosticLimit.Omitted] = []) -> String {
        let ruleIndex = Dictionary(uniqueKeysWithValues: DiagnosticCode.all.enumerated().map { ($1.rawValue, $0) })
        let results = diagnostics.map { result($0, ruleIndex: ruleIndex) }
        return JSONWriter.object([
            ("$schema", JSONWriter.quote(Self.schema)),
            ("version", JSONWriter.quote("2.1.0")),
            ("runs", JSONWriter.array([run(results: results, omitted: omitted)]))
        ]) + "\n"
    }

    /// The run: the tool with its rules, the column unit, the results, and the
    /// notifications of results left out when there are any.
    private func run(results: [String], omitted: [DiagnosticLimit.Omitted]) -> String {
        let driver = JSONWriter.object([
            ("name", JSONWriter.quote("tally")),
            ("version", JSONWriter.quote(TallyVersion.current)),
            ("rules", "[\n" + Self.rules().joined(separator: ",\n") + "\n]")
        ])
        var runPairs = [
            ("tool", JSONWriter.object([("driver", driver)])),
            ("columnKind", JSONWriter.quote(sources.unit == .utf16 ? "utf16CodeUnits" : "unicodeCodePoints")),
            ("results", results.isEmpty ? "[]" : "[\n" + results.joined(separator: ",\n") + "\n]")
        ]
        if !omitted.isEmpty {
            // Left-out results are told as notifications of the tool's run, one per file.
            runPairs.append(
                (
                    "invocations",
                    JSONWriter.array([
                        JSONWriter.object([
                            ("executionSuccessful", "true"),
                            ("toolExecutionNotifications", JSONWriter.array(omitted.map(Self.notification)))
                        ])
                    ])
                ))
        }
        return JSONWriter.object(runPairs)
    }

    /// One rule per diagnostic code, in the order of ``DiagnosticCode/all``: its title,
    /// its summary, and the summary with the fix as help (plain and Markdown).
    private static func rules() -> [String] {
        DiagnosticCode.all.map { code in
            var help = code.summary
            var markdown = code.summary  // the documentation's own Markdown (backticks)
            if let fix = code.fix {
                help += "\n\nFix: " + fix
                markdown += "\n\n**Fix:** " + fix
            }
            return JSONWriter.object([
                ("id", JSONWriter.quote(code.rawValue)),
                ("shortDescription", JSONWriter.object([("text", JSONWriter.quote(code.title))])),
                ("fullDescription", JSONWriter.object([("text", JSONWriter.quote(code.summary))])),
                ("help", JSONWriter.object([("text", JSONWriter.quote(help)), ("markdown", JSONWriter.quote(markdown))])),
                ("defaultConfiguration", JSONWriter.object([("level", JSONWriter.quote(level(code.defaultSeverity)))]))
            ])
        }
    }

    /// One result: its rule (by id, and by index when the code is listed), level,
    /// message with its help, and region.
    private func result(_ d: Diagnostic, ruleIndex: [String: Int]) -> String {
        let at = sources.location(d.file, d.range)
        var message = d.message
        if let help = d.help { message += "\nhelp: " + help }
        let region = JSONWriter.object([
            ("startLine", String(at.line)), ("startColumn", String(at.column)),
            ("endLine", String(at.endLine)), ("endColumn", String(at.endColumn))
        ])
        let location = JSONWriter.object([("physicalLocation", Self.physicalLocation(d.file, region: region))])
        var pairs = [
            ("ruleId", JSONWriter.quote(d.code.rawValue)),
            ("level", JSONWriter.quote(Self.level(d.severity))),
            ("message", JSONWriter.object([("text", JSONWriter.quote(message))])),
            ("locations", JSONWriter.array([location]))
        ]
        if let index = ruleIndex[d.code.rawValue] { pairs.insert(("ruleIndex", String(index)), at: 1) }
        return JSONWriter.object(pairs)
    }

    /// The note of a file whose results were not all listed, saying how many were left out.
    private static func notification(_ left: DiagnosticLimit.Omitted) -> String {
        JSONWriter.object([
            ("level", JSONWriter.quote("note")),
            ("message", JSONWriter.object([("text", JSONWriter.quote(DiagnosticLimit.message(left)))])),
            ("locations", JSONWriter.array([JSONWriter.object([("physicalLocation", physicalLocation(left.file))])]))
        ])
    }

    /// A `physicalLocation`: the file's URI, and its region when there is one.
    private static func physicalLocation(_ file: String, region: String? = nil) -> String {
        var pairs = [("artifactLocation", JSONWriter.object([("uri", JSONWriter.quote(uri(file)))]))]
        if let region { pairs.append(("region", region)) }
        return JSONWriter.object(pairs)
    }

    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// A URI for a path: relative paths stay relative references (dashboards resolve them
    /// against the checkout), absolute ones become `file://` URIs; characters a URI cannot
    /// hold are escaped.
    public static func uri(_ path: String) -> String {
        // A colon in the first segment would read as a scheme.
        let escaped = path.percentEncoded { $0.isURLPathAllowed && $0 != ":" }
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }
}
