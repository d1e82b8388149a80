import TallyCore
import TallySyntax

/// Reads a CSV statement: finds its layout (``CSVLayout``: a header row below any
/// preamble, or columns by position), chooses the date format and decimal mark from the
/// whole columns, and turns each data row into a `StatementRow`.
///
/// A line whose date column holds no digit (a section title such as `Posted
/// Transactions`, a totals line such as `Total`) is no movement and is skipped; one with
/// figures after the first movement (a total) is listed. Rows under a title that says
/// they are pending (`Pending Transactions`) are listed as not booked. A row whose status column says it is not
/// booked is listed as not booked; one whose direction is not known, or whose gross, fee
/// and net disagree, is refused alone, and the running balance decides what it can
/// (``RunningBalance``). Any other row that cannot be read stops the reading with an
/// error naming its line and column.
public struct CSVStatementReader {
    /// What the user (`--date-format`, ...) or the wallet's import profile (``WalletImport``) states about the file.
    public struct Options: Sendable {
        public var separator: Character?
        public var dateFormat: DateFormat?
        public var decimalMark: AmountText.DecimalMark?
        /// Lines before the header row, when stated: the header is the next line.
        public var skip: Int?
        /// Header names for roles, overriding (or adding to) the names Tally recognises.
        public var columns: [CSVColumns.Role: String] = [:]
        /// Columns by position (0-based) for roles; with the date's, the file has no header.
        public var positions: [CSVColumns.Role: Int] = [:]
        /// Status and direction words beyond those Tally knows.
        public var words: [StatementWord: [String]] = [:]
        /// The import's day: dates that would fall after it rule a reading out (``DateEvidence``).
        public var today: CivilDate?
        /// The wallet's name, for the profile line a refusal of doubtful dates gives.
        public var wallet: String?
        /// What a column of dates read two ways does: refuses the statement, or, where only
        /// the account is wanted (files routed to their wallets), takes the first reading.
        public var doubtfulDates: DoubtfulDates = .refuse
        /// See ``doubtfulDates``.
        public enum DoubtfulDates: Sendable { case refuse, firstReading }
        public init(separator: Character? = nil, dateFormat: DateFormat? = nil, decimalMark: AmountText.DecimalMark? = nil) {
            self.separator = separator
            self.dateFormat = dateFormat
            self.decimalMark = decimalMark
        }
    }

    public static func read(_ text: String, path: String, options: Options = Options()) throws(StatementError) -> Statement {
        let separator: Character
        if let stated = options.separator { separator = stated } else { separator = try CSVRecords.detectSeparator(text, path: path) }
        let records = try CSVRecords.read(text, separator: separator, path: path)
        let layout: CSVLayout
        do { layout = try CSVLayout.find(records, path: path, options: options) } catch {
            // Say what the lines were split at, when detected: a wrong guess hides every header.
            guard options.separator == nil else { throw error }
            let widest = records.prefix(CSVLayout.preambleLimit).map(\.fields.count).max() ?? 0
            throw StatementError(
                path: path, position: error.position,
                message: error.message + " (the separator detected is `\(separator == "\t" ? "tab" : String(separator))`, which splits the first lines into \(widest) field\(widest == 1 ? "" : "s") at most)")
        }
        var reader = CSVRowReader(layout: layout, path: path, separator: separator)
        reader.words = options.words
        var statement = Statement(path: path, format: .csv, rows: [])
        // Lines with no digit where the date is are titles, headers and totals.
        var movements: [CSVRecords.Record] = []
        var section: String?  // the latest title line that says what follows is pending
        // Pending rows, which the running balance may count (``RunningBalance``), with their
        // place among the skipped.
        var pendingRecords: [(record: CSVRecords.Record, skipped: Int)] = []
        var trailer: [CSVRecords.Record] = []  // the lines without a date below the last row
        for record in records[layout.firstData...] where !record.isBlank {
            if let title = reader.textLine(record) {
                trailer.append(record)
                // A title says nothing; a line with figures (a total) is listed, being no movement.
                if !movements.isEmpty && record.fields.contains(where: { $0.contains(where: \.isNumber) }) {
                    statement.skipped.append((record.positions.first ?? StatementPosition(line: record.line, column: 1), "a line without a date (`\(title)`), not a movement"))
                }
                section = MovementStatus(word: title, declared: options.words) == .pending || CSVColumns.normalize(title).contains("pending") ? title : nil
                continue
            }
            trailer = []
            if let section {
                statement.skipped.append((reader.place(record), "it stands under `\(section)`: pending, not booked yet"))
                continue
            }
            if let status = reader.cell(record, .status) {
                guard let known = MovementStatus(word: status, declared: options.words) else {
                    statement.refused.append((reader.position(record, .status), "its status `\(status)` is none Tally knows (booked, pending, reverted, ...)"))
                    continue
                }
                if let reason = known.reason(status) {
                    if known == .pending { pendingRecords.append((record, statement.skipped.count)) }
                    statement.skipped.append((reader.place(record), reason))
                    continue
                }
            } else if reader.column(.status) != nil {
                statement.refused.append((reader.position(record, .status), "it has no status: booked or pending is not known"))
                continue
            }
            movements.append(record)
        }
        let imported = Set(movements.map(\.line))
        let unimported = records[layout.firstData...].filter { !$0.isBlank && !imported.contains($0.line) }
        try reader.settleFormats(
            movements, around: Array(CSVPreamble.records(records, layout: layout)) + unimported.filter { reader.textLine($0) != nil },
            otherRows: unimported.filter { reader.textLine($0) == nil }, options: options)
        statement.notes += reader.dateEvidence.map { [$0] } ?? []
        var currencies: Set<String> = []
        var fees: [Money?] = []
        var contests: [CSVRowReader.Contest?] = []
        for record in movements {
            switch try reader.row(record) {
            case .row(let row, let fee, let contest):
                statement.rows.append(row)
                fees.append(fee)
                contests.append(contest)
            case .refused(let position, let reason): statement.refused.append((position, reason))
            }
            if let code = reader.cell(record, .currency) { currencies.insert(code.uppercased()) }
        }
        if currencies.count > 1 {
            throw StatementError(path: path, position: nil, message: "the statement mixes currencies (\(currencies.sorted().joined(separator: ", "))); import one account's statement at a time")
        }
        statement.currency = currencies.first
        settle(&statement, fees: &fees, contests: contests, pending: pendingRecords, reader: &reader)
        statement.rows = FeeRows.expand(statement.rows, fees: fees)
        statement.keepCells(of: movements)
        try close(&statement, movements: movements, preamble: CSVPreamble.records(records, layout: layout) + trailer, layout: layout, reader: reader)
        return statement
    }

