import TallyCore

/// A minimal JSON writer with a fixed key order, so output is stable for scripts and
/// golden tests. Strings are escaped per RFC 8259.
public enum JSONWriter {
    /// `text` as a JSON string, quotes included (``TallyCore/JSONText``, the one escaper).
    public static func quote(_ text: String) -> String { JSONText.quoted(text) }

    /// An object from ordered key-value pairs whose values are already JSON.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An array of items that are already JSON.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
