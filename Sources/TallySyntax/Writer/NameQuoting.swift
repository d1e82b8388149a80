extension NameSyntax {
    /// True when `name` cannot stand bare where a name is read and must be written as a
    /// quoted name (Grammar.md §1.2): it is empty, holds whitespace, `;`, `"`, `,` or `'`,
    /// ends in `:` (it would be a key), starts with a character that starts another token
    /// (`#`, `=`, `@`, `'`), or looks like an attempt at an amount, which the parser reads
    /// as one where an amount may stand: a first `+`, `-`, `.` or digit, or a currency
    /// symbol followed by a digit or sign (`$5`, `€-3`).
    ///
    /// Keywords are not considered here: a tool writes a name with
    /// ``SourceWriter/name(_:)``, which also quotes every name spelled like a keyword.
    public static func needsQuotes(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return true }
        if name.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3B || $0 == 0x22 || $0 == 0x2C || $0 == 0x27 }) {
            return true
        }
        if name.utf8.last == UInt8(ascii: ":") { return true }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "0") ... UInt8(ascii: "9"):
            return true
        default:
            break
        }
        // Most names start with no symbol's first byte: they are ruled out without copying.
        guard ParserState.currencySymbols.contains(where: { $0.bytes[0] == first }) else { return false }
        let bytes = Array(name.utf8)
        for entry in ParserState.currencySymbols where bytes.count > entry.bytes.count && bytes.starts(with: entry.bytes) {
            let next = bytes[entry.bytes.count]
            if (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: "-") || next == UInt8(ascii: "+") { return true }
        }
        return false
    }

    /// `name` as a quoted name: in single quotes, with `\` and `'` escaped.
    public static func quoted(_ name: String) -> String {
        var out = "'"
        for c in name {
            if c == "\\" || c == "'" { out.append("\\") }
            out.append(c)
        }
        return out + "'"
    }
}
