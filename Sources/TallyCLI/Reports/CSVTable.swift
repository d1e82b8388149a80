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
        var out = ""
        let separatorText = String(separator)
        // Scanning bytes is what keeps a 100k-line register fast; the separator is
        // compared as bytes too, so a non-ASCII one works the same.
        let separatorBytes = Array(separatorText.utf8)
        for row in [header] + rows {
            for (i, value) in row.enumerated() {
                if i > 0 { out += separatorText }
                out += needsQuotes(value, separatorBytes) ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
            }
            out += "\r\n"
        }
        return out
    }

    private func needsQuotes(_ value: String, _ separator: [UInt8]) -> Bool {
        let bytes = value.utf8
        if bytes.contains(where: { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) { return true }
        if separator.count == 1 { return bytes.contains(separator[0]) }
        return value.contains(String(decoding: separator, as: UTF8.self))
    }
}