    /// Gives the statement its closing balance and its account: the running balance of
    /// the last movement closes it, or the balance a line above the header or below the
    /// last row states (``CSVPreamble``); the account is the one the rows' account column
    /// or those lines name, which must agree.
    private static func close(
        _ statement: inout Statement, movements: [CSVRecords.Record], preamble lines: ArraySlice<CSVRecords.Record>, layout: CSVLayout, reader: CSVRowReader
    ) throws(StatementError) {
        if let last = statement.rows.last, let balance = last.balance {
            statement.closingBalance = balance
            statement.closingDate = last.date
        }
        statement.account = try account(of: movements, layout: layout, path: statement.path)
        let preamble = try CSVPreamble(lines, mark: reader.mark, rows: reader.dateFormat, path: statement.path)
        if let named = preamble.account, let column = statement.account, named != column {
            throw StatementError(path: statement.path, position: nil, message: "the lines above the header name the account \(named), the rows \(column)")
        }
        preamble.apply(to: &statement)
    }

    /// The account the rows' account column names (``CSVColumns/account``): the IBAN every
    /// row writes, spaces aside. A column holding anything but IBANs names none (it may
    /// be an account's name); one naming two accounts stops the reading.
    private static func account(of movements: [CSVRecords.Record], layout: CSVLayout, path: String) throws(StatementError) -> String? {
        guard let i = layout.columns.account, !layout.columns.index.values.contains(i) else { return nil }
        let values = movements.map { i < $0.fields.count ? $0.fields[i].filter { !$0.isWhitespace }.uppercased() : "" }
        guard !values.isEmpty, values.allSatisfy(CSVPreamble.isIBAN) else { return nil }
        let accounts = Set(values)
        guard accounts.count == 1 else {
            throw StatementError(path: path, position: nil, message: "the statement mixes accounts (\(accounts.sorted().joined(separator: ", "))); import one account's statement at a time")
        }
        return values[0]
    }

    /// Puts the rows in booking order (a newest-first file turned around) and lets the
    /// running balance speak (``RunningBalance``): pending rows it counts are taken out of
    /// the later balances, and contested signs are decided or refused.
    private static func settle(
        _ statement: inout Statement, fees: inout [Money?], contests: [CSVRowReader.Contest?],
        pending pendingRecords: [(record: CSVRecords.Record, skipped: Int)], reader: inout CSVRowReader
    ) {
        // Newest first when the dates never rise and do fall somewhere.
        let rows = statement.rows
        let reversed = rows.count > 1 && zip(rows, rows.dropFirst()).allSatisfy({ $0.date >= $1.date }) && rows.first!.date > rows.last!.date
        var contests = contests
        if reversed {
            statement.rows.reverse()
            fees.reverse()
            contests.reverse()
        }
        let pending = pendingRecords.compactMap { item -> RunningBalance.Pending? in
            guard case .row(let row, let fee, nil)? = try? reader.row(item.record), let movement = row.amount.adding(fee ?? .zero) else { return nil }
            return RunningBalance.Pending(line: row.position.line, movement: movement, balance: row.balance)
        }
        let counted = RunningBalance.leaveOut(pending, from: &statement.rows, reversed: reversed)
        for item in pendingRecords where counted.contains(reader.place(item.record).line) {
            statement.skipped[item.skipped].reason += "; the file's balance counts it, the balance asserted does not"
        }
        statement.refused += RunningBalance.decide(contests, rows: &statement.rows, fees: &fees)
        statement.refused.sort { $0.position.line < $1.position.line }
    }
}
