import TallyCore
import TallySyntax

/// Renders diagnostics as GitHub Actions workflow commands, one line each, so that a
/// workflow step running `tally check --format github` annotates the pull request's lines:
///
///     ::error file=budget.tally,line=6,col=1,endLine=6,endColumn=10,title=E0204::invalid date …
///
/// Errors become `::error`, warnings `::warning`, infos `::notice`. Columns are 1-based
/// Unicode characters and `endColumn` is the last column of the problem (inclusive), the
/// way an annotation marks it. A diagnostic's help follows its message on a new line.
/// GitHub places annotations by paths relative to the checkout, so absolute paths inside
/// `workspace` (the `GITHUB_WORKSPACE` folder) are made relative to it. A file whose
/// diagnostics were not all shown (``DiagnosticLimit``) gets one `::notice` saying how many
/// were left out.
public struct GitHubDiagnosticRenderer {
    public let sources: SourceMap
    public var workspace: String?

    /// A renderer of diagnostics in `sources`, paths relative to `workspace` when given.
    public init(sources: SourceMap, workspace: String? = nil) {
        self.sources = sources
        self.workspace = workspace
    }

    public func render(_ diagnostics: [Diagnostic], omitted: [DiagnosticLimit.Omitted] = []) -> String {
        diagnostics.map(line).joined() + omitted.map(line).joined()
    }

    /// A notice on the file saying how many of its diagnostics were left out
    /// (``DiagnosticLimit``).
    public func line(_ omitted: DiagnosticLimit.Omitted) -> String {
        "::notice file=\(Self.escapeProperty(relative(omitted.file))),title=\(Self.escapeProperty("tally"))::\(Self.escapeData(DiagnosticLimit.message(omitted)))\n"
    }

    public func line(_ d: Diagnostic) -> String {
        let at = sources.location(d.file, d.range)
        let command: String
        switch d.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .info: command = "notice"
        }
        // The exclusive end becomes the last character's column; an empty range marks one.
        let lastColumn = at.endLine == at.line ? max(at.column, at.endColumn - 1) : max(1, at.endColumn - 1)
        let properties = [
            ("file", relative(d.file)), ("line", String(at.line)), ("col", String(at.column)),
            ("endLine", String(at.endLine)), ("endColumn", String(lastColumn)), ("title", d.code.rawValue)
        ].map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        var message = d.message
        if let help = d.help { message += "\nhelp: " + help }
        return "::\(command) \(properties)::\(Self.escapeData(message))\n"
    }

    public func relative(_ path: String) -> String {
        guard let workspace, !workspace.isEmpty, path.hasPrefix("/") else { return path }
        let folder = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// Escapes a command's message: `%`, carriage returns and line feeds.
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes a property value: what ``escapeData(_:)`` escapes, and `:` and `,`, which
    /// would otherwise end the property list or the property.
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
