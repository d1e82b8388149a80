import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// What a CSV statement says in its lines above the header, and in those without a date
/// below its last row (Deutsche Bank's `Kontostand;31.03.2026;;;1.465,00;EUR`) (Grammar.md
/// §7.1, "Lines above the header"): the account, an IBAN written anywhere there (`"Girokonto";"DE12 1203 0000
/// 0012 3456 78"`), and a balance with its date (`"Kontostand vom 30.11.2026:";"1.534,36
/// €"`, `Closing balance on 2026-11-30,1534.36`).
///
/// A balance line is one whose label (its first cell) names a balance — `Kontostand`,
/// `Saldo`, `Endsaldo`, `Schlusssaldo`, `Balance`, `Closing balance`, `Ending balance`,
/// `Current balance`, `Booked balance` — and no other figure (`Anfangssaldo`, `Opening
/// balance`, `Verfügbarer Betrag`, `Available balance`, a credit limit), with a date in
/// the line (`DD.MM.YYYY`, `DD.MM.YY` or `YYYY-MM-DD`) and one amount after the label. A
/// date written as the rows write theirs (`31/03/2026` in a file whose rows are
/// `DD/MM/YYYY`) is read too: alone, a slashed date says neither day first nor month
/// first. A balance without a date in its line is not read: it may be the day's, the period's or
/// the download's, and a guess could refuse a right import or pass a wrong one; nor is
/// one dated after the period a line states (`Zeitraum`, `Period`, `Bis`), which counts
/// movements the file does not list. The one exception: a line labelled as the closing
/// balance (`closingBalance`, `Closing balance`, `Endsaldo`, `Koncový stav`) with one
/// amount and no date is the balance at the end of the period a line states (Fio's
/// `"closingBalance";"34250,00"` under `"dateEnd";"31.03.2026"`), and is not read
/// without one. Two balance lines of one day that disagree stop the
/// reading. The account is read only
/// when the preamble holds one IBAN (its check digits right), written once or more.
struct CSVPreamble {
    /// The account's IBAN, without spaces.
    var account: String?
    /// The balance at the end of `date`.
    var balance: (amount: Money, date: CivilDate)?

    /// The lines above the header (or above the first data line of a file read by positions).
    static func records(_ records: [CSVRecords.Record], layout: CSVLayout) -> ArraySlice<CSVRecords.Record> {
        records[..<(layout.header == nil ? layout.firstData : layout.firstData - 1)]
    }

    /// Reads the preamble, its amounts with `mark` unless a value shows its own, its dates
    /// also in `rows`, the format of the rows' dates.
    init(_ records: ArraySlice<CSVRecords.Record>, mark: AmountText.DecimalMark, rows: DateFormat = .iso, path: String) throws(StatementError) {
        var ibans: Set<String> = []
        var periodEnd: CivilDate?
        var undatedClosing: Money?
        for record in records where !record.isBlank {
            for field in record.fields { ibans.formUnion(Self.ibans(in: field)) }
            if let end = Self.periodEnd(record, rows: rows) { periodEnd = end }
            guard let (amount, date) = Self.balance(record, mark: mark, rows: rows) else {
                if let closing = Self.undatedClosing(record, mark: mark, rows: rows) { undatedClosing = closing }
                continue
            }
            if let earlier = balance, earlier.date == date, earlier.amount != amount {
                throw StatementError(
                    path: path, position: StatementPosition(line: record.line, column: 1),
                    message: "the lines above the header state two balances for \(date) (\(earlier.amount) and \(amount)); which one holds is not known")
            }
            if balance.map({ $0.date <= date }) ?? true { balance = (amount, date) }
        }
        account = ibans.count == 1 ? ibans.first : nil
        if balance == nil, let undatedClosing, let periodEnd { balance = (undatedClosing, periodEnd) }
        // A balance after the period the file lists counts movements the file does not.
        if let periodEnd, let date = balance?.date, date > periodEnd { balance = nil }
    }

    /// Words of a label that name the period a statement lists.
    static let periodWords: Set<String> = ["zeitraum", "period", "bis", "to", "until", "obdobi", "obdobie", "periode", "dateend"]

    /// The last day of the period a line states (`"Zeitraum:";"01.11.2026 - 30.11.2026"`,
    /// `"Bis:";"30.11.2026"`), or nil when it states none.
    static func periodEnd(_ record: CSVRecords.Record, rows: DateFormat = .iso) -> CivilDate? {
        guard let label = record.fields.first.map(MovementText.normalize),
            !Set(label.split(separator: " ").map(String.init)).isDisjoint(with: periodWords)
        else { return nil }
        return record.fields.flatMap { dates(in: $0, rows: rows) }.last
    }

    /// Sets `statement`'s account and closing balance from the preamble: its balance
    /// closes the statement unless a running balance of a later day does.
    func apply(to statement: inout Statement) {
        if let account { statement.account = account }
        if let balance, statement.closingDate.map({ $0 <= balance.date }) ?? true {
            statement.closingBalance = balance.amount
            statement.closingDate = balance.date
        }
    }

    // MARK: Balances

