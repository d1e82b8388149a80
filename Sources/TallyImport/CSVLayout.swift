import TallyCore

/// Where a CSV statement's movements are and what each column holds: below a header row
/// (found by its names, after any preamble), or, when the profile gives the date column by
/// position (`date: 1`), in a file read without a header (Grammar.md §7.1).
struct CSVLayout {
    /// What each column holds.
    var columns: CSVColumns
    /// The header row; nil for a file read by positions.
    var header: CSVRecords.Record?
    /// The index of the first record after the header (or after the lines to skip).
    var firstData: Int

    /// How many lines may come before the header.
    static let preambleLimit = 40

    /// The layout of `records` as `options` state it, or the error that says why none is.
    static func find(_ records: [CSVRecords.Record], path: String, options: CSVStatementReader.Options) throws(StatementError) -> CSVLayout {
        var layout: CSVLayout
        if options.positions[.date] != nil {
            var columns = CSVColumns()
            columns.index = options.positions
            guard columns.isComplete else {
                throw StatementError(
                    path: path, position: nil,
                    message: "the import profile gives the date column by position but no amount (or debit and credit) column: add `amount: N`, counted from 1")
            }
            let skip = options.skip ?? 0
            layout = CSVLayout(columns: columns, header: nil, firstData: records.firstIndex { $0.line > skip } ?? records.count)
        } else {
            let (at, columns) = try header(records, path: path, options: options)
            layout = CSVLayout(columns: columns, header: records[at], firstData: at + 1)
        }
        layout.keepRolesTheValuesBear(records[layout.firstData...], declared: options.words)
        return layout
    }

    /// A column found by a name that other banks use for other things keeps its role only
    /// when every value is one of the role's words.
    private mutating func keepRolesTheValuesBear(_ data: ArraySlice<CSVRecords.Record>, declared: [StatementWord: [String]]) {
        guard let header else { return }
        for (role, names) in CSVColumns.namesOnlyByValues {
            guard let i = columns.index[role], names.contains(CSVColumns.normalize(header.fields[i])) else { continue }
            let bears: (String) -> Bool =
                role == .status ? { MovementStatus(word: $0, declared: declared) != nil } : { MovementDirection(word: $0, declared: declared) != nil }
            let values = data.lazy.compactMap { i < $0.fields.count ? $0.fields[i].trimmingWhitespace : nil }.filter { !$0.isEmpty }
            if values.isEmpty || !values.allSatisfy(bears) { columns.index[role] = nil }
        }
    }

    /// The header row and what its columns hold: the row after `skip` lines, or the first
    /// that holds every header the options name and is recognised.
    static func header(_ records: [CSVRecords.Record], path: String, options: CSVStatementReader.Options) throws(StatementError) -> (Int, CSVColumns) {
        func columns(of record: CSVRecords.Record) -> CSVColumns? {
            var columns = CSVColumns.recognise(record.fields, requireAmount: false) ?? CSVColumns()
            let names = record.fields.map(CSVColumns.normalize)
            for (role, header) in options.columns {
                guard let i = names.firstIndex(of: CSVColumns.normalize(header)) else { return nil }
                // A column given to this role by its name leaves the role it was guessed for,
                // but for the amount named among gross, fee and net (`amount: "Net"`): the
                // three still tell what the amount includes (``FeeRows``).
                for (other, j) in columns.index where j == i && !(role == .amount && FeeRows.parts.contains(other)) { columns.index[other] = nil }
                columns.index[role] = i
            }
            for (role, i) in options.positions {
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
                + "a header names them, for example `Date;Payee;Amount` or `Buchungstag;...;Betrag`, an `import` profile in the budget does, "
                + "or for a file without a header the profile gives them by position (`date: 1`)")
    }
}
