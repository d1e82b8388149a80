import TallyCore

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
        // UTF-8 bytes rather than characters: much faster, and quotes and line ends are
        // ASCII bytes, which never occur inside another character's bytes. A separator
        // outside ASCII is matched as its whole byte sequence, which UTF-8 never finds
        // starting in the middle of a character.
        var bytes = Array(text.utf8)
        let separatorBytes = Array(String(separator).utf8)
        let sep = separatorBytes[0], sepRest = separatorBytes.dropFirst()
        let quote: UInt8 = 0x22, cr: UInt8 = 0x0D, lf: UInt8 = 0x0A, space: UInt8 = 0x20
        if let last = bytes.last, last != lf && last != cr { bytes.append(lf) }
        var records: [Record] = []
        var fields: [String] = []
        var positions: [StatementPosition] = []
        // The current field: a run of the text (`start..<i`) while it is unquoted, else the
        // bytes gathered in `field`.
        var runStart = 0
        var field: [UInt8] = []
        var line = 1, column = 1
        var fieldStart = StatementPosition(line: 1, column: 1)
        var inQuotes = false
        var quoted = false  // the current field was quoted
        var onlySpaces = true  // the current field holds nothing but spaces so far
        var quoteOpened = fieldStart
        var i = 0
        let count = bytes.count
        func endField(at end: Int) {
            if quoted {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else {
                fields.append(String(decoding: bytes[runStart ..< end], as: UTF8.self))
            }
            positions.append(fieldStart)
            quoted = false
            onlySpaces = true
        }
        while i < count {
            let c = bytes[i]
            i += 1
            if inQuotes {
                if c == quote {
                    if i < count && bytes[i] == quote { field.append(quote); i += 1; column += 2; continue }
                    inQuotes = false
                    column += 1
                    continue
                }
                field.append(c)
                if c == lf || (c == cr && !(i < count && bytes[i] == lf)) { line += 1; column = 1 } else if c != cr && c & 0xC0 != 0x80 { column += 1 }
                continue
            }
            if c == sep && (sepRest.isEmpty || bytes[i...].starts(with: sepRest)) {
                endField(at: i - 1)
                i += sepRest.count
                runStart = i
                column += 1
                fieldStart = StatementPosition(line: line, column: column)
                continue
            }
            if c == lf || c == cr {
                endField(at: i - 1)
                if c == cr && i < count && bytes[i] == lf { i += 1 }
                runStart = i
                records.append(Record(fields: fields, positions: positions))
                fields = []
                positions = []
                line += 1
                column = 1
                fieldStart = StatementPosition(line: line, column: column)
                continue
            }
            if c == quote && !quoted && onlySpaces {
                field.removeAll(keepingCapacity: true)
                quoted = true
                inQuotes = true
                quoteOpened = StatementPosition(line: line, column: column)
                column += 1
                continue
            }
            // Text after a closing quote (`"a" b`) is kept, as spreadsheets do.
            if c != space { onlySpaces = false }
            if quoted { field.append(c) }
            // A column is a character: continuation bytes of UTF-8 do not count.
            if c & 0xC0 != 0x80 { column += 1 }
        }
        if inQuotes {
            throw StatementError(path: path, position: quoteOpened, message: "a quoted field opened here is never closed")
        }
        return records
    }

    /// The separator a CSV text most plausibly uses: of `;`, `,`, tab and `|`, the one
    /// whose split of the first lines into one number (above one) of fields counts the
    /// most separators (lines times separators per line): Deutsche Bank's four `;`-rows of
    /// 18 fields outweigh the five lines of its preamble and rows holding one decimal
    /// comma each. A text where none splits a line is refused, with what its first line
    /// holds.
    public static func detectSeparator(_ text: String, path: String) throws(StatementError) -> Character {
        // The first lines are enough, and splitting a whole 10,000-row file is not cheap.
        let lines = text.prefix(16 * 1024).split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).prefix(40)
        var best: (separator: Character, score: Int) = (",", 0)
        for separator in [";", ",", "\t", "|"] as [Character] {
            // Counting outside quotes is close enough for choosing.
            var counts: [Int: Int] = [:]
            for line in lines {
                var n = 0, q = false
                for c in line { if c == "\"" { q.toggle() } else if c == separator && !q { n += 1 } }
                if n > 0 { counts[n, default: 0] += 1 }
            }
            let score = counts.map { $0.key * $0.value }.max() ?? 0
            if score > best.score { best = (separator, score) }
        }
        guard best.score > 0 else {
            let first = lines.first.map { String($0.prefix(60)) } ?? ""
            throw StatementError(
                path: path, position: StatementPosition(line: 1, column: 1),
                text:
                    "no field separator found: none of `;`, `,`, tab or `|` stands in the first \(lines.count) line\(lines.count == 1 ? "" : "s") outside quotes (the first reads `\(first)`); this is not a CSV statement Tally reads, or its separator is named with `separator` in the import profile\(flags: " or --separator", parameters: "")")
        }
        return best.separator
    }
}
