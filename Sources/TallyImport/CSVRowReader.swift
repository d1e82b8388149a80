import TallyCore
import TallySyntax

/// Reads the cells of a CSV statement's rows as its layout says: dates in the format the
/// whole column is written in, amounts with the column's decimal mark, signed by a
/// direction column or marker when there is one.
struct CSVRowReader {
    let layout: CSVLayout
    let path: String
    let separator: Character
    private(set) var dateFormat: DateFormat = .iso
    private(set) var mark: AmountText.DecimalMark = .point
    /// What decided the dates' format when the dates alone read two ways, for the summary.
    private(set) var dateEvidence: String?
    /// A statement repeats each day many times.
    private var dates: [String: CivilDate] = [:]
    /// The column of each role, by its ``CSVColumns/Role/slot``: a look-up in
    /// `layout.columns.index` hashes the role's name, and each row asks a dozen times.
    private let columns: [Int?]

    /// Status and direction words the profile declares.
    var words: [StatementWord: [String]] = [:]

    init(layout: CSVLayout, path: String, separator: Character) {
        self.layout = layout
        self.path = path
        self.separator = separator
        var columns = [Int?](repeating: nil, count: CSVColumns.Role.allCases.count)
        for (role, column) in layout.columns.index { columns[role.slot] = column }
        self.columns = columns
    }

    /// The column holding `role`, if any.
    func column(_ role: CSVColumns.Role) -> Int? { columns[role.slot] }

    /// What a row gives: a movement and the fee the bank charged on it (``FeeRows``), or
    /// the reason it is refused alone.
    enum Outcome {
        /// The movement, its fee as a movement of its own (signed), and the amount as
        /// written when the direction column contests its sign.
        case row(StatementRow, fee: Money?, contested: Contest?)
        case refused(StatementPosition, String)
    }

    func cell(_ record: CSVRecords.Record, _ role: CSVColumns.Role) -> String? {
        guard let i = column(role), i < record.fields.count else { return nil }
        let value = record.fields[i].trimmingWhitespace
        return value.isEmpty ? nil : value
    }

    func place(_ record: CSVRecords.Record) -> StatementPosition { record.positions.first ?? StatementPosition(line: record.line, column: 1) }

    func position(_ record: CSVRecords.Record, _ role: CSVColumns.Role) -> StatementPosition {
        guard let i = column(role), i < record.positions.count else { return place(record) }
        return record.positions[i]
    }

    /// The column as a message names it: its header, or its position.
    func name(_ role: CSVColumns.Role) -> String {
        guard let i = column(role) else { return role.rawValue }
        guard let header = layout.header, i < header.fields.count else { return "\(i + 1) (\(role.rawValue))" }
        return "`\(header.fields[i].trimmingWhitespace)`"
    }

    /// The text of a line that is no movement (its date cell holds no digit, and it has
    /// no amount unless the date cell holds words: `Total`), or nil for a movement's row.
    func textLine(_ record: CSVRecords.Record) -> String? {
        let date = cell(record, .date)
        if let date, date.contains(where: \.isNumber) { return nil }
        if date == nil, [CSVColumns.Role.amount, .debit, .credit].contains(where: { cell(record, $0)?.contains(where: \.isNumber) ?? false }) { return nil }
        let text = date ?? record.fields.map(\.trimmingWhitespace).first { !$0.isEmpty } ?? ""
        return String(text.prefix(40))
    }

