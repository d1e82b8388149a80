import TallyReports

/// A table for spreadsheets and scripts, written per RFC 4180: a header row, fields that
/// hold the separator, a quote or a line break are quoted with quotes doubled, and lines
/// end with CRLF. `--csv-separator ';'` suits spreadsheets in comma-decimal locales.
/// Amounts are plain decimals with a point and no currency (the currency has a column).
struct CSVTable {
    var header: [String]
    var rows: [[String]] = []
    var separator: Character = ","

    init(_ header: [String]) { self.header = header }

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        // Built as bytes in one buffer and scanned as bytes: that is what keeps a
        // 100k-line register fast. The separator is compared as bytes too, so a
        // non-ASCII one works the same.
        let separatorBytes = CSVTable.bytes(of: separator)
        var out: [UInt8] = []
        out.reserveCapacity((rows.count + 1) * 96)
        CSVTable.append(header, separator: separatorBytes, to: &out)
        for row in rows { CSVTable.append(row, separator: separatorBytes, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The separator's UTF-8 bytes, as `append` takes them.
    static func bytes(of separator: Character) -> [UInt8] { Array(String(separator).utf8) }

    /// Appends one CSV line (quoted as `render` quotes, ending in CRLF) to `out`: for
    /// commands that write rows as they go instead of keeping a table.
    static func append(_ row: [String], separator: [UInt8], to out: inout [UInt8]) {
        for (i, value) in row.enumerated() {
            if i > 0 { out.append(contentsOf: separator) }
            appendField(value, separator: separator, to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// Appends one field, quoted when it must be, without a separator or line end.
    static func appendField(_ value: String, separator: [UInt8], to out: inout [UInt8]) {
        if separator.count == 1 {
            // One scan over the bytes decides and, for plain fields, copies them.
            var copy = value
            let plain = copy.withUTF8 { bytes in
                for byte in bytes where byte == 0x22 || byte == 0x0A || byte == 0x0D || byte == separator[0] { return false }
                out.append(contentsOf: bytes)
                return true
            }
            if plain { return }
        }
        if needsQuotes(value, separator) {
            out.append(0x22)
            for byte in value.utf8 {
                out.append(byte)
                if byte == 0x22 { out.append(0x22) }
            }
            out.append(0x22)
        } else {
            out.appendUTF8(value)
        }
    }

    /// Appends one field given as UTF-8 bytes (an amount or date written in place),
    /// quoted exactly as the same text would be.
    static func appendField(bytes: ArraySlice<UInt8>, separator: [UInt8], to out: inout [UInt8]) {
        if separator.count == 1, !bytes.contains(where: { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D || $0 == separator[0] }) {
            out.append(contentsOf: bytes)
        } else {
            appendField(String(decoding: bytes, as: UTF8.self), separator: separator, to: &out)
        }
    }

    /// Ends a line as `append` does: CRLF.
    static func endLine(_ out: inout [UInt8]) {
        out.append(0x0D)
        out.append(0x0A)
    }

    private static func needsQuotes(_ value: String, _ separator: [UInt8]) -> Bool {
        let bytes = value.utf8
        if bytes.contains(where: { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) { return true }
        if separator.count == 1 { return bytes.contains(separator[0]) }
        return value.contains(String(decoding: separator, as: UTF8.self))
    }
}
