import TallyCore
import TallyFormat
import TallyImport
import TallySyntax

extension CodeActionProvider {
    /// What choosing categories needs from the whole budget, worked out once per request
    /// (a selection may hold many I0601): the categorizer of each wallet (its `match`
    /// rules differ) and the categories used most.
    struct CategoryAdvice {
        var categorizers: [Int: Categorizer] = [:]
        var mostUsed: [Int]?

        mutating func likeliest(_ row: StatementRow, wallet: Int, _ analysis: BudgetAnalysis) -> [Int] {
            let model = analysis.model
            let categorizer =
                categorizers[wallet]
                ?? Categorizer(
                    model: model, rules: WalletImport(model: model, wallet: wallet).rules)
            categorizers[wallet] = categorizer
            let used = mostUsed ?? Categorizer.mostUsed(in: model, uses: analysis.index.nameUses)
            mostUsed = used
            return categorizer.likeliest(row, in: model, mostUsed: used)
        }
    }

    /// I0601, a bank movement without a category: one action per likely category (see
    /// ``Categorizer/likeliest(_:in:limit:)``), the likeliest preferred. The category is
    /// written between the wallet and the amount, and the line is laid out as `tally fmt`
    /// lays it out in its block (``Formatter/formattedLine(at:in:path:blockLimit:)``); where
    /// that cannot be told from the block, the amount keeps its column when the gap before
    /// it has room for the category.
    static func chooseCategory(_ d: Diagnostic, _ analysis: BudgetAnalysis, advice: inout CategoryAdvice) -> [CodeActionInfo] {
        guard let node = analysis.index.entry(in: d.file, at: d.range.start), let t = TransactionSyntax(node),
            t.category == nil, let wallet = t.wallet, let amount = t.amount,
            let m = analysis.index.modelEntry(node, in: d.file)
        else { return [] }
        let model = analysis.model
        let entry = model.entries[m]
        guard let (w, total) = entry.transaction else { return [] }
        let row = StatementRow(
            date: entry.date, amount: total, payee: entry.payee, description: entry.note,
            bankID: entry.bankID, position: StatementPosition(line: 0, column: 0))
        let likely = advice.likeliest(row, wallet: w, analysis)
        let bytes = node.tree.source.bytes
        let gap = ByteRange(start: wallet.range.end, end: amount.range.start)
        let spacesOnly = gap.start < gap.end && bytes[gap.start ..< gap.end].allSatisfy { $0 == UInt8(ascii: " ") }
        var lineStart = node.range.start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = amount.range.end
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        return likely.enumerated().map { rank, category in
            let name = SourceWriter.name(model.categories[category].name)
            var edit: TextEdit
            if spacesOnly {
                // `Checking      -12.00` becomes `Checking Food -12.00`, the amount where it was.
                let width = gap.end - gap.start
                let after = max(width >= 2 ? 2 : 1, width - 1 - name.utf8.count)
                edit = TextEdit(range: gap, replacement: " " + name + String(repeating: " ", count: after))
            } else {
                edit = TextEdit(range: .empty(at: amount.range.start), replacement: name + " ")
            }
            // The whole line as `tally fmt` writes it, when its block says how.
            let line = Array(bytes[lineStart ..< edit.range.start]) + Array(edit.replacement.utf8) + Array(bytes[edit.range.end ..< lineEnd])
            if let formatted = Formatter.formattedLine(line, replacing: lineStart ..< lineEnd, in: bytes, path: d.file) {
                edit = TextEdit(range: ByteRange(start: lineStart, end: lineEnd), replacement: String(decoding: formatted, as: UTF8.self))
            }
            return CodeActionInfo(
                title: "Book it in \(model.categories[category].name)", diagnostic: d,
                edits: [d.file: [edit]], isPreferred: rank == 0)
        }
    }
}
