import TallyCore
import TallyReports
import TallySyntax

/// Writes the register's rows as text, CSV or JSON into a byte buffer that goes to the
/// console a chunk at a time. Every date and amount is formatted in place and names are
/// looked up once per wallet and category, so 100k rows cost about a microsecond each.
/// The text is the same, byte for byte, as a `TextTable`, `CSVTable` or `JSONValue` of
/// the same rows gives.
struct RegisterOutput {
    let model: BudgetModel
    let rows: [RegisterRow]
    /// The last column of each row: the running total of the rows shown, or the wallet's
    /// balance.
    let balances: [Money]
    /// Whether the last column is a running total.
    let running: Bool
    /// Decimals of each wallet's currency, and the currency (a valuation's, with -V/-X).
    let decimals: [Int], currencies: [String], report: RegisterReport

    init(_ report: RegisterReport) {
        let model = report.model
        self.model = model
        rows = report.rows
        balances = report.totals ?? report.rows.map(\.balance)
        running = report.totals != nil
        currencies = report.currencies
        self.report = report
        decimals = currencies.map { model.decimals(of: $0) }
    }

    /// Rows with each wallet's balance as the last column.
    init(model: BudgetModel, rows: [RegisterRow]) { self.init(RegisterReport(model: model, rows: rows)) }

    // MARK: JSON

    /// `{"rows": [...]}`, written by TallyReports' `RegisterReport` a chunk at a time.
    func json(to console: Console) {
        report.writeJSON(chunk: Self.chunk) { console.out(bytes: $0) }
    }

    // MARK: CSV

    /// A header line and one CRLF line per row, quoted as `CSVTable` quotes.
    func csv(separator: Character, to console: Console) {
        let separator = CSVTable.bytes(of: separator)
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunk + 4096)
        CSVTable.append(
            ["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", running ? "total" : "balance"],
            separator: separator, to: &out)
        // Dates, amounts and tags are written here first, then copied as a field.
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        func field(_ write: (inout [UInt8]) -> Void) {
            scratch.removeAll(keepingCapacity: true)
            write(&scratch)
            CSVTable.appendField(bytes: scratch[...], separator: separator, to: &out)
        }
        func text(_ value: String) { CSVTable.appendField(value, separator: separator, to: &out) }
        func next() { out.append(contentsOf: separator) }
        for (row, balance) in zip(rows, balances) {
            Self.pass(&out, to: console)
            let wallet = model.wallets[row.wallet]
            let places = decimals[row.wallet]
            field { $0.appendDate(row.date) }
            next(); text(wallet.name)
            next(); text(row.type.rawValue)
            next(); text(row.category.map { model.categories[$0].name } ?? "")
            next(); text(row.counterpart.map { model.wallets[$0].name } ?? "")
            next(); text(row.payee ?? "")
            next(); text(row.note ?? "")
            next()
            if !row.tags.isEmpty {
                field { bytes in
                    for (i, tag) in row.tags.enumerated() {
                        if i > 0 { bytes.append(UInt8(ascii: " ")) }
                        bytes.append(UInt8(ascii: "#"))
                        bytes.appendUTF8(tag)
                    }
                }
            }
            next(); field { $0.appendMoney(row.amount, places: places) }
            next(); text(currencies[row.wallet])
            next(); field { $0.appendMoney(balance, places: places) }
            CSVTable.endLine(&out)
        }
        console.out(bytes: out)
    }

    // MARK: Text

    /// The widest the Wallet, Payee and Category columns may be: each as wide as its
    /// widest name when the table then fits `width`; otherwise the widest of them is
    /// narrowed first, down to 6, 8 and 8 columns (so a payee is never cut to make room
    /// for a short category). `fixed` is what the other columns and the gaps take.
    static func columnLimits(natural: [Int], fixed: Int, width: Int) -> [Int] {
        let minimum = [6, 8, 8]
        var limits = natural
        while limits.reduce(0, +) + fixed > width {
            let candidates = limits.indices.filter { limits[$0] > minimum[$0] }
            guard let widest = candidates.max(by: { limits[$0] < limits[$1] }) else { break }
            limits[widest] -= 1
        }
        return limits
    }

    /// How many bytes are gathered before they go to the console: the output of 100k
    /// rows is never held whole, which spared page faults and a copy.
    static let chunk = 1 << 16

    /// Hands `out` to the console once it holds a chunk, and starts it again.
    static func pass(_ out: inout [UInt8], to console: Console) {
        guard out.count >= chunk else { return }
        console.out(bytes: out)
        out.removeAll(keepingCapacity: true)
    }
}
