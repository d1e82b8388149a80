import TallyCore
import TallyReports
import TallySyntax

extension RegisterOutput {
    /// The table `TextTable` would draw for columns Date, Wallet (10 wide at most), Payee
    /// (14), Category (15), Amount and Balance (aligned on the point), then `N lines`.
    /// Widths are measured in a first pass over the rows' data, then each line is
    /// written; no cell is kept. Amounts carry their currency unless all rows share
    /// one, which the titles then name.
    func text(color: Bool, width: Int = 80, to console: Console) {
        if rows.isEmpty { console.out("No transactions match.\n"); return }
        var layout = TextLayout(self)
        layout.measure(width: width)
        layout.write(color: color, to: console)
    }

    /// The text table's titles, column widths and cells, measured from the rows.
    struct TextLayout {
        let model: BudgetModel
        let rows: [RegisterRow]
        let balances: [Money]
        let decimals: [Int]
        let titles: [String]
        let titleWidths: [Int]
        /// Amount units (` EUR`), per wallet; empty when the titles name the currency.
        let unitBytes: [[UInt8]]

        // Names cut to their column, once per wallet and category, once the limits are
        // known (`measure`: from the width and what the amounts take).
        var walletLimit = Int.max, payeeLimit = Int.max, whatLimit = Int.max
        var walletCells: [(text: String, width: Int)] = []
        var categoryCells: [(text: String, width: Int)] = []
        var sentCells: [(text: String, width: Int)] = []
        var receivedCells: [(text: String, width: Int)] = []
        var noCounterpart = (sent: TextTable.fitted("→ ", limit: .max), received: TextTable.fitted("← ", limit: .max))
        // A bank movement that waits for its category (I0601).
        static let noCategoryText = "(no category)"
        var noCategory = TextTable.fitted(noCategoryText, limit: .max)
        var longPayees: [String: (text: String, width: Int)] = [:]

        // An amount cell is written into `scratch` (or `slowCell`), not kept.
        var scratch: [UInt8] = []
        var slowCell: [UInt8] = []

        var widths: [Int]
        /// The Amount and Balance columns.
        var amounts = [TextTable.AmountColumn(), TextTable.AmountColumn()]

        init(_ output: RegisterOutput) {
            model = output.model
            rows = output.rows
            balances = output.balances
            decimals = output.decimals
            let currencies = output.currencies
            let first = currencies[rows[0].wallet]
            let single = rows.allSatisfy { currencies[$0.wallet] == first } ? first : nil
            let unit = single.map { $0.isEmpty ? "" : " " + $0 } ?? ""
            titles = ["Date", "Wallet", "Payee", "Category", "Amount" + unit, (output.running ? "Total" : "Balance") + unit]
            titleWidths = titles.map { TextTable.fitted($0, limit: .max).width }
            unitBytes = currencies.map { single == nil && !$0.isEmpty ? Array((" " + $0).utf8) : [] }
            scratch.reserveCapacity(64)
            widths = titleWidths
        }

        mutating func payee(_ row: RegisterRow) -> (text: String, width: Int) {
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
            if let category = row.category, let paid = row.paid {
                return TextTable.fitted(Self.withPaid(model.categories[category].name, paid), limit: whatLimit)
            }
            if let category = row.category { return categoryCells[category] }
            if row.type != .transfer { return noCategory }
            if row.amount.isNegative { return row.counterpart.map { sentCells[$0] } ?? noCounterpart.sent }
            return row.counterpart.map { receivedCells[$0] } ?? noCounterpart.received
        }

        /// An amount cell: its bytes, measured as `TextTable` measures it.
        mutating func amount(_ value: Money, _ row: RegisterRow) -> (cell: TextTable.AmountCell, bytes: ArraySlice<UInt8>) {
            scratch.removeAll(keepingCapacity: true)
            scratch.appendMoney(value, places: decimals[row.wallet])
            scratch.append(contentsOf: unitBytes[row.wallet])
            if scratch.count <= 40, !scratch.contains(where: { $0 >= 0x80 }) {
                let split = TextTable.amountSplit(scratch)
                let cell = TextTable.AmountCell(before: split.before, after: split.unit - split.before, unit: scratch.count - split.unit, unitStart: split.unit)
                return (cell, scratch[...])
            }
            // A long or non-ASCII unit: measured exactly as the table measures it.
            let fitted = TextTable.fitted(String(decoding: scratch, as: UTF8.self), limit: 40)
            slowCell = Array(fitted.text.utf8)
            return (TextTable.amountCell(fitted.text, width: fitted.width), slowCell[...])
        }

