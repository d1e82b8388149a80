/// RFC 4180 records from decoded text, with the deviations banks produce: any one-character
/// separator, `\n`, `\r\n` or `\r` line ends, spaces before a quoted field, a quote inside
/// an unquoted field kept as written, and a last line without a line end.
public struct CSVRecords {
    /// One record: its fields and where each starts.
    public struct Record: Sendable {
        public var fields: [String]
        /// The position of each field's first character.
        public var positions: [StatementPosition]
        /// The line the record starts on.
        public var line: Int { positions.first?.line ?? 0 }
        /// True when every field is empty.
        public var isBlank: Bool { fields.allSatisfy { $0.trimmingWhitespace.isEmpty } }
    }

    /// Splits `text`; a quoted field still open at the end of the text is an error naming
    /// where it opened.
    public static func read(_ text: String, separator: Character, path: String) throws(StatementError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var positions: [StatementPosition] = []
        var field = ""
        var line = 1, column = 1
        var fieldStart = StatementPosition(line: 1, column: 1)
        var inQuotes = false
        var quoted = false  // the current field was quoted
        var afterQuote = false
        var quoteOpened = fieldStart
        var chars = Array(text)
        if chars.last != "\n" && chars.last != "\r" { chars.append("\n") }
        var i = 0
        func endField() {
            fields.append(field)
            positions.append(fieldStart)
            field = ""
            quoted = false
            afterQuote = false
        }
        while i < chars.count {
            let c = chars[i]
            i += 1
            if inQuotes {
                if c == "\"" {
                    if i < chars.count && chars[i] == "\"" { field.append("\""); i += 1; column += 2; continue }
                    inQuotes = false
                    afterQuote = true
                    column += 1
                    continue
                }
                field.append(c)
                // `\r\n` is one character in Swift; either way, a new line starts.
                if c == "\n" || c == "\r" || c == "\r\n" { line += 1; column = 1 } else { column += 1 }
                continue
            }
            if c == separator {
                endField()
                column += 1
                fieldStart = StatementPosition(line: line, column: column)
                continue
            }
            if c == "\n" || c == "\r" || c == "\r\n" {
                endField()
                records.append(Record(fields: fields, positions: positions))
                fields = []
                positions = []
                line += 1
                column = 1
                fieldStart = StatementPosition(line: line, column: column)
                continue
            }
            if c == "\"" && !quoted && field.allSatisfy({ $0 == " " }) {
                field = ""
                quoted = true
                inQuotes = true
                quoteOpened = StatementPosition(line: line, column: column)
                column += 1
                continue
            }
            // Text after a closing quote (`"a" b`) is kept, as spreadsheets do.
            _ = afterQuote
            field.append(c)
            column += 1
        }
        if inQuotes {
            throw StatementError(path: path, position: quoteOpened, message: "a quoted field opened here is never closed")
        }
        return records
    }

    /// The separator a CSV text most plausibly uses: of `;`, `,`, tab and `|`, the one that
    /// splits the most of the first lines into the same number (above one) of fields.
    public static func detectSeparator(_ text: String) -> Character {
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).prefix(40)
        var best: (separator: Character, score: Int) = (",", -1)
        for separator in [";", ",", "\t", "|"] as [Character] {
            // Counting outside quotes is close enough for choosing.
            var counts: [Int: Int] = [:]
            for line in lines {
                var n = 0, q = false
                for c in line { if c == "\"" { q.toggle() } else if c == separator && !q { n += 1 } }
                if n > 0 { counts[n, default: 0] += 1 }
            }
            let score = counts.values.max() ?? 0
            if score > best.score { best = (separator, score) }
        }
        return best.separator
    }
}
