import TallySyntax

/// Where a diagnostic code is explained: its section of `docs/diagnostics.md`.
///
/// Each code has a heading `## CODE title`; its anchor is the heading as GitHub and most
/// Markdown viewers make it: lower case, spaces as hyphens, other punctuation dropped
/// (`E0204 invalid date` → `e0204-invalid-date`).
public enum DiagnosticLinks {
    /// The anchor of `code`'s section.
    public static func anchor(of code: DiagnosticCode) -> String {
        var out = ""
        for ch in (code.rawValue + " " + code.title).lowercased() {
            if ch == " " { out.append("-") } else if ch == "-" || ch == "_" || ch.isLetter || ch.isNumber { out.append(ch) }
        }
        return out
    }
}