    /// Chooses the date format and decimal mark from the movements' whole columns. The
    /// lines `around` them (above the header, titles and totals) and the `otherRows` (not
    /// imported: pending, refused) are evidence for the dates when their column reads two
    /// ways (``DateEvidence``).
    mutating func settleFormats(
        _ movements: [CSVRecords.Record], around: [CSVRecords.Record], otherRows: [CSVRecords.Record], options: CSVStatementReader.Options
    ) throws(StatementError) {
        // Every movement must reach the date column and its amount column(s).
        let needed = [CSVColumns.Role.date, .amount, .debit, .credit, .gross, .net].compactMap { column($0) }.max() ?? 0
        for record in movements where record.fields.count <= needed {
            let shape = layout.header.map { "the header \($0.fields.count)" } ?? "the profile's columns reach \(needed + 1)"
            throw StatementError(
                path: path, position: StatementPosition(line: record.line, column: 1),
                message: "this row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), \(shape): is the separator `\(separator == "\t" ? "\\t" : String(separator))` right?")
        }
        let dateValues = movements.compactMap { cell($0, .date) }
        if let declared = options.dateFormat {
            dateFormat = declared
        } else {
            var evidence = DateEvidence(readings: DateFormat.allCases.map { format in DateEvidence.Reading(format: format, parse: format.parse) }, rows: dateValues)
            let reader = self
            evidence.elsewhere = { reader.evidenceLines(movements, around: around, otherRows: otherRows) }
            evidence.today = options.today
            switch evidence.decide() {
            case .decided(let reading, let why)?:
                dateFormat = reading.format
                dateEvidence = why.map { "dates read as \(reading.format.rawValue): \($0)" }
            case .doubtful(let a, let b, let example)? where options.doubtfulDates == .refuse:
                let at = movements.first { cell($0, .date) == example }
                var doubt = StatementError(
                    path: path, position: at.map { position($0, .date) },
                    message: DateEvidence.refusal(a, b, example: example, column: "column \(name(.date))", wallet: options.wallet))
                doubt.doubtful = true
                throw doubt
            case .doubtful(let a, _, _)?:
                dateFormat = a.format
            case nil:
                let bad = movements.first { r in cell(r, .date).map { v in !DateFormat.allCases.contains { $0.parse(v) != nil } } ?? true }
                throw StatementError(
                    path: path, position: bad.map { position($0, .date) },
                    message: "`\(bad.flatMap { cell($0, .date) } ?? "")` in column \(name(.date)) is not a date in any format Tally knows (\(DateFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        let amountValues = movements.flatMap { r in [CSVColumns.Role.amount, .debit, .credit, .balance, .fee, .gross, .net].compactMap { cell(r, $0) } }
        mark = options.decimalMark ?? AmountText.decimalMark(of: amountValues, fallback: separator == ";" ? .comma : .point)
    }

    /// The date words of the file beyond the movements' date column, as ``DateEvidence``
    /// weighs them: a line around the rows as one line (its two dates may be a period),
    /// and each date of a row alone (a value date, a date in a note, a pending row's
    /// date: two dates of a row are no period).
    private func evidenceLines(_ movements: [CSVRecords.Record], around: [CSVRecords.Record], otherRows: [CSVRecords.Record]) -> [[String]] {
        let dateColumn = column(.date)
        let inMovements = movements.flatMap { record in record.fields.indices.filter { $0 != dateColumn }.flatMap { DateEvidence.dateWords(record.fields[$0]) } }
        let inOtherRows = otherRows.flatMap { record in record.fields.flatMap(DateEvidence.dateWords) }
        return around.map { DateEvidence.dateWords($0.fields.joined(separator: " ")) } + (inMovements + inOtherRows).map { [$0] }
    }

    private func amount(_ record: CSVRecords.Record, _ role: CSVColumns.Role) throws(StatementError) -> Money? {
        guard let text = cell(record, role) else { return nil }
        guard let value = AmountText.parse(text, mark: mark) else {
            throw StatementError(
                path: path, position: position(record, role),
                message: "`\(text)` in column \(name(role)) is not an amount (decimal mark `\(mark == .comma ? "," : ".")`)")
        }
        return value
    }

    /// The movement of `record`, or why it is refused.
    mutating func row(_ record: CSVRecords.Record) throws(StatementError) -> Outcome {
        guard let dateText = cell(record, .date), let date = dates[dateText] ?? dateFormat.parse(dateText) else {
            throw StatementError(
                path: path, position: position(record, .date),
                message: "`\(cell(record, .date) ?? "")` in column \(name(.date)) is not a date in the format \(dateFormat.rawValue)")
        }
        dates[dateText] = date
        let signed: (value: Money?, written: Money?)
        switch try signedAmount(record) {
        case .success(let amount): signed = amount
        case .failure(let refusal): return .refused(refusal.position, refusal.reason)
        }
        let fees = layout.columns.sharesOutFees
        let cells = FeeRows.Cells(
            amount: signed.value, amountIsFee: column(.amount) != nil && column(.amount) == column(.fee),
            gross: try fees ? amount(record, .gross) : nil, fee: try amount(record, .fee), net: try fees ? amount(record, .net) : nil)
        if cells.amount == nil && cells.gross == nil && cells.net == nil {
            let role: CSVColumns.Role = [.amount, .debit, .gross, .net].first { column($0) != nil } ?? .amount
            throw StatementError(path: path, position: position(record, role), message: "this row has no amount in column \(name(role))")
        }
        let settled: (amount: Money, fee: Money?)
        switch FeeRows.settle(cells, name: name) {
        case .success(let money): settled = money
        case .failure(let contradiction): return .refused(place(record), contradiction.text)
        }
        let contest = signed.written.map {
            Contest(
                written: $0, payee: counterparty(record, amount: $0),
                reason: "the amount \($0) has a minus, but column \(name(.sign)) says `\(cell(record, .sign) ?? "")`, money in")
        }
        // A contested sign the gross and net columns turned into another figure is refused.
        if let contest, settled.amount != signed.value { return .refused(position(record, .amount), contest.reason) }
        let (payee, description) = Self.sepaKeywords(payee: counterparty(record, amount: settled.amount), description: note(record))
        return .row(
            StatementRow(
                date: date, amount: settled.amount, payee: payee, description: description,
                bankID: cell(record, .id), balance: try amount(record, .balance), position: place(record)),
            fee: settled.fee, contested: contest)
    }

    /// The payee and note of a row whose description is written with SEPA's keywords
    /// between slashes (ABN AMRO's `/TRTP/SEPA OVERBOEKING/…/NAME/ACME BV/REMI/Salaris
    /// maart 2026/…`) and which no payee column names: `NAME` and `REMI`, as an MT940
    /// `:86:` field gives them. Any other row's are as its cells give them.
    static func sepaKeywords(payee: String?, description: String?) -> (String?, String?) {
        guard payee == nil, let text = description, text.hasPrefix("/"), text.contains("/NAME/") else { return (payee, description) }
        let details = MT940StatementReader.details(text)
        return (details.payee, details.description ?? text)
    }

    /// The other party of the row: with a payer and a recipient column, the recipient
    /// for money out and the payer for money in (the other is the account's holder),
    /// else the payee column; each else as a labelled cell names it (``LabelledCells``).
    func counterparty(_ record: CSVRecords.Record, amount: Money) -> String? {
        let labelled = labelledCells(record)
        let role: CSVColumns.Role = amount.isNegative ? .recipient : .payer
        return cell(record, role) ?? labelled[role] ?? cell(record, .payee) ?? labelled[.payee]
    }

    /// The row's note: the description a labelled cell names (PKO BP's `Tytuł: …`), else
    /// the description column's.
    func note(_ record: CSVRecords.Record) -> String? {
        labelledCells(record)[.description] ?? cell(record, .description)
    }

    /// The labelled cells of the description column and its continuation, when it has one.
    private func labelledCells(_ record: CSVRecords.Record) -> [CSVColumns.Role: String] {
        guard !layout.columns.continuation.isEmpty, let first = column(.description) else { return [:] }
        return LabelledCells.values(([first] + layout.columns.continuation).compactMap { $0 < record.fields.count ? record.fields[$0] : nil })
    }

    /// A row whose amount's minus and direction column disagree (`-1533.50` with `C`):
    /// the amount as written, which the running balance may confirm (``RunningBalance``),
    /// and why the row is refused when it confirms neither.
    struct Contest {
        let written: Money
        /// The other party, should the amount as written be right (``counterparty(_:amount:)``).
        let payee: String?
        let reason: String
    }

    private struct Refusal: Error {
        let position: StatementPosition
        let reason: String
    }

    /// The row's amount signed by its direction column or its debit and credit columns;
    /// nil when the row's money is in gross and net columns alone. When the direction
    /// says in and the amount has a minus, the direction's reading and the amount as
    /// written.
    private func signedAmount(_ record: CSVRecords.Record) throws(StatementError) -> Result<(value: Money?, written: Money?), Refusal> {
        if column(.amount) != nil, let written = try amount(record, .amount) {
            guard column(.sign) != nil else { return .success((written, nil)) }
            let word = cell(record, .sign)
            guard let direction = word.flatMap({ MovementDirection(word: $0, declared: words) }) else {
                return .failure(
                    Refusal(
                        position: position(record, .sign),
                        reason: word.map { "`\($0)` in column \(name(.sign)) is not a direction Tally knows (Af/Bij, D/C, S/H, Debit/Credit, ...)" }
                            ?? "column \(name(.sign)) is empty: money in or out is not known"))
            }
            guard let signed = direction.signed(written) else { return .success((written.negated, written)) }
            return .success((signed, nil))
        }
        guard column(.debit) != nil || column(.credit) != nil else { return .success((nil, nil)) }
        let debit = try amount(record, .debit), credit = try amount(record, .credit)
        guard debit != nil || credit != nil else {
            let role: CSVColumns.Role = column(.amount) != nil ? .amount : .debit
            throw StatementError(path: path, position: position(record, role), message: "this row has no amount in column \(name(role))")
        }
        // Money out is written with or without its minus; it always leaves.
        let out = debit.map { $0.isNegative ? $0 : $0.negated } ?? Money.zero
        guard let sum = out.adding(credit.map { $0.isNegative ? $0.negated : $0 } ?? .zero) else {
            throw StatementError(path: path, position: position(record, .debit), message: "the amount is too large")
        }
        return .success((sum, nil))
    }
}

extension CSVColumns.Role {
    /// A small number of its own for each role, below `allCases.count`.
    fileprivate var slot: Int {
        switch self {
        case .date: 0
        case .amount: 1
        case .debit: 2
        case .credit: 3
        case .payee: 4
        case .description: 5
        case .id: 6
        case .balance: 7
        case .currency: 8
        case .sign: 9
        case .status: 10
        case .fee: 11
        case .gross: 12
        case .net: 13
        case .payer: 14
        case .recipient: 15
        }
    }
}
