import TallyCore
import TallySyntax

/// `tally register`: the lines of the entries a filter keeps, with running balances. Its
/// JSON is written straight into bytes (a register of 100k rows is 1.5 million lines of
/// JSON): every date and amount is formatted in place and names are looked up once per
/// wallet and category, with the same bytes as a `JSONValue` of the rows would give.
public struct RegisterReport: Sendable {
    /// The interpreted budget.
    public let model: BudgetModel
    /// The rows, in the order asked for.
    public let rows: [RegisterRow]
    /// The running total of the rows shown, one per row (``runningTotals(_:model:)``);
    /// nil when the last column is each wallet's balance.
    public let totals: [Money]?
    /// The currency each wallet's amounts are shown in: its own, or a market valuation's.
    public let currencies: [String]

    /// The rows `filter` keeps, sorted; `running` gives them a running total.
    public init(_ budget: ReportBudget, filter: EntryFilter, sort: RegisterSort = .date, descending: Bool = false, running: Bool = false) {
        self.init(model: budget.model, rows: budget.model.register(filter, sort: sort, descending: descending), running: running)
    }

    /// Rows already queried; `running` gives them a running total.
    /// With `valuedIn`, the rows' amounts are in that currency (a market valuation).
    public init(model: BudgetModel, rows: [RegisterRow], running: Bool = false, valuedIn currency: String? = nil) {
        self.model = model
        self.rows = rows
        currencies = model.wallets.map { currency ?? $0.currency }
        totals = running ? Self.runningTotals(rows, currencies: currencies) : nil
    }

    /// The running total of `rows` in the order shown, as `hledger register` shows it:
    /// each row's is its amount plus the amounts of the rows above it in the same currency
    /// (rows in several currencies keep a total per currency; docs/reports.md).
    public static func runningTotals(_ rows: [RegisterRow], model: BudgetModel) -> [Money] {
        runningTotals(rows, currencies: model.wallets.map(\.currency))
    }

    /// The running totals with each wallet's amounts in `currencies[wallet]`.
    static func runningTotals(_ rows: [RegisterRow], currencies: [String]) -> [Money] {
        var byCurrency: [String: Money] = [:]
        return rows.map { row in
            let currency = currencies[row.wallet]
            let before = byCurrency[currency] ?? .zero
            // The rows' amounts are within the budget's bound (`Walk+Bounds.swift`): a sum
            // of some of them cannot overflow.
            let total = before.adding(row.amount) ?? before
            byCurrency[currency] = total
            return total
        }
    }

    /// A wallet's opening balance among the rows a filter keeps.
    public struct Opening: Sendable {
        /// Index into ``BudgetModel/wallets``.
        public let wallet: Int
        /// The opening date (`opening AMOUNT on DATE`); nil for one without.
        public let date: CivilDate?
        /// The opening balance, in the wallet's currency.
        public let amount: Money
    }

    /// The openings among the rows `filter` keeps from the budget's beginning
    /// (`fromBeginning`: the period asked has no start, ``ReportRequest/startsAtBeginning``),
    /// so that the rows up to a day add up to the balances on it (the web's drill-down
    /// from a balance): a wallet's opening is among them when the filter keeps every line
    /// of the wallet (it narrows by wallet and dates only) and the opening is dated on or
    /// before the range's end (or not dated). A period with a start is a flow (a month's
    /// net), to which no opening belongs.
    public static func openings(_ model: BudgetModel, filter: EntryFilter, fromBeginning: Bool) -> [Opening] {
        let whole = filter.categories.isEmpty && filter.tags.isEmpty && filter.payee == nil && filter.types.isEmpty
        guard fromBeginning, whole, filter.search == nil, filter.query == nil else { return [] }
        return model.wallets.indices.compactMap { w in
            let wallet = model.wallets[w]
            guard !wallet.opening.isZero, filter.wallets.isEmpty || filter.wallets.contains(w) else { return nil }
            if let range = filter.range, let date = wallet.openingDate, range.upperBound < date { return nil }
            return Opening(wallet: w, date: wallet.openingDate, amount: wallet.opening)
        }
    }

    /// The last column's name in JSON and CSV: `total` for a running total, else
    /// `balance`.
    public var lastColumn: String { totals == nil ? "balance" : "total" }

    /// The whole JSON document, for front ends that send it at once.
    public var json: [UInt8] {
        var document: [UInt8] = []
        writeJSON { document.append(contentsOf: $0) }
        return document
    }

    /// `{"rows": [...]}` in the layout `JSONValue` gives, handed to `sink` in pieces of
    /// about `chunk` bytes (a large register's output is never held whole).
    public func writeJSON(chunk: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        var writer = RegisterJSONWriter(model: model, lastColumn: lastColumn, chunk: chunk, currencies: currencies)
        for (i, row) in rows.enumerated() { writer.append(row, last: totals?[i] ?? row.balance, to: sink) }
        writer.finish(to: sink)
    }
}
