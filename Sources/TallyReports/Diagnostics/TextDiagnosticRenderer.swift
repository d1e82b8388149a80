import TallyCore
import TallySyntax

/// Renders diagnostics in the familiar compiler layout:
///
/// ```
/// household.tally:12:1: error[E0204]: invalid date `2026-02-30`: February 2026 has 28 days
///    |
/// 12 | 2026-02-30 "Tesco" Checking Food -12.00
///    | ^^^^^^^^^^
///    = help: ...
/// ```
///
/// The excerpt is the original line, byte for byte apart from a final line break and a
/// secret on it (``SourceMap/excerpt(_:_:)``, shown as `…`); the
/// underline keeps the line's tabs so that it lines up in any terminal. A line longer than
/// ``excerptLimit`` bytes is shown as a window of that many bytes around the problem, with
/// `…` where it was cut, so one long line cannot make every diagnostic on it long.
public struct TextDiagnosticRenderer {
    public let sources: SourceMap
    public let color: Bool

    /// A renderer of diagnostics in `sources`, in colour when `color`.
    public init(sources: SourceMap, color: Bool) {
        self.sources = sources
        self.color = color
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func severityColor(_ severity: Severity) -> String {
        switch severity {
        case .error: return "1;31"
        case .warning: return "1;33"
        case .info: return "1;36"
        }
    }

    public func render(_ d: Diagnostic) -> String {
        let location = sources.location(d.file, d.range)
        var out = "\(d.file):\(location.line):\(location.column): "
        out += paint("\(d.severity.rawValue)[\(d.code)]", severityColor(d.severity))
        out += paint(": \(d.message)", "1") + "\n"
        let gutterWidth = String(location.line).count
        let pad = String(repeating: " ", count: gutterWidth)
        let bar = paint("|", "1;34")
        if let excerpt = excerpt(d, line: location.line) {
            out += "\(pad) \(bar)\n"
            out += paint(String(location.line), "1;34") + " \(bar) \(excerpt.line)\n"
            out += "\(pad) \(bar) \(excerpt.padding)\(paint(excerpt.marker, severityColor(d.severity)))\n"
        }
        if let help = d.help {
            out += "\(pad) \(paint("=", "1;34")) help: \(help)\n"
        }
        for note in d.notes {
            let at = sources.location(note.file, note.range)
            out += "\(pad) \(paint("=", "1;34")) note: \(note.file):\(at.line):\(at.column): \(note.message)\n"
        }
        return out
    }

    /// Longest excerpt shown, in bytes; longer lines are cut around the problem.
    static let excerptLimit = 160
    /// How much of a cut line is shown before the problem, in bytes.
    static let excerptLead = 40

    /// The source line (or a window of it) and the marker line under it.
    private func excerpt(_ d: Diagnostic, line: Int) -> (line: String, padding: String, marker: String)? {
        guard let source = sources.source(d.file), let index = sources.index(d.file) else { return nil }
        var content = index.contentRange(ofLine: line - 1)
        var start = min(max(d.range.start, content.start), content.end)
        var (cutBefore, cutAfter) = (false, false)
        if content.end - content.start > Self.excerptLimit {
            let from = Self.scalarStart(source.bytes, max(content.start, start - Self.excerptLead), within: content)
            let to = Self.scalarStart(source.bytes, min(content.end, from + Self.excerptLimit), within: content)
            (cutBefore, cutAfter) = (from > content.start, to < content.end)
            content = ByteRange(start: from, end: to)
            start = min(max(start, content.start), content.end)
        }
        let end = min(max(d.range.end, start), content.end)
        let lineText = (cutBefore ? "…" : "") + Self.visible(sources.excerpt(d.file, content)) + (cutAfter ? "…" : "")
        let before = sources.excerpt(d.file, ByteRange(start: content.start, end: start))
        let inside = sources.excerpt(d.file, ByteRange(start: start, end: end))
        var padding = cutBefore ? " " : ""
        for scalar in before.unicodeScalars {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(scalar))
        }
        var width = 0
        for scalar in inside.unicodeScalars { width += scalar == "\t" ? 4 : DisplayWidth.of(scalar) }
        let marker = String(repeating: "^", count: max(1, width))
        return (lineText, padding, marker)
    }

    /// `offset` moved forward past UTF-8 continuation bytes (at most three), so a window
    /// does not start or end inside a character; never past the end of `range`.
    public static func scalarStart(_ bytes: [UInt8], _ offset: Int, within range: ByteRange) -> Int {
        var i = offset
        while i < range.end && i < offset + 3 && bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    /// The line saying how many of a file's diagnostics were left out (``DiagnosticLimit``).
    public func renderOmitted(_ omitted: DiagnosticLimit.Omitted) -> String {
        "\(omitted.file): " + paint("note", "1;36") + paint(": " + DiagnosticLimit.message(omitted), "1") + "\n"
    }

    /// The text with control characters shown as their Unicode control pictures (␀, ␇),
    /// so that an excerpt never rings the bell or moves the cursor. Tabs stay tabs.
    public static func visible(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" {
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                out.append("\u{2421}")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `2 errors, 1 warning` style summary.
    public static func summary(errors: Int, warnings: Int, infos: Int, files: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let checked = "checked \(count(files, "file"))"
        if errors + warnings + infos == 0 { return "\(checked): no problems found" }
        var parts: [String] = []
        if errors > 0 { parts.append(count(errors, "error")) }
        if warnings > 0 { parts.append(count(warnings, "warning")) }
        if infos > 0 { parts.append(count(infos, "info")) }
        return "\(checked): " + parts.joined(separator: ", ")
    }
}