        /// A category with what its transaction paid in another currency: `Shopping (paid
        /// -23.50 USD)` (docs/reports.md, "Register").
        static func withPaid(_ category: String, _ paid: PaidAmount) -> String {
            "\(category) (paid \(paid.amount) \(paid.currency))"
        }

        /// Measures the columns: the amounts and the names uncut, then the names as cut
        /// to fit `width`.
        mutating func measure(width: Int) {
            widths[0] = max(widths[0], 10)
            // First pass: the amounts, and how wide the names would be uncut.
            let walletNatural = model.wallets.map { TextTable.fitted($0.name, limit: .max).width }
            let categoryNatural = model.categories.map { TextTable.fitted($0.name, limit: .max).width }
            var natural = [titleWidths[1], titleWidths[2], titleWidths[3]]
            for (row, balance) in zip(rows, balances) {
                natural[0] = max(natural[0], walletNatural[row.wallet])
                natural[1] = max(natural[1], payee(row).width)
                natural[2] = max(
                    natural[2],
                    row.category.map { c in
                        row.paid.map { TextTable.fitted(Self.withPaid(model.categories[c].name, $0), limit: .max).width } ?? categoryNatural[c]
                    }
                        ?? (row.type != .transfer ? noCategory.width : 2 + (row.counterpart.map { walletNatural[$0] } ?? 0)))
                for k in 0 ..< 2 { amounts[k].include(amount(k == 0 ? row.amount : balance, row).cell) }
            }
            for k in 0 ..< 2 { widths[4 + k] = amounts[k].fit(widths[4 + k]) }
            let limits = RegisterOutput.columnLimits(natural: natural, fixed: widths[0] + widths[4] + widths[5] + 2 * 5, width: width)
            (walletLimit, payeeLimit, whatLimit) = (limits[0], limits[1], limits[2])
            longPayees = [:]
            walletCells = model.wallets.map { TextTable.fitted($0.name, limit: walletLimit) }
            categoryCells = model.categories.map { TextTable.fitted($0.name, limit: whatLimit) }
            sentCells = model.wallets.map { TextTable.fitted("→ \($0.name)", limit: whatLimit) }
            receivedCells = model.wallets.map { TextTable.fitted("← \($0.name)", limit: whatLimit) }
            noCounterpart = (sent: TextTable.fitted("→ ", limit: whatLimit), received: TextTable.fitted("← ", limit: whatLimit))
            noCategory = TextTable.fitted(Self.noCategoryText, limit: whatLimit)
            // Second pass: the names as cut.
            for row in rows {
                widths[1] = max(widths[1], walletCells[row.wallet].width)
                widths[2] = max(widths[2], payee(row).width)
                widths[3] = max(widths[3], what(row).width)
            }
        }

        /// Writes the titles, the rule and every row, a chunk at a time.
        mutating func write(color: Bool, to console: Console) {
            let total = widths.reduce(0, +) + 2 * (widths.count - 1)
            var out: [UInt8] = []
            out.reserveCapacity(RegisterOutput.chunk + 4096)
            let space: UInt8 = 0x20
            let widths = widths
            func left(_ text: String, _ width: Int, _ column: Int) {
                out.appendUTF8(text)
                out.appendSpaces(widths[column] - width)
            }

            var start = out.count
            for (i, title) in titles.enumerated() {
                if i > 0 { out.append(space); out.append(space) }
                if i < 4 { left(title, titleWidths[i], i) } else { out.appendSpaces(widths[i] - titleWidths[i]); out.appendUTF8(title) }
            }
            TextTable.endLine(from: start, &out)
            out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: total))
            out.append(0x0A)

            for (row, balance) in zip(rows, balances) {
                RegisterOutput.pass(&out, to: console)
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
                    let figure = amount(k == 0 ? row.amount : balance, row)
                    amounts[k].write(figure.bytes, figure.cell, color: color, to: &out)
                }
                TextTable.endLine(from: start, &out)
            }
            if rows.count > 1 { out.appendUTF8("\(rows.count) lines\n") }
            console.out(bytes: out)
        }
    }
}
