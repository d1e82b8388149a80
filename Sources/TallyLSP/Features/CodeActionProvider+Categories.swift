import TallyCore
import TallyImport
import TallySyntax

extension CodeActionProvider {
    /// I0601, a bank movement without a category: one action per likely category (see
    /// ``Categorizer/likeliest(_:in:limit:)``), the likeliest preferred. The category is
    /// written between the wallet and the amount; ``actions(in:path:range:)`` lays out its
    /// block as `tally fmt` would. Where that cannot be told from the block, the amount
    /// keeps its column when the gap before it has room for the category.
    static func chooseCategory(_ d: Diagnostic, _ analysis: BudgetAnalysis, advice: inout CategoryAdvice) -> [CodeActionInfo] {
        guard let node = analysis.index.entry(in: d.file, at: d.range.start), let t = TransactionSyntax(node),
            t.category == nil, let wallet = t.wallet, let amount = t.amount,
            let m = analysis.index.modelEntry(node, in: d.file)
        else { return [] }
        let model = analysis.model
        let likely = advice.likeliest(entry: m, model: model) { analysis.index.nameUses }
        let bytes = node.tree.source.bytes
        let gap = ByteRange(start: wallet.range.end, end: amount.range.start)
        let spacesOnly = gap.start < gap.end && bytes[gap.start ..< gap.end].allSatisfy { $0 == UInt8(ascii: " ") }
        return likely.enumerated().map { rank, category in
            let name = SourceWriter.name(model.categories[category].name)
            let edit: TextEdit
            if spacesOnly {
                // `Checking      -12.00` becomes `Checking Food -12.00`, the amount where it was.
                let width = gap.end - gap.start
                let after = max(width >= 2 ? 2 : 1, width - 1 - name.utf8.count)
                edit = TextEdit(range: gap, replacement: " " + name + String(repeating: " ", count: after))
            } else {
                edit = TextEdit(range: .empty(at: amount.range.start), replacement: name + " ")
            }
            return CodeActionInfo(
                title: "Book it in \(model.categories[category].name)", diagnostic: d,
                edits: [d.file: [edit]], isPreferred: rank == 0)
        }
    }
}
