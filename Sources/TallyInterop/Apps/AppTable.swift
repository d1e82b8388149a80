import TallyCore
import TallyImport
import TallySyntax

/// One CSV file of an app's export: its header and rows, read by TallyImport's
/// `CSVRecords` (the one CSV reader), with the whole-column decisions an export needs:
/// which date format and which decimal mark its columns use. Both are decided once per
/// file and never guessed: a column two formats read differently is refused, and so is a
/// column of amounts whose mark no value tells (only `1,000`-like values), unless the
/// user names it (``AppExportOptions``).
struct AppTable {
    let path: String
    /// The header's names, as written (a byte-order mark and spaces around taken off).
    let header: [String]
    /// The records below the header, blank ones left out.
    let rows: [CSVRecords.Record]
    private let columns: [String: Int]

    /// Reads `text` (the separator detected, as for bank statements).
    init(path: String, text: String) throws(AppExportError) {
        self.path = path
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Bytes no UTF-8 character has were read as U+FFFD: an export saved in another
        // character set (Monefy and others offer several) would give names that are not
        // the app's.
        if let bad = text.firstIndex(of: "\u{FFFD}") {
            let line = text[..<bad].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            throw AppExportError("\(path):\(line): the file is not UTF-8 (a byte no UTF-8 character has); export it from the app as UTF-8")
        }
        let records: [CSVRecords.Record]
        do {
            records = try CSVRecords.read(text, separator: CSVRecords.detectSeparator(text, path: path), path: path)
        } catch {
            throw AppExportError("\(path):\(error.position?.description ?? "1"): \(error.message)")
        }
        guard let first = records.first(where: { !$0.isBlank }) else { throw AppExportError("\(path): no header line") }
        header = first.fields.map { $0.trimmedSpaces }
        rows = records.drop { $0.line <= first.line }.filter { !$0.isBlank }
        // A field more than the header names is most often an amount written with a
        // thousands separator the separator splits (`$1,234.56` unquoted): every column
        // after it would be read shifted, so the file is refused.
        let width = header.count
        if let long = rows.first(where: { $0.fields.count > width }) {
            throw AppExportError("\(path):\(long.line): \(long.fields.count) fields where the header names \(width)")
        }
        var columns: [String: Int] = [:]
        for (i, name) in header.enumerated() where columns[name.lowercased()] == nil { columns[name.lowercased()] = i }
        self.columns = columns
    }

    /// The column named `name` (any case), nil when the header has none.
    func column(_ name: String) -> Int? { columns[name.lowercased()] }

    /// The first of `names` the header has.
    func column(anyOf names: [String]) -> Int? { names.lazy.compactMap { self.column($0) }.first }

    /// Whether the header has every one of `names`.
    func has(_ names: [String]) -> Bool { names.allSatisfy { column($0) != nil } }

    /// The field of `row` in `column`, spaces around taken off; empty when the row is short.
    func field(_ row: CSVRecords.Record, _ column: Int?) -> String {
        guard let column, column < row.fields.count else { return "" }
        return row.fields[column].trimmedSpaces
    }

    /// Where `row` stands, for the lines listed as not converted.
    func source(_ row: CSVRecords.Record) -> SourceLine { SourceLine(file: path, line: row.line) }

    /// The one date format that reads every value of `column` (a date and time: the
    /// date); `given` when the user named one. Refused when none reads them all, or when
    /// two read them all and give different dates (`03/04/2026`): never a guess.
    func dateFormat(_ column: Int, given: DateFormat?) throws(AppExportError) -> DateFormat {
        let values = Set(rows.map { field($0, column) }.filter { !$0.isEmpty })
        if let given {
            if let bad = values.first(where: { given.parse($0) == nil }) {
                throw AppExportError("\(path): the date `\(bad)` is not written \(given.rawValue)")
            }
            return given
        }
        let fitting = DateFormat.allCases.filter { format in values.allSatisfy { format.parse($0) != nil } }
        guard let first = fitting.first else {
            throw AppExportError("\(path): the dates of column `\(header[column])` are in no format Tally reads; name it with --date-format")
        }
        for other in fitting.dropFirst() where values.contains(where: { first.parse($0) != other.parse($0) }) {
            throw AppExportError(
                "\(path): the dates of column `\(header[column])` read as \(first.rawValue) and as \(other.rawValue); name the app's setting with --date-format"
            )
        }
        return first
    }

