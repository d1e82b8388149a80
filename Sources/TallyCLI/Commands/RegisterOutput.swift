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
    /// Decimals of each wallet's currency.
    private let decimals: [Int]

    init(model: BudgetModel, rows: [RegisterRow]) {
        self.model = model
        self.rows = rows
        decimals = model.wallets.map { model.decimals(of: $0.currency) }
    }

    // MARK: JSON

    /// `{"rows": [...]}`, written by TallyReports' `RegisterReport` a chunk at a time.
    func json(to console: Console) {
        RegisterReport(model: model, rows: rows).writeJSON(chunk: Self.chunk) { console.out(bytes: $0) }
    }

    // MARK: CSV

    /// A header line and one CRLF line per row, quoted as `CSVTable` quotes.
    func csv(separator: Character, to console: Console) {
        let separator = CSVTable.bytes(of: separator)
        var out: [UInt8] = []
        out.reserveCapacity(Self.chunk + 4096)
        CSVTable.append(["date", "wallet", "type", "category", "counterpart", "payee", "note", "tags", "amount", "currency", "balance"],
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
        for row in rows {
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
            next(); text(wallet.currency)
            next(); field { $0.appendMoney(row.balance, places: places) }
            CSVTable.endLine(&out)
        }
        console.out(bytes: out)
    }

    // MARK: Text

    /// The table `TextTable` would draw for columns Date, Wallet (10 wide at most), Payee
    /// (14), Category (15), Amount and Balance (aligned on the point), then `N lines`.
    /// Widths are measured in a first pass over the rows' data, then each line is
    /// written; no cell is kept. Amounts carry their currency unless all rows share
    /// one, which the titles then name.
    func text(color: Bool, width: Int = 80, to console: Console) {
        if rows.isEmpty { console.out("No transactions match.\n"); return }
        let currencies = model.wallets.map(\.currency)
        let first = currencies[rows[0].wallet]
        let single = rows.allSatisfy { currencies[$0.wallet] == first } ? first : nil
        let unit = single.map { $0.isEmpty ? "" : " " + $0 } ?? ""
        let titles = ["Date", "Wallet", "Payee", "Category", "Amount" + unit, "Balance" + unit]
        let titleWidths = titles.map { TextTable.fitted($0, limit: .max).width }

        // Names cut to their column, once per wallet and category, once the limits are
        // known (below: from the width and what the amounts take).
        var walletLimit = Int.max, payeeLimit = Int.max, whatLimit = Int.max
        var walletCells: [(text: String, width: Int)] = []
        var categoryCells: [(text: String, width: Int)] = []
        var sentCells: [(text: String, width: Int)] = []
        var receivedCells: [(text: String, width: Int)] = []
        var noCounterpart = (sent: TextTable.fitted("→ ", limit: .max), received: TextTable.fitted("← ", limit: .max))
        // A bank movement that waits for its category (I0601).
        let noCategoryText = "(no category)"
        var noCategory = TextTable.fitted(noCategoryText, limit: .max)
        // Amount units (` EUR`), per wallet; empty when the titles name the currency.
        let unitBytes: [[UInt8]] = currencies.map { single == nil && !$0.isEmpty ? Array((" " + $0).utf8) : [] }
        var longPayees: [String: (text: String, width: Int)] = [:]
        func payee(_ row: RegisterRow) -> (text: String, width: Int) {
            let text = row.payee ?? row.note ?? ""
            if text.utf8.count <= payeeLimit {
                var copy = text
                let ascii = copy.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 } }
                if ascii { return (text, text.utf8.count) }
            }
            if let known = longPayees[text] { return known }
            let cell = TextTable.fitted(text, limit: payeeLimit)
            longPayees[text] = cell
            return cell
        }
        func what(_ row: RegisterRow) -> (text: String, width: Int) {
            if let category = row.category { return categoryCells[category] }
            if row.type != .transfer { return noCategory }
            if row.amount.isNegative { return row.counterpart.map { sentCells[$0] } ?? noCounterpart.sent }
            return row.counterpart.map { receivedCells[$0] } ?? noCounterpart.received
        }

        // An amount cell, written into `scratch`: its bytes, and its widths before and
        // from the split (the point, else the unit's space), as `TextTable` measures.
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        var slowCell: [UInt8] = []
        func amount(_ value: Money, _ row: RegisterRow) -> (before: Int, after: Int, unit: Int, unitStart: Int, bytes: ArraySlice<UInt8>) {
            scratch.removeAll(keepingCapacity: true)
            scratch.appendMoney(value, places: decimals[row.wallet])
            scratch.append(contentsOf: unitBytes[row.wallet])
            if scratch.count <= 40, !scratch.contains(where: { $0 >= 0x80 }) {
                let split = TextTable.amountSplit(scratch)
                return (split.before, split.unit - split.before, scratch.count - split.unit, split.unit, scratch[...])
            }
            // A long or non-ASCII unit: measured exactly as the table measures it.
            let cell = TextTable.fitted(String(decoding: scratch, as: UTF8.self), limit: 40)
            slowCell = Array(cell.text.utf8)
            let split = TextTable.amountSplit(slowCell)
            let exact = cell.width == slowCell.count
            let before = exact ? split.before : TextTable.fitted(String(decoding: slowCell.prefix(split.before), as: UTF8.self), limit: .max).width
            let unit = exact ? slowCell.count - split.unit : TextTable.fitted(String(decoding: slowCell.dropFirst(split.unit), as: UTF8.self), limit: .max).width
            return (before, cell.width - before - unit, unit, split.unit, slowCell[...])
        }

        var widths = titleWidths
        widths[0] = max(widths[0], 10)
        var before = [0, 0]
        var after = [0, 0]
        var unitWidth = [0, 0]
        // First pass: the amounts, and how wide the names would be uncut.
        let walletNatural = model.wallets.map { TextTable.fitted($0.name, limit: .max).width }
        let categoryNatural = model.categories.map { TextTable.fitted($0.name, limit: .max).width }
        var natural = [titleWidths[1], titleWidths[2], titleWidths[3]]
        for row in rows {
            natural[0] = max(natural[0], walletNatural[row.wallet])
            natural[1] = max(natural[1], payee(row).width)
            natural[2] = max(natural[2], row.category.map { categoryNatural[$0] }
                ?? (row.type != .transfer ? noCategory.width : 2 + (row.counterpart.map { walletNatural[$0] } ?? 0)))
            for k in 0 ..< 2 {
                let cell = amount(k == 0 ? row.amount : row.balance, row)
                before[k] = max(before[k], cell.before)
                after[k] = max(after[k], cell.after)
                unitWidth[k] = max(unitWidth[k], cell.unit)
            }
        }
        for k in 0 ..< 2 {
            widths[4 + k] = max(widths[4 + k], before[k] + after[k] + unitWidth[k])
            // A title wider than the numbers pushes them right, keeping them aligned.
            before[k] += widths[4 + k] - (before[k] + after[k] + unitWidth[k])
        }
        let limits = Self.columnLimits(natural: natural, fixed: widths[0] + widths[4] + widths[5] + 2 * 5, width: width)
        (walletLimit, payeeLimit, whatLimit) = (limits[0], limits[1], limits[2])
        longPayees = [:]
        walletCells = model.wallets.map { TextTable.fitted($0.name, limit: walletLimit) }
        categoryCells = model.categories.map { TextTable.fitted($0.name, limit: whatLimit) }
        sentCells = model.wallets.map { TextTable.fitted("→ \($0.name)", limit: whatLimit) }
        receivedCells = model.wallets.map { TextTable.fitted("← \($0.name)", limit: whatLimit) }
        noCounterpart = (sent: TextTable.fitted("→ ", limit: whatLimit), received: TextTable.fitted("← ", limit: whatLimit))
        noCategory = TextTable.fitted(noCategoryText, limit: whatLimit)
        // Second pass: the names as cut.
        for row in rows {
            widths[1] = max(widths[1], walletCells[row.wallet].width)
            widths[2] = max(widths[2], payee(row).width)
            widths[3] = max(widths[3], what(row).width)
        }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)

        var out: [UInt8] = []
        out.reserveCapacity(Self.chunk + 4096)
        let space: UInt8 = 0x20
        func endLine(from start: Int) {
            while out.count > start, out[out.count - 1] == space { out.removeLast() }
            out.append(0x0A)
        }
        func left(_ text: String, _ width: Int, _ column: Int) {
            out.appendUTF8(text)
            out.appendSpaces(widths[column] - width)
        }
        func paint(_ code: String) {
            out.append(0x1B)
            out.append(0x5B)
            out.append(contentsOf: code.utf8)
            out.append(0x6D)
        }

        var start = out.count
        for (i, title) in titles.enumerated() {
            if i > 0 { out.append(space); out.append(space) }
            if i < 4 { left(title, titleWidths[i], i) } else { out.appendSpaces(widths[i] - titleWidths[i]); out.appendUTF8(title) }
        }
        endLine(from: start)
        out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: total))
        out.append(0x0A)

        for row in rows {
            Self.pass(&out, to: console)
            start = out.count
            out.appendDate(row.date)
            out.appendSpaces(widths[0] - 10)
            out.append(space); out.append(space)
            let wallet = walletCells[row.wallet]
            left(wallet.text, wallet.width, 1)
            out.append(space); out.append(space)
            let payeeCell = payee(row)
            left(payeeCell.text, payeeCell.width, 2)
            out.append(space); out.append(space)
            let whatCell = what(row)
            left(whatCell.text, whatCell.width, 3)
            for k in 0 ..< 2 {
                out.append(space); out.append(space)
                let cell = amount(k == 0 ? row.amount : row.balance, row)
                let red = color && cell.bytes.first == 0x2D
                if red { paint("31") }
                out.appendSpaces(before[k] - cell.before)
                out.append(contentsOf: cell.bytes.prefix(cell.unitStart))
                out.appendSpaces(after[k] - cell.after)
                out.append(contentsOf: cell.bytes.dropFirst(cell.unitStart))
                out.appendSpaces(unitWidth[k] - cell.unit)
                if red { paint("0") }
            }
            endLine(from: start)
        }
        if rows.count > 1 { out.appendUTF8("\(rows.count) lines\n") }
        console.out(bytes: out)
    }

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
    /// rows (35 MB of JSON) is never held whole, which spared page faults and a copy.
    private static let chunk = 1 << 16

    /// Hands `out` to the console once it holds a chunk, and starts it again.
    private static func pass(_ out: inout [UInt8], to console: Console) {
        guard out.count >= chunk else { return }
        console.out(bytes: out)
        out.removeAll(keepingCapacity: true)
    }
}