    /// Words of a label that name a balance.
    static let balanceWords: Set<String> = [
        "kontostand", "saldo", "endsaldo", "schlusssaldo", "kontosaldo", "buchungssaldo", "balance", "solde", "zustatek", "zostatok"
    ]
    /// Words of a label that make it another figure than the balance at the day's end.
    static let otherFigureWords: Set<String> = [
        "anfangssaldo", "anfangsstand", "alter", "vorheriger", "opening", "start", "starting", "beginning", "previous", "old",
        "verfugbar", "verfugbarer", "available", "pending", "vorgemerkt", "limit", "kreditlimit", "kreditrahmen", "dispo",
        "dispositionskredit", "credit", "initial", "pocatecni", "pociatocny"
    ]

    /// The balance a line states and its day, or nil when it is no balance line.
    static func balance(_ record: CSVRecords.Record, mark: AmountText.DecimalMark, rows: DateFormat = .iso) -> (Money, CivilDate)? {
        let cells = record.fields.map(\.trimmingWhitespace).filter { !$0.isEmpty }
        guard let label = cells.first else { return nil }
        // A single cell may hold label and value: `Balance: 1,534.36`.
        var (labelText, values) = (label, Array(cells.dropFirst()))
        if values.isEmpty, let colon = label.lastIndex(of: ":") {
            (labelText, values) = (String(label[..<colon]), [String(label[label.index(after: colon)...])])
        }
        let words = Set(MovementText.normalize(labelText).split(separator: " ").map(String.init))
        guard !words.isDisjoint(with: balanceWords), words.isDisjoint(with: otherFigureWords) else { return nil }
        var date: CivilDate?
        var amounts: [Money] = []
        for text in [labelText] + values {
            if let found = dates(in: text, rows: rows).last {
                date = found
                continue
            }
            guard text.contains(where: \.isNumber), let amount = AmountText.parse(text, mark: AmountText.decimalMark(of: [text], fallback: mark)) else { continue }
            amounts.append(amount)
        }
        guard let date, amounts.count == 1 else { return nil }
        return (amounts[0], date)
    }

    /// Labels of the balance at the end of the period a statement lists, folded.
    static let closingLabels: Set<String> = [
        "closingbalance", "closing balance", "endsaldo", "schlusssaldo", "koncovy stav", "konecny zustatek", "konecny zostatok", "ending balance"
    ]

    /// The amount of a line labelled as the closing balance that writes no date
    /// (`"closingBalance";"34250,00"`), or nil.
    static func undatedClosing(_ record: CSVRecords.Record, mark: AmountText.DecimalMark, rows: DateFormat) -> Money? {
        let cells = record.fields.map(\.trimmingWhitespace).filter { !$0.isEmpty }
        guard let label = cells.first, closingLabels.contains(MovementText.normalize(label)), cells.count == 2,
            dates(in: cells[1], rows: rows).isEmpty, cells[1].contains(where: \.isNumber)
        else { return nil }
        return AmountText.parse(cells[1], mark: AmountText.decimalMark(of: [cells[1]], fallback: mark))
    }

    /// The dates written in `text` (`30.11.2026`, `30.11.26`, `2026-11-30`, or in the
    /// rows' format `rows`), each as a word of its own.
    static func dates(in text: String, rows: DateFormat = .iso) -> [CivilDate] {
        text.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "," || $0 == ";" || $0 == "(" || $0 == ")" }).compactMap { word in
            guard word.first?.isNumber == true, word.contains(where: { $0 == "." || $0 == "-" || $0 == "/" }) else { return nil }
            let text = String(word)
            return [DateFormat.dayDotted, .dayDottedShort, .iso, rows].lazy.compactMap { $0.parse(text) }.first
        }
    }

    // MARK: Accounts

    /// The IBANs written in `text`, spaces removed, each with its check digits right
    /// (ISO 13616: the number read from the letters as digits is 1 modulo 97): written
    /// whole (`DE89370400440532013000`) or in groups of four (`DE89 3704 0044 0532 0130 00`).
    static func ibans(in text: String) -> [String] {
        let words = text.uppercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var found: [String] = []
        for (i, word) in words.enumerated() {
            let chars = Array(word)
            guard chars.count >= 4, chars[0].isLetter, chars[1].isLetter, chars[2].isNumber, chars[3].isNumber else { continue }
            var candidate = String(word)
            if chars.count == 4 {
                // The groups that follow, up to the first that completes a valid IBAN.
                for group in words[(i + 1)...] {
                    guard group.count <= 4, candidate.count < 34, !isIBAN(candidate) else { break }
                    candidate += group
                }
            }
            if isIBAN(candidate) { found.append(candidate) }
        }
        return found
    }

    static func isIBAN(_ text: String) -> Bool {
        let chars = Array(text)
        guard (15 ... 34).contains(chars.count), chars[0].isLetter, chars[1].isLetter, chars[2].isNumber, chars[3].isNumber else { return false }
        var remainder = 0
        for c in chars[4...] + chars[..<4] {
            guard let value = c.isNumber ? c.wholeNumberValue : c.isLetter ? Int(c.asciiValue! - 55) : nil else { return false }
            remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97
        }
        return remainder == 1
    }
}
