import TallyCore

/// A JSON document built in code and printed with a fixed key order and two-space
/// indentation, so report output is stable for scripts and readable in golden files.
/// Amounts are strings holding exact decimals, never JSON numbers.
public indirect enum JSONValue {
    /// A string, escaped when printed.
    case string(String)
    /// A whole number (counts; amounts are strings).
    case number(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array; scalars print on one line, objects one per line.
    case array([JSONValue])
    /// An object, its keys printed in the order given.
    case object([(String, JSONValue)])

    /// A string, or null when absent.
    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A JSON string; text that needs no escaping (nearly all of it) skips the
    /// scalar-by-scalar escaper, which keeps a register of 100k rows quick.
    @inlinable
    public static func quote(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        return JSONText.quoted(text)
    }

    /// The document followed by a newline.
    public func rendered() -> String { String(decoding: renderedBytes(), as: UTF8.self) }

    /// The document followed by a newline, as UTF-8 bytes built in one buffer (a
    /// register of 100k rows is a million lines; string concatenation dominated it).
    public func renderedBytes() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 12)
        appendJSON(to: &out, layout: .report)
        out.append(0x0A)
        return out
    }

    /// Appends `text` as a JSON string (``TallyCore/JSONText/appendString(_:to:)``).
    @inlinable
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) { JSONText.appendString(text, to: &out) }

    /// Appends a line break and the indentation of `depth`.
    @inlinable
    public static func newline(_ out: inout [UInt8], depth: Int) { JSONText.appendNewline(to: &out, depth: depth) }
}

/// Written by the one JSON writer (``TallyCore/JSONTree``), indented with keys in the
/// order given.
extension JSONValue: JSONTree {
    public var jsonNode: JSONNode<JSONValue> {
        switch self {
        case .array(let items): .array(items)
        case .object(let pairs): .object(pairs)
        default: .scalar
        }
    }

    public func appendScalar(to out: inout [UInt8]) {
        switch self {
        case .string(let text): JSONText.appendString(text, to: &out)
        case .number(let n): JSONText.appendInt(n, to: &out)
        case .bool(let b): out.appendUTF8(b ? "true" : "false")
        case .null: out.appendUTF8("null")
        case .array, .object: break
        }
    }
}
