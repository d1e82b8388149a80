import TallyCore
import TallySyntax

/// The exports of Goodbudget, Spendee, Wallet by BudgetBakers, Monefy, Money Lover, Toshl,
/// Mint, Actual and Money Manager: a list of transactions with an account, a category
/// (Goodbudget's envelope), an amount (signed, or told by a column; ``Layout``) and its
/// currency. A transfer is two rows the app marks, one per account (paired by day,
/// opposite amounts and different accounts); Goodbudget's rows without an account are
/// envelope fills. Only Monefy and Actual export the accounts' starting balances; for the
/// others that is listed.
struct TransactionList {
    /// One row, read.
    struct Row {
        var date: CivilDate
        var account: String
        var category: String
        var amount: PeerAmount
        var isIncome: Bool
        var kind: RowKind
        var payee: String
        var note: String
        /// Money Manager's `Description`, Mint's `Original Description` when the row has a
        /// note (``Layout/keptText(note:memo:payee:)``); empty for the other apps.
        var memo = ""
        /// Goodbudget's split: its parts, by envelope, as `Details` writes them
        /// (``envelopeParts(_:_:)``); empty for a row that is no split.
        var parts: [(envelope: String, amount: Money)] = []
        /// The account a transfer's row names as its other side (``Layout/counterpart(_:accounts:)``).
        var counterpart: String? = nil
        /// Spendee's `Author` (``Layout/person``); empty for the other apps.
        var person = ""
        var labels: [String]
        /// Actual's `(SPLIT 2 OF 3)`: the part and how many.
        var split: (Int, of: Int)? = nil
        var source: SourceLine

        var isTransfer: Bool { kind == .transfer }
    }

    /// The first file's path, where what concerns the whole export is listed.
    let path: String
    let layout: Layout
    private(set) var rows: [Row] = []
    /// The accounts that are cards (credit wallets), by the app's marks.
    var cards = Set<String>()
    /// Whether each entry says who recorded it (`by NAME`): only when the export names
    /// more than one author (a shared wallet); one author says nothing the export's owner
    /// does not.
    var keepsPeople = false
    /// The envelopes Goodbudget's splits spend from (``addEnvelopeSplit(_:envelopes:_:)``).
    var splitEnvelopes: [String] = []
    var content = PeerJournalContent()

    /// Reads the rows of `tables` (an export in several files is one list: a transfer's
    /// two rows may stand in two files).
    init(tables: [AppTable], layout: Layout, options: AppExportOptions) throws(AppExportError) {
        path = tables.first?.path ?? ""
        self.layout = layout
        // A transfer names the other account (Monefy's `To 'Savings'`, Actual's payee).
        var accounts = Set<String>()
        for table in tables {
            for record in table.rows { accounts.insert(table.field(record, layout.column(layout.account, in: table))) }
        }
        for table in tables { try read(table, options, accounts: accounts) }
    }