    /// A value of `column` that reads as another day year first (`yy.mm.dd`, which Money
    /// Manager writes in some settings) than `DD.MM.YY` reads it; nil when a value has no
    /// year-first reading (a one-digit first part, a day past 31) or none differs.
    func yearFirstDoubt(_ column: Int) -> String? {
        func yearFirst(_ value: String) -> CivilDate? {
            let parts = value.prefix { $0 != " " && $0 != "T" }.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 2, parts[2].count <= 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
            else { return nil }
            return CivilDate(year: 2000 + y, month: m, day: d)
        }
        let values = Set(rows.map { field($0, column) }.filter { !$0.isEmpty }).sorted()
        guard values.allSatisfy({ yearFirst($0) != nil }) else { return nil }
        return values.first { yearFirst($0) != DateFormat.dayDottedShort.parse($0) }
    }

    /// The one date format that reads every value of `column` as a day in `months` (from
    /// the first day of the first to the end of the last), nil when none or two readings
    /// do: evidence from the same export (YNAB's plan names its months, `Nov 2026`), asked
    /// before --date-format when the dates alone read two ways.
    func dateFormat(_ column: Int, within months: ClosedRange<CivilDate>) -> DateFormat? {
        let values = Set(rows.map { field($0, column) }.filter { !$0.isEmpty })
        let fitting = DateFormat.allCases.filter { format in
            values.allSatisfy { value in
                format.parse(value).map { months.contains(CivilDate(year: $0.year, month: $0.month, day: 1)!) } ?? false
            }
        }
        guard let first = fitting.first else { return nil }
        // Formats that give the same days are one reading.
        if fitting.dropFirst().contains(where: { other in values.contains { first.parse($0) != other.parse($0) } }) { return nil }
        return first
    }

    /// The decimal mark of the amounts in `columns`, `given` when the user named one.
    /// Refused when the values disagree, or when none tells and one could be read both
    /// ways (`1,000` is a thousand or one).
    func decimalMark(_ columns: [Int], given: DecimalMark?) throws(AppExportError) -> DecimalMark {
        if let given { return given }
        let values = rows.flatMap { row in columns.map { field(row, $0) } }.filter { !$0.isEmpty }
        var told: DecimalMark?
        var doubtful: String?
        for value in values {
            // TallyImport's rule for one value, asked with either fallback: a value that
            // tells gives its mark both times.
            let value = AppAmount.numericPart(value)
            let mark = AmountText.decimalMark(of: [value], fallback: .point)
            guard mark == AmountText.decimalMark(of: [value], fallback: .comma) else {
                if value.contains(where: { $0 == "." || $0 == "," }) { doubtful = doubtful ?? value }
                continue
            }
            if let told, told != mark {
                throw AppExportError("\(path): amounts are written with both decimal marks (`\(value)`); name the app's with --decimal")
            }
            told = mark
        }
        if let told { return told }
        if let doubtful { throw AppExportError("\(path): the amount `\(doubtful)` can be read two ways; name the decimal mark with --decimal") }
        return .point
    }
}

/// An app's amount: the number, and the currency symbol or code written beside it
/// (`$`, `€`, `kr`, `EUR`; empty when none).
struct AppAmount {
    var number: Money
    var symbol: String

    /// Reads `text` with `mark`; nil when it is no amount.
    init?(_ text: String, mark: DecimalMark) {
        // The symbol may stand between the sign and the number (`-€197,44`), where
        // `AmountText` reads none: it is taken out first.
        guard let number = AmountText.parse(Self.numericPart(text), mark: mark) else { return nil }
        self.number = number
        symbol = text.filter { !Self.isNumeric($0) }.trimmedSpaces
    }

    /// `text` without its currency symbol or code (`kr.`'s point is no decimal mark).
    static func numericPart(_ text: String) -> String {
        // A symbol's own letters and points stand apart from the number by a space or
        // none: digits, signs, marks, parentheses and grouping spaces are the number.
        var number = text.filter(isNumeric)
        while let last = number.last, last == "." || last == " " { number.removeLast() }
        while let first = number.first, first == "." || first == " " { number.removeFirst() }
        return number
    }

    /// Currency symbols an app writes beside amounts, beyond the journals' `$`, `€`, `£`,
    /// `¥` and `₹`: each names one currency (`kr` names several and is not here; `RM`
    /// looks like a code and is none).
    static let currencySymbols = ["RM": "MYR", "Kč": "CZK", "zł": "PLN", "R$": "BRL", "₩": "KRW", "₺": "TRY", "₴": "UAH", "₫": "VND"]

    static func isNumeric(_ c: Character) -> Bool { (c.isASCII && c.isNumber) || "+-.,() '\u{A0}\u{202F}’".contains(c) }
}

/// Why an export cannot be converted at all (as opposed to a row listed as not converted).
public struct AppExportError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
