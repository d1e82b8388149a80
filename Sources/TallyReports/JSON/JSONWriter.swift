/// A minimal JSON writer with a fixed key order, so output is stable for scripts and
/// golden tests. Strings are escaped per RFC 8259.
public enum JSONWriter {
    /// `text` as a JSON string, quotes included.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// An object from ordered key-value pairs whose values are already JSON.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An array of items that are already JSON.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
