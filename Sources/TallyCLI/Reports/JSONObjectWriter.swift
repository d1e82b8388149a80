/// Writes a JSON object's pairs straight into a byte buffer, laid out exactly as
/// `JSONValue.rendered()` lays out an object at the same depth. For reports with one
/// object per row (the register's 100k rows), where building a `JSONValue` tree first
/// cost more than everything else the command does.
struct JSONObjectWriter {
    /// How deep the object sits (the top-level object is 0).
    let depth: Int
    private var count = 0

    /// Starts an object at `depth`; the caller has placed the output where it begins.
    init(depth: Int, into out: inout [UInt8]) {
        self.depth = depth
        out.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: String, _ out: inout [UInt8]) {
        if count > 0 { out.append(UInt8(ascii: ",")) }
        count += 1
        JSONValue.newline(&out, depth: depth + 1)
        JSONValue.appendQuoted(key, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
    }

    /// `"key": "text"`, or `"key": null` when `text` is nil.
    mutating func string(_ name: String, _ text: String?, _ out: inout [UInt8]) {
        key(name, &out)
        if let text { JSONValue.appendQuoted(text, to: &out) } else { out.appendUTF8("null") }
    }

    /// `"key": ["a", "b"]`: an array of strings on one line.
    mutating func strings(_ name: String, _ texts: [String], _ out: inout [UInt8]) {
        key(name, &out)
        out.append(UInt8(ascii: "["))
        for (i, text) in texts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: " ")) }
            JSONValue.appendQuoted(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Closes the object (`{}` when it has no pairs).
    func finish(_ out: inout [UInt8]) {
        if count > 0 { JSONValue.newline(&out, depth: depth) }
        out.append(UInt8(ascii: "}"))
    }
}
