/// A JSON document built in code and printed with a fixed key order and two-space
/// indentation, so report output is stable for scripts and readable in golden files.
/// Amounts are strings holding exact decimals, never JSON numbers.
indirect enum JSONValue {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A string, or null when absent.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// A JSON string; text that needs no escaping (nearly all of it) skips the
    /// scalar-by-scalar escaper, which keeps a register of 100k rows quick.
    static func quote(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        return JSONWriter.quote(text)
    }

    /// The document followed by a newline.
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .string(let text): out += JSONValue.quote(text)
        case .number(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            // Arrays of scalars stay on one line; arrays of objects get a line each.
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out, indent: indent)
                }
                out += "]"
                return
            }
            let inner = indent + "  "
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                item.write(into: &out, indent: inner)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            let inner = indent + "  "
            out += "{\n"
            for (i, (key, value)) in pairs.enumerated() {
                out += inner + JSONValue.quote(key) + ": "
                value.write(into: &out, indent: inner)
                out += i + 1 < pairs.count ? ",\n" : "\n"
            }
            out += indent + "}"
        }
    }
}
