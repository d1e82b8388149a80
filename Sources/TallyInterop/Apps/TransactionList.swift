import TallyCore
import TallySyntax

/// The exports of Goodbudget, Spendee and Wallet by BudgetBakers: a list of
/// transactions with an account, a category (Goodbudget's envelope), a signed amount and
/// its currency. A transfer is two rows, one per account (paired by day, opposite
/// amounts and different accounts); Goodbudget's rows without an account are envelope
/// fills. None of the three exports the accounts' starting balances: that is listed.
struct TransactionList {
    /// Where an app's export keeps each field, by its header's names.
    struct Layout {
        let app: AppKind
        let date: String, account: String, category: String, amount: String
        var currency: String?, type: String?, payee: String?, note: String?, transfer: String?, labels: String?
        /// Goodbudget's `Details`, which holds a split's parts in a form not publicly described.
        var details: String?

        /// The layout of `app`'s export; nil for YNAB's, which is two files of its own.
        init?(_ app: AppKind) {
            self.app = app
            switch app {
            case .ynab: return nil
            case .goodbudget:
                (date, account, category, amount) = ("Date", "Account", "Envelope", "Amount")
                (payee, note, details) = ("Name", "Notes", "Details")
            case .spendee:
                (date, account, category, amount) = ("Date", "Wallet", "Category name", "Amount")
                (currency, type, note, labels) = ("Currency", "Type", "Note", "Labels")
            case .wallet:
                (date, account, category, amount) = ("date", "account", "category", "amount")
                (currency, type, payee, note, transfer, labels) = ("currency", "type", "payee", "note", "transfer", "labels")
            }
        }

        func matches(_ table: AppTable) -> Bool {
            table.has([date, account, category, amount] + [currency, type, transfer].compactMap { $0 })
                && (app != .goodbudget || table.has(["Name", "Notes", "Status"]))
        }
    }

    /// One row, read.
    struct Row {
        var date: CivilDate
        var account: String
        var category: String
        var amount: PeerAmount
        var isIncome: Bool
        var isTransfer: Bool
        var payee: String
        var note: String
        var labels: [String]
        var source: SourceLine
    }

    /// The first file's path, where what concerns the whole export is listed.
    let path: String
    let layout: Layout
    private(set) var rows: [Row] = []
    var content = PeerJournalContent()

    /// Reads the rows of `tables` (an export in several files is one list: a transfer's
    /// two rows may stand in two files).
    init(tables: [AppTable], layout: Layout, options: AppExportOptions) throws(AppExportError) {
        path = tables.first?.path ?? ""
        self.layout = layout
        for table in tables { try read(table, options) }
    }

    private mutating func read(_ table: AppTable, _ options: AppExportOptions) throws(AppExportError) {
        guard layout.matches(table) else {
            throw AppExportError("\(table.path): not \(layout.app.rawValue)'s export (the columns are \(table.header.joined(separator: ", ")))")
        }
        let column = { (name: String?) in name.flatMap { table.column($0) } }
        guard let dateColumn = column(layout.date), let amountColumn = column(layout.amount) else { return }  // `matches` saw both
        let dates = try table.dateFormat(dateColumn, given: options.dateFormat)
        let mark = try table.decimalMark([amountColumn], given: options.decimalMark)
        if layout.currency == nil && options.conversion.commodities[""] == nil {
            throw AppExportError("\(table.path): \(layout.app.rawValue)'s export names no currency; give it with --commodity =CODE")
        }
        for record in table.rows {
            let f = { (name: String?) in table.field(record, column(name)) }
            guard let date = dates.parse(f(layout.date)), let amount = AppAmount(f(layout.amount), mark: mark) else {
                content.leftOut.append(LeftOut(source: table.source(record), reason: "a row whose date or amount cannot be read"))
                continue
            }
            if !f(layout.details).isEmpty {
                content.leftOut.append(LeftOut(source: table.source(record), reason: "a split (its parts in `Details`, whose form is not publicly described)"))
                continue
            }
            let type = f(layout.type).lowercased()
            let category = f(layout.category)
            // Spendee writes a transfer's sides as `Outgoing Transfer` and `Incoming Transfer`.
            let transfer =
                f(layout.transfer).lowercased() == "true" || ["transfer", "outgoing transfer", "incoming transfer"].contains(type)
                || (layout.app == .goodbudget && category.isEmpty)
            rows.append(
                Row(
                    date: date, account: f(layout.account), category: category,
                    amount: PeerAmount(number: amount.number, commodity: layout.currency == nil ? amount.symbol : f(layout.currency)),
                    isIncome: type == "income" || (layout.app == .goodbudget && category == "[Unallocated]" && !amount.number.isNegative),
                    isTransfer: transfer, payee: f(layout.payee), note: f(layout.note),
                    labels: f(layout.labels).split(whereSeparator: { $0 == "|" || $0 == "," }).map { $0.trimmedSpaces }.filter { !$0.isEmpty },
                    source: table.source(record)))
        }
    }
}
