#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Small helpers for writing the page as well-formed XML (so that an XML parser reads it
/// too): escaping (which ``HTML`` applies to every value interpolated into it), and
/// coordinates as short numbers.
public enum Markup {
    /// `text` safe inside an element or a quoted attribute. Characters XML forbids
    /// (controls other than tab, line feed and carriage return) become U+FFFD.
    public static func escape(_ text: String) -> String {
        // Most names and figures need nothing: returned as they are, without a scalar
        // walk (a register page escapes some 20,000 of them).
        if text.utf8.allSatisfy(isPlain) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                let allowed = v >= 0x20 && !(0x7F ... 0x9F).contains(v) && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// A byte that stands for itself in markup: printable ASCII but `&<>"'`, tab, line
    /// feed and carriage return.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: false
        case 0x20 ..< 0x7F, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    /// A coordinate with at most one decimal and never `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        if abs(rounded) >= 1e15 { return String(cFormat: "%.0f", rounded) }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(cFormat: "%.1f", rounded)
    }

    /// A name cut to `limit` characters with an ellipsis, for labels inside charts (the
    /// tables beside them carry the full text).
    static func shortened(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// Three-letter English month name.
    static func shortMonth(_ month: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][max(1, min(12, month)) - 1]
    }
}
