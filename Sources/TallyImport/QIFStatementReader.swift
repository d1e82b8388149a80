import TallyCore
import TallySyntax

/// Reads QIF (Quicken Interchange Format) files of a bank, card or cash account: a
/// `!Type:Bank` (`CCard`, `Cash`, `Oth A`, `Oth L`) header, then records of one-letter
/// lines, each ended by `^`: `D` the date, `T` (or `U`) the amount, `P` the payee, `M`
/// the memo. `N` (a cheque number), `L` (Quicken's category), `C` (cleared) and split
/// lines (`S`, `E`, `$`) are not needed: the amount is the movement's, and Tally
/// categorizes it itself. QIF has no movement ids, so movements get fingerprints.
///
/// Dates are Quicken's: `1/ 5'24` (month, day, and after `'` a year from 2000),
/// `01/05/2024`, `1/5/24` (a two-digit year after `/` is 19YY from 70 on, else 20YY),
/// `2024-01-05`, `05.01.2024`. Month or day first is chosen for the whole file, as for a
/// CSV column: as the profile's `dates` declares (a day-first format, or `MM/DD/YYYY`),
/// else the one reading that reads every date, else as the file's order and `today`
/// decide (``DateEvidence``); a file they leave doubtful is refused. The decimal mark too:
/// the one every amount agrees on (`1,234.56`, `1.234,56`). Investment, category and
/// memorized lists (`!Type:Invst`, `!Type:Cat`, …) are refused: they are no statement.
public enum QIFStatementReader {
    /// True when the text starts (after blank lines and `!Option` lines) with `!Type:` or
    /// `!Account`.
    public static func recognises(_ text: String) -> Bool {
        // Line by line up to the first that tells: every statement of another format is
        // asked this, and cutting a whole CSV into lines cost 4 % of its import
        // (`Benchmarks/import_bench.py speed`, 2026-11-26).
        var rest = text[...]
        while let start = rest.firstIndex(where: { !$0.isNewline }) {
            let end = rest[start...].firstIndex(where: \.isNewline) ?? rest.endIndex
            let line = rest[start ..< end]
            rest = rest[end...]
            if String(line).trimmingWhitespace.isEmpty || line.hasPrefix("!Option") { continue }
            return line.hasPrefix("!Type:") || line.hasPrefix("!Account")
        }
        return false
    }

    private static let accountTypes: Set<String> = ["bank", "ccard", "cash", "oth a", "oth l"]

    /// One record as written: its fields by letter (the first of each) and its first line.
    private struct Record {
        var fields: [Character: (String, StatementPosition)] = [:]
        var line = 0
    }

    /// Reads `text`; of `options`, the declared date format, `today` and the wallet's name
    /// count (``DateEvidence``).
    public static func read(_ text: String, path: String, options: CSVStatementReader.Options = .init()) throws(StatementError) -> Statement {
        var records: [Record] = []
        var record = Record()
        var section: String?
        var sawType = false
        for (n, raw) in text.statementLines.enumerated() {
            let line = String(raw).trimmingWhitespace
            guard let letter = line.first else { continue }
            let position = StatementPosition(line: n + 1, column: 1)
            if letter == "!" {
                if line.lowercased().hasPrefix("!type:") {
                    let type = String(line.dropFirst(6)).trimmingWhitespace.lowercased()
                    guard accountTypes.contains(type) else {
                        throw StatementError(
                            path: path, position: position,
                            message: "`\(line)` is not a list of a bank, card or cash account's movements; Tally reads !Type:Bank, CCard, Cash, Oth A and Oth L")
                    }
                    sawType = true
                }
                section = line.lowercased()
                continue
            }
            // `!Account` blocks describe an account (name, type) and end with `^` too.
            guard section?.hasPrefix("!type:") == true else { continue }
            if letter == "^" {
                if !record.fields.isEmpty { records.append(record) }
                record = Record()
                continue
            }
            if record.fields.isEmpty { record.line = n + 1 }
            if record.fields[letter] == nil { record.fields[letter] = (String(line.dropFirst()), position) }
        }
        // A last record without its `^` is a file cut short.
        if !record.fields.isEmpty {
            throw StatementError(
                path: path, position: StatementPosition(line: record.line, column: 1),
                message: "the last record has no closing `^`: the file is cut short; download it again")
        }
        guard sawType else { throw StatementError(path: path, position: nil, message: "no !Type:Bank (or CCard, Cash) list of movements in this QIF file") }
        var statement = Statement(path: path, format: .qif, rows: [])
        let (dayFirst, evidence) = try dayFirst(records, path: path, options: options)
        statement.rows = try rows(records, dayFirst: dayFirst, path: path)
        statement.notes += evidence.map { [$0] } ?? []
        return statement
    }

