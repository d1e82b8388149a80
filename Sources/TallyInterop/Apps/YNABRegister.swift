import TallyCore
import TallyImport
import TallySyntax

/// YNAB's register file (`… - Register.csv`): one row per transaction and per part of a
/// split (`Split (1/3) memo`), each transfer once in each of its two accounts (`Transfer
/// : Savings` in Checking, `Transfer : Checking` in Savings), amounts in an `Outflow` and an
/// `Inflow` column, written in the budget's currency format (`$1234.56`, `1234,56 €`).
struct YNABRegister {
    static let columns = ["Account", "Flag", "Date", "Payee", "Category Group", "Category", "Memo", "Outflow", "Inflow", "Cleared"]

    static func isRegister(_ table: AppTable) -> Bool { table.has(columns) }

    /// One row, read.
    struct Row {
        var account: String
        var date: CivilDate
        var payee: String
        var group: String
        var category: String
        var memo: String
        /// Inflow − outflow: what the account received.
        var amount: PeerAmount
        var flag: String
        var cleared: String
        /// `Split (i/n)`: i and n.
        var split: (part: Int, of: Int)?
        var source: SourceLine

        /// The account a transfer row names (`Transfer : NAME`), nil for other rows.
        var transferAccount: String? {
            guard payee.hasPrefix("Transfer : ") else { return nil }
            return String(payee.dropFirst("Transfer : ".count))
        }
    }

    let table: AppTable
    /// The decimal mark its amounts are written with.
    let mark: DecimalMark
    private(set) var rows: [Row] = []
    private(set) var leftOut: [LeftOut] = []

    init(table: AppTable, options: AppExportOptions) throws(AppExportError) {
        self.table = table
        let c = Dictionary(uniqueKeysWithValues: Self.columns.map { ($0, table.column($0)!) })
        let dates = try table.dateFormat(c["Date"]!, given: options.dateFormat)
        mark = try table.decimalMark([c["Outflow"]!, c["Inflow"]!], given: options.decimalMark)
        for record in table.rows {
            let f = { (name: String) in table.field(record, c[name]) }
            let outflowText = f("Outflow"), inflowText = f("Inflow")
            guard let date = dates.parse(f("Date")),
                let outflow = outflowText.isEmpty ? AppAmount("0", mark: mark) : AppAmount(outflowText, mark: mark),
                let inflow = inflowText.isEmpty ? AppAmount("0", mark: mark) : AppAmount(inflowText, mark: mark),
                let amount = inflow.number.subtracting(outflow.number)
            else {
                leftOut.append(LeftOut(source: table.source(record), reason: "a row whose date or amounts cannot be read"))
                continue
            }
            var memo = f("Memo")
            var split: (Int, Int)?
            if let (part, of, rest) = Self.splitMarker(memo) {
                split = (part, of)
                memo = rest
            }
            rows.append(
                Row(
                    account: f("Account"), date: date, payee: f("Payee"), group: f("Category Group"), category: f("Category"),
                    memo: memo, amount: PeerAmount(number: amount, commodity: outflow.symbol.isEmpty ? inflow.symbol : outflow.symbol),
                    flag: f("Flag"), cleared: f("Cleared"), split: split, source: table.source(record)))
        }
    }

    /// `Split (2/3) memo` → (2, 3, "memo").
    static func splitMarker(_ memo: String) -> (Int, Int, String)? {
        guard memo.hasPrefix("Split ("), let close = memo.firstIndex(of: ")") else { return nil }
        let inside = memo[memo.index(memo.startIndex, offsetBy: 7) ..< close].split(separator: "/")
        guard inside.count == 2, let part = Int(inside[0]), let of = Int(inside[1]), part >= 1, part <= of else { return nil }
        return (part, of, memo[memo.index(after: close)...].trimmedSpaces)
    }

    /// The rows as transactions: a split's rows together, in their order (a split whose
    /// parts are not all there, one after the other, is listed).
    func grouped() -> (groups: [[Row]], leftOut: [LeftOut]) {
        var groups: [[Row]] = []
        var listed: [LeftOut] = []
        var open: [Row] = []
        func closeSplit(complete: Bool) {
            if !complete {
                for row in open { listed.append(LeftOut(source: row.source, reason: "a part of a split whose other parts are not beside it")) }
            } else if !open.isEmpty {
                groups.append(open)
            }
            open = []
        }
        for row in rows {
            guard let split = row.split else {
                if !open.isEmpty { closeSplit(complete: false) }
                groups.append([row])
                continue
            }
            if let last = open.last,
                split.part != last.split!.part + 1 || split.of != last.split!.of || row.account != last.account || row.date != last.date
            {
                closeSplit(complete: false)
            }
            if open.isEmpty && split.part != 1 {
                listed.append(LeftOut(source: row.source, reason: "a part of a split whose other parts are not beside it"))
                continue
            }
            open.append(row)
            if split.part == split.of { closeSplit(complete: true) }
        }
        if !open.isEmpty { closeSplit(complete: false) }
        return (groups, listed)
    }
}
