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
    /// Decimals of each wallet's currency.
    private let decimals: [Int]

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
        decimals = currencies.map { model.decimals(of: $0) }
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
        // Each key with what precedes it (comma, line break, indent) as ready bytes:
        // 13 pairs for each of 100k rows made laying out keys the larger part.
        let keys = ["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", lastColumn, "paid", "paidCurrency"]
        let prefixes: [[UInt8]] = keys.enumerated().map { i, key in
            var bytes: [UInt8] = i > 0 ? [UInt8(ascii: ",")] : []
            JSONValue.newline(&bytes, depth: 3)
            JSONValue.appendQuoted(key, to: &bytes)
            bytes.appendUTF8(": ")
            return bytes
        }
        var rowEnd: [UInt8] = []
        JSONValue.newline(&rowEnd, depth: 2)
        rowEnd.append(UInt8(ascii: "}"))
        let walletNames = model.wallets.map(\.name)
        let categoryNames = model.categories.map(\.name)
        var out: [UInt8] = []
        out.reserveCapacity(chunk + 4096)
        out.appendUTF8("{\n  \"rows\": [")
        func text(_ key: Int, _ value: String?) {
            out.append(contentsOf: prefixes[key])
            if let value { JSONValue.appendQuoted(value, to: &out) } else { out.appendUTF8("null") }
        }
        func quote() { out.append(UInt8(ascii: "\"")) }
        for (i, row) in rows.enumerated() {
            if out.count >= chunk {
                sink(out)
                out.removeAll(keepingCapacity: true)
            }
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, depth: 2)
            out.append(UInt8(ascii: "{"))
            let places = decimals[row.wallet]
            out.append(contentsOf: prefixes[0]); quote(); out.appendDate(row.date); quote()
            text(1, walletNames[row.wallet])
            text(2, row.type.rawValue)
            text(3, row.category.map { categoryNames[$0] })
            text(4, row.counterpart.map { walletNames[$0] })
            text(5, row.payee)
            text(6, row.note)
            out.append(contentsOf: prefixes[7])
            out.append(UInt8(ascii: "["))
            for (t, tag) in row.tags.enumerated() {
                if t > 0 { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: " ")) }
                JSONValue.appendQuoted(tag, to: &out)
            }
            out.append(UInt8(ascii: "]"))
            out.append(contentsOf: prefixes[8]); quote(); out.appendMoney(row.amount, places: places); quote()
            text(9, currencies[row.wallet])
            out.append(contentsOf: prefixes[10]); quote(); out.appendMoney(totals?[i] ?? row.balance, places: places); quote()
            // What a purchase in another currency paid (`-23.50 USD @ 0.92`), as written.
            text(11, row.paid?.amount.description)
            text(12, row.paid?.currency)
            out.append(contentsOf: rowEnd)
        }
        if !rows.isEmpty { JSONValue.newline(&out, depth: 1) }
        out.appendUTF8("]\n}\n")
        sink(out)
    }
}