    /// Whether the file's dates are day first, and what decided it when they read both ways.
    private static func dayFirst(_ records: [Record], path: String, options: CSVStatementReader.Options) throws(StatementError) -> (Bool, String?) {
        if let declared = options.dateFormat { return ([.daySlashed, .daySlashedShort, .dayDotted, .dayDottedShort, .dayDashed].contains(declared), nil) }
        let dates = records.compactMap { $0.fields["D"]?.0 }
        let readings = [false, true].map { dayFirst in
            DateEvidence.Reading(format: dayFirst ? .daySlashed : .monthSlashed, parse: { QIFDate.parse($0, dayFirst: dayFirst) })
        }
        var evidence = DateEvidence(readings: readings, rows: dates)
        evidence.today = options.today
        switch evidence.decide() {
        case .decided(let reading, let why)?: return (reading.format == .daySlashed, why.map { "dates read \(reading.format == .daySlashed ? "day" : "month") first: \($0)" })
        case .doubtful(let a, let b, let example)? where options.doubtfulDates == .refuse:
            let at = records.first { $0.fields["D"]?.0 == example }?.fields["D"]?.1
            var doubt = StatementError(path: path, position: at, message: DateEvidence.refusal(a, b, example: example, column: "the `D` lines", wallet: options.wallet))
            doubt.doubtful = true
            throw doubt
        case .doubtful?: return (false, nil)
        case nil: return (false, nil)  // a date neither reads is refused with its line below
        }
    }

    private static func rows(_ records: [Record], dayFirst: Bool, path: String) throws(StatementError) -> [StatementRow] {
        let amounts = records.compactMap { ($0.fields["T"] ?? $0.fields["U"])?.0 }
        let mark = AmountText.decimalMark(of: amounts, fallback: .point)
        var rows: [StatementRow] = []
        for record in records {
            let start = StatementPosition(line: record.line, column: 1)
            guard let (dateText, datePosition) = record.fields["D"] else {
                throw StatementError(path: path, position: start, message: "this record has no date (a `D` line)")
            }
            guard let date = QIFDate.parse(dateText, dayFirst: dayFirst) else {
                throw StatementError(path: path, position: datePosition, message: "`\(dateText)` is not a date (such as 1/ 5'24 or 01/05/2024)")
            }
            guard let (amountText, amountPosition) = record.fields["T"] ?? record.fields["U"] else {
                throw StatementError(path: path, position: start, message: "this record has no amount (a `T` line)")
            }
            guard let amount = AmountText.parse(amountText, mark: mark) else {
                throw StatementError(path: path, position: amountPosition, message: "`\(amountText)` is not an amount")
            }
            func text(_ letter: Character) -> String? {
                guard let value = record.fields[letter]?.0.trimmingWhitespace, !value.isEmpty else { return nil }
                return value
            }
            rows.append(StatementRow(date: date, amount: amount, payee: text("P"), description: text("M"), position: start))
        }
        rows.sort { $0.date < $1.date }
        return rows
    }
}

/// Quicken's dates: `M/D'YY`, `M/D/YY`, `M/D/YYYY` (or day first), `YYYY-MM-DD`,
/// `D.M.YYYY`, with spaces allowed inside (`1/ 5'24`).
enum QIFDate {
    /// The three numbers as written, with whether the year follows an apostrophe.
    static func parts(_ text: String) -> (first: Int, second: Int, year: Int, apostrophe: Bool, separator: Character)? {
        let s = text.filter { $0 != " " }
        guard let separator = s.first(where: { $0 == "/" || $0 == "-" || $0 == "." }) else { return nil }
        let apostrophe = s.contains("'")
        let numbers = s.split(omittingEmptySubsequences: false, whereSeparator: { $0 == separator || $0 == "'" })
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let n = numbers.map { Int($0)! }
        return (n[0], n[1], n[2], apostrophe, separator)
    }

    static func parse(_ text: String, dayFirst: Bool) -> CivilDate? {
        guard let p = parts(text) else { return nil }
        if p.separator == "-" && p.first > 999 { return CivilDate(year: p.first, month: p.second, day: p.year) }
        var year = p.year
        if year < 100 { year += p.apostrophe || year < 70 ? 2000 : 1900 }
        let dotted = p.separator == "."
        return dayFirst || dotted ? CivilDate(year: year, month: p.second, day: p.first) : CivilDate(year: year, month: p.first, day: p.second)
    }
}
