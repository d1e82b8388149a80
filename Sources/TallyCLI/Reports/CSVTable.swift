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
        ([header] + rows).map { $0.map(field).joined(separator: String(separator)) + "\r\n" }.joined()
    }

    private func field(_ value: String) -> String {
        guard value.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
