/// The pieces of JSON text every front end writes alike: strings escaped per RFC 8259
/// (`\"`, `\\`, `\n`, `\r`, `\t`, other control characters as `\u00XX`, everything else
/// as it is) and whole numbers. The reports' indented documents (TallyReports), the
/// diagnostics' JSON and SARIF (the command line) and the language server's compact
/// messages (TallyLSP) lay out their values around these; here, below all of them, so
/// that none escapes differently.
public enum JSONText {
    /// Appends `text` as a JSON string, quotes included. Text that needs no escaping
    /// (nearly all of it) is copied in one piece, which keeps a register of 100k rows
    /// quick.
    @inlinable
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// Appends text given as UTF-8 bytes as a JSON string, quotes included, as
    /// ``appendString(_:to:)`` does for a string: what prints a label built in a reused
    /// buffer without making a string of it.
    @inlinable
    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(0x22)
        if bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
            out.append(contentsOf: bytes)
        } else {
            appendEscaped(bytes, to: &out)
        }
        out.append(0x22)
    }

    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `bytes`, escaped, without quotes. The runs between bytes to escape are
    /// copied whole: a formatted document sent as one text is megabytes.
    @usableFromInline
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        var run = 0
        for i in 0 ..< bytes.count {
            let byte = bytes[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run ..< i]))
            run = i + 1
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            default:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 15)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Appends a line break and two spaces per level of `depth`: an indented document's
    /// line start.
    @inlinable
    public static func appendNewline(to out: inout [UInt8], depth: Int) {
        out.append(0x0A)
        if depth > 0 { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth)) }
    }

    /// Appends an integer's digits without making a string.
    public static func appendInt(_ value: Int, to out: inout [UInt8]) {
        if value == 0 { out.append(UInt8(ascii: "0")); return }
        if value == Int.min { out.append(contentsOf: String(value).utf8); return }
        var v = value
        if v < 0 { out.append(UInt8(ascii: "-")); v = -v }
        let start = out.count
        while v > 0 {
            out.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        }
        out[start...].reverse()
    }
}
