import TallyCore
import TallySyntax

/// Reads a CSV statement: finds the header row below any preamble, recognises its
/// columns, chooses the date format and decimal mark from the whole columns, and turns
/// each data row into a `StatementRow`. Any row that cannot be read stops the reading
/// with an error naming its line and column.
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
        public init(separator: Character? = nil, dateFormat: DateFormat? = nil, decimalMark: AmountText.DecimalMark? = nil) {
            self.separator = separator
            self.dateFormat = dateFormat
            self.decimalMark = decimalMark
        }
    }

    /// How many lines may come before the header.
    static let preambleLimit = 40

    /// The header row and what its columns hold: the row after `skip` lines, or the first
    /// that holds every header the options name and is recognised.
    static func header(_ records: [CSVRecords.Record], path: String, options: Options) throws(StatementError) -> (Int, CSVColumns) {
        func columns(of record: CSVRecords.Record) -> CSVColumns? {
            var columns = CSVColumns.recognise(record.fields, requireAmount: false) ?? CSVColumns()
            let names = record.fields.map(CSVColumns.normalize)
            for (role, header) in options.columns {
                guard let i = names.firstIndex(of: CSVColumns.normalize(header)) else { return nil }
                // A column given to this role by its name leaves the role it was guessed for.
                for (other, j) in columns.index where j == i { columns.index[other] = nil }
                columns.index[role] = i
            }
            return columns.isComplete ? columns : nil
        }
        if let skip = options.skip {
            // Blank lines count as lines here, as a user counts them in an editor.
            guard let at = records.firstIndex(where: { $0.line > skip }) else {
                throw StatementError(path: path, position: nil, message: "the statement has no line after the \(skip) to skip")
            }
            guard let found = columns(of: records[at]) else {
                let named = options.columns.values.sorted().map { "`\($0)`" }.joined(separator: ", ")
                throw StatementError(
                    path: path, position: StatementPosition(line: records[at].line, column: 1),
                    message:
                        "line \(records[at].line), after the \(skip) lines to skip, is not a header with a date and an amount column"
                        + (named.isEmpty ? "" : " (the profile names \(named))"))
            }
            return (at, found)
        }
        for (i, record) in records.prefix(preambleLimit).enumerated() {
            if let found = columns(of: record) { return (i, found) }
        }
        if !options.columns.isEmpty {
            let named = options.columns.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): `\($0.value)`" }.joined(separator: ", ")
            throw StatementError(
                path: path, position: nil,
                message:
                    "no header row in the first \(preambleLimit) lines holds every column the import profile names (\(named)) and a date and an amount column")
        }
        throw StatementError(
            path: path, position: nil,
            message:
                "no header row with a date column and an amount (or debit and credit) column in the first \(preambleLimit) lines; "
                + "a header names them, for example `Date;Payee;Amount` or `Buchungstag;...;Betrag`, or an `import` profile in the budget does")
    }

    public static func read(_ text: String, path: String, options: Options = Options()) throws(StatementError) -> Statement {
        let separator = options.separator ?? CSVRecords.detectSeparator(text)
        let records = try CSVRecords.read(text, separator: separator, path: path)
        let (headerAt, columns) = try header(records, path: path, options: options)
        let header = records[headerAt]
        let data = records[(headerAt + 1)...].filter { !$0.isBlank }
        func cell(_ record: CSVRecords.Record, _ role: CSVColumns.Role) -> String? {
            guard let i = columns.index[role], i < record.fields.count else { return nil }
            let value = record.fields[i].trimmingWhitespace
            return value.isEmpty ? nil : value
        }
        func position(_ record: CSVRecords.Record, _ role: CSVColumns.Role) -> StatementPosition {
            guard let i = columns.index[role] else { return record.positions.first ?? StatementPosition(line: record.line, column: 1) }
            return i < record.positions.count ? record.positions[i] : StatementPosition(line: record.line, column: 1)
        }
        func headerName(_ role: CSVColumns.Role) -> String { columns.index[role].map { "`\(header.fields[$0].trimmingWhitespace)`" } ?? role.rawValue }

        // Every data row must reach the date column and its amount column(s).
        let needed = [CSVColumns.Role.date, .amount, .debit, .credit].compactMap { columns.index[$0] }.max() ?? 0
        for record in data where record.fields.count <= needed {
            throw StatementError(
                path: path, position: StatementPosition(line: record.line, column: 1),
                message: "this row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"), the header \(header.fields.count): is the separator `\(separator == "\t" ? "\\t" : String(separator))` right?")
        }

        let dateValues = data.compactMap { cell($0, .date) }
        let dateFormat: DateFormat
        if let declared = options.dateFormat {
            dateFormat = declared
        } else if let found = DateFormat.detect(dateValues) {
            dateFormat = found
        } else {
            let bad = data.first { r in cell(r, .date).map { v in !DateFormat.allCases.contains { $0.parse(v) != nil } } ?? true }
            throw StatementError(
                path: path, position: bad.map { position($0, .date) },
                message: "`\(bad.flatMap { cell($0, .date) } ?? "")` in column \(headerName(.date)) is not a date in any format Tally knows (\(DateFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let amountValues = data.flatMap { r in [CSVColumns.Role.amount, .debit, .credit, .balance].compactMap { cell(r, $0) } }
        let mark = options.decimalMark ?? AmountText.decimalMark(of: amountValues, fallback: separator == ";" ? .comma : .point)

        var rows: [StatementRow] = []
        var currencies: Set<String> = []
        var dates: [String: CivilDate] = [:]  // a statement repeats each day many times
        for record in data {
            guard let dateText = cell(record, .date), let date = dates[dateText] ?? dateFormat.parse(dateText) else {
                throw StatementError(
                    path: path, position: position(record, .date),
                    message: "`\(cell(record, .date) ?? "")` in column \(headerName(.date)) is not a date in the format \(dateFormat.rawValue)")
            }
            func amount(_ role: CSVColumns.Role) throws(StatementError) -> Money? {
                guard let text = cell(record, role) else { return nil }
                guard let value = AmountText.parse(text, mark: mark) else {
                    throw StatementError(
                        path: path, position: position(record, role),
                        message: "`\(text)` in column \(headerName(role)) is not an amount (decimal mark `\(mark == .comma ? "," : ".")`)")
                }
                return value
            }
            var value: Money
            if columns.index[.amount] != nil, let signed = try amount(.amount) {
                value = signed
            } else {
                let debit = try amount(.debit), credit = try amount(.credit)
                guard debit != nil || credit != nil else {
                    let role: CSVColumns.Role = columns.index[.amount] != nil ? .amount : .debit
                    throw StatementError(path: path, position: position(record, role), message: "this row has no amount in column \(headerName(role))")
                }
                // Money out is written with or without its minus; it always leaves.
                let out = debit.map { $0.isNegative ? $0 : $0.negated } ?? Money.zero
                guard let sum = out.adding(credit.map { $0.isNegative ? $0.negated : $0 } ?? .zero) else {
                    throw StatementError(path: path, position: position(record, .debit), message: "the amount is too large")
                }
                value = sum
            }
            dates[dateText] = date
            if let code = cell(record, .currency) { currencies.insert(code.uppercased()) }
            rows.append(
                StatementRow(
                    date: date, amount: value, payee: cell(record, .payee), description: cell(record, .description),
                    bankID: cell(record, .id), balance: try amount(.balance), position: record.positions.first ?? StatementPosition(line: record.line, column: 1)))
        }
        if currencies.count > 1 {
            throw StatementError(path: path, position: nil, message: "the statement mixes currencies (\(currencies.sorted().joined(separator: ", "))); import one account's statement at a time")
        }
        // Newest first when the dates never rise and do fall somewhere.
        let newestFirst = rows.count > 1 && zip(rows, rows.dropFirst()).allSatisfy { $0.date >= $1.date } && rows.first!.date > rows.last!.date
        if newestFirst { rows.reverse() }
        var statement = Statement(path: path, format: .csv, rows: rows, currency: currencies.first)
        // The running balance of the last movement closes the statement.
        if let last = rows.last, let balance = last.balance {
            statement.closingBalance = balance
            statement.closingDate = last.date
        }
        return statement
    }
}
