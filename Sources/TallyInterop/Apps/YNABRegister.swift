import TallyCore
import TallyImport
import TallySyntax

/// YNAB's register file (`… - Register.csv`): one row per transaction and per part of a
/// split (`Split (1/3) memo`), each transfer once in each of its two accounts (`Transfer
/// : Savings` in Checking, `Transfer : Checking` in Savings), amounts in an `Outflow` and an
/// `Inflow` column, written in the budget's currency format (`$1234.56`, `1234,56 €`).
/// YNAB 4's register is the same but for its names: `Master Category` and `Sub Category`
/// for the group and category (its `Category` is both, `Everyday: Groceries`), `(Split
/// 1/2)` before a split part's memo, and its income in the `Income` group's `Available
/// this month` or `Available next month`, read as YNAB's `Inflow`.
struct YNABRegister {
    /// The columns both versions have.
    static let columns = ["Account", "Flag", "Date", "Payee", "Memo", "Outflow", "Inflow", "Cleared"]

    /// The group's and category's columns in each version's register and plan.
    static func categoryColumns(_ version: AppKind) -> (group: String, category: String) {
        version == .ynab4 ? ("Master Category", "Sub Category") : ("Category Group", "Category")
    }

    /// Which YNAB's register `table` is, nil for any other table.
    static func version(of table: AppTable) -> AppKind? {
        guard table.has(columns) else { return nil }
        return [AppKind.ynab, .ynab4].first { v in table.has([categoryColumns(v).group, categoryColumns(v).category]) }
    }

    static func isRegister(_ table: AppTable) -> Bool { version(of: table) != nil }

    /// YNAB 4's income group; its categories are YNAB's `Inflow`.
    static let ynab4Income = "Income"

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
    /// YNAB 4's income marked `Available next month`: its money is the account's on its
    /// day, its budgeting the next month's (``YNABExport`` holds it until then).
    private(set) var nextMonthIncome: [(date: CivilDate, amount: PeerAmount, source: SourceLine)] = []

    init(table: AppTable, options: AppExportOptions) throws(AppExportError) {
        self.table = table
        let version = Self.version(of: table) ?? .ynab
        let (groupColumn, categoryColumn) = Self.categoryColumns(version)
        var c = Dictionary(uniqueKeysWithValues: Self.columns.map { ($0, table.column($0)!) })
        (c["Category Group"], c["Category"]) = (table.column(groupColumn), table.column(categoryColumn))
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
            var group = f("Category Group")
            if version == .ynab4 && group == Self.ynab4Income {
                group = "Inflow"
                if f("Category").lowercased() == "available next month" && !amount.isZero {
                    nextMonthIncome.append((date, PeerAmount(number: amount, commodity: outflow.symbol.isEmpty ? inflow.symbol : outflow.symbol), table.source(record)))
                }
            }
            rows.append(
                Row(
                    account: f("Account"), date: date, payee: f("Payee"), group: group, category: f("Category"),
                    memo: memo, amount: PeerAmount(number: amount, commodity: outflow.symbol.isEmpty ? inflow.symbol : outflow.symbol),
                    flag: f("Flag"), cleared: f("Cleared"), split: split, source: table.source(record)))
        }
    }

    /// `Split (2/3) memo` (YNAB 4: `(Split 2/3) memo`) → (2, 3, "memo").
    static func splitMarker(_ memo: String) -> (Int, Int, String)? {
        let opening = memo.hasPrefix("Split (") ? "Split (" : memo.hasPrefix("(Split ") ? "(Split " : nil
        guard let opening, let close = memo.firstIndex(of: ")") else { return nil }
        let inside = memo[memo.index(memo.startIndex, offsetBy: opening.count) ..< close].split(separator: "/")
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