    private mutating func read(_ table: AppTable, _ options: AppExportOptions, accounts: Set<String>) throws(AppExportError) {
        guard layout.matches(table) else {
            throw AppExportError("\(table.path): not \(layout.app.rawValue)'s export (the columns are \(table.header.joined(separator: ", ")))")
        }
        let layout = layout
        let column = { (name: String?) in layout.column(name, in: table) }
        guard let dateColumn = column(layout.date) else { return }  // `matches` saw it
        let dates = try table.dateFormat(dateColumn, given: options.dateFormat)
        if layout.app == .moneyManager && options.dateFormat == nil && dates == .dayDottedShort, let doubt = table.yearFirstDoubt(dateColumn) {
            throw AppExportError(
                "\(table.path): Money Manager writes short dates day first and year first (`yy.mm.dd`): `\(doubt)` reads both ways; give --date-format DD.MM.YY when they are day first, else export with four-digit years"
            )
        }
        let mark = try table.decimalMark((layout.amounts.columns + [layout.splitAmount].compactMap { $0 }).compactMap(column), given: options.decimalMark)
        // Money Manager's export has a `Currency` column in some versions, not in others.
        let currency = layout.currency ?? layout.optionalCurrency.flatMap { column($0) != nil ? $0 : nil }
        if currency == nil && options.conversion.commodities[""] == nil {
            throw AppExportError("\(table.path): \(layout.app.rawValue)'s export names no currency; give it with --commodity =CODE")
        }
        for record in table.rows {
            let f = { (name: String?) in table.field(record, column(name)) }
            guard let date = dates.parse(f(layout.date)), let amount = amount(f, mark) else {
                content.leftOut.append(LeftOut(source: table.source(record), reason: "a row whose date, amount or type cannot be read"))
                continue
            }
            if let currency, f(currency).isEmpty && options.conversion.commodities[""] == nil {
                let reason = "a row whose `\(table.header[column(currency) ?? 0])` is empty (`--commodity =CODE` names the currency of such rows)"
                content.leftOut.append(LeftOut(source: table.source(record), reason: reason))
                continue
            }
            let details = f(layout.details)
            guard let parts = details.isEmpty ? [] : Self.envelopeParts(details, mark) else {
                content.leftOut.append(LeftOut(source: table.source(record), reason: "a split whose `Details` (`\(details)`) is not `ENVELOPE|AMOUNT||…`"))
                continue
            }
            let type = f(layout.type).lowercased()
            let sub = f(layout.subcategory)
            let category = sub.isEmpty || sub == "-" ? f(layout.category) : f(layout.category) + "/" + sub
            let marks = Marks(
                type: type, category: category, payee: f(layout.payee), transferFlag: f(layout.transfer), amountIsZero: amount.number.isZero,
                splitAmount: f(layout.splitAmount))
            let kind = parts.isEmpty ? layout.kind(marks, accounts: accounts) : .transaction  // a split names no envelope of its own
            guard kind != .summary else { continue }
            let kept = layout.keptText(note: Self.splitMarker(f(layout.note)).note, memo: f(layout.memo), payee: f(layout.payee))
            rows.append(
                Row(
                    date: date, account: f(layout.account), category: category,
                    amount: PeerAmount(number: amount.number, commodity: currency == nil ? amount.symbol : f(currency)),
                    isIncome: isIncome(type: type, category: category, amount: amount.number), kind: kind, payee: kind == .transfer ? "" : f(layout.payee),
                    note: kept.note, memo: kept.memo, parts: parts, counterpart: kind == .transfer ? layout.counterpart(marks, accounts: accounts) : nil, person: f(layout.person),
                    labels: f(layout.labels).split(whereSeparator: layout.labelSeparators.contains).map { $0.trimmedSpaces }.filter { !$0.isEmpty },
                    split: Self.splitMarker(f(layout.note)).part, source: table.source(record)))
        }
    }

    /// The amount the row's account received, as the layout writes it; nil when it
    /// cannot be read (a sign word no layout knows, an unsigned column with a sign).
    private func amount(_ f: (String?) -> String, _ mark: DecimalMark) -> AppAmount? {
        func read(_ text: String) -> AppAmount? { text.isEmpty ? AppAmount("0", mark: mark) : AppAmount(text, mark: mark) }
        switch layout.amounts {
        case .signed(let column): return AppAmount(f(column), mark: mark)
        case .unsigned(let column, let signColumn):
            guard var amount = AppAmount(f(column), mark: mark), !amount.number.isNegative, let sign = Layout.sign(of: f(signColumn)) else { return nil }
            if sign < 0 { amount.number = amount.number.negated }
            return amount
        case .twoColumns(let expenseColumn, let incomeColumn):
            guard var income = read(f(incomeColumn)), let expense = read(f(expenseColumn)), !income.number.isNegative, !expense.number.isNegative,
                let net = income.number.subtracting(expense.number)
            else { return nil }
            income.number = net
            if income.symbol.isEmpty { income.symbol = expense.symbol }
            return income
        }
    }

    /// Whether a row says its money came in: its type (`Income`, Mint's `credit`), or for
    /// exports without one its sign. Goodbudget's income is `[Unallocated]`'s.
    private func isIncome(type: String, category: String, amount: Money) -> Bool {
        switch layout.app {
        case .goodbudget: category == "[Unallocated]" && !amount.isNegative
        case .spendee, .wallet: type == "income"
        default: !amount.isNegative && !amount.isZero
        }
    }

    /// Actual's note without the marker it writes on a split's parts (`(SPLIT 1 OF 2) `),
    /// and the part it names.
    static func splitMarker(_ note: String) -> (note: String, part: (Int, of: Int)?) {
        guard note.hasPrefix("(SPLIT "), let close = note.firstIndex(of: ")") else { return (note, nil) }
        let rest = note[note.index(after: close)...].trimmedSpaces
        let words = note[note.index(note.startIndex, offsetBy: 7) ..< close].split(separator: " ")
        guard words.count == 3, words[1] == "OF", let part = Int(words[0]), let of = Int(words[2]), part >= 1, part <= of else { return (rest, nil) }
        return (rest, (part, of))
    }
}
