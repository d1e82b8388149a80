import TallyCore
import TallySyntax

extension EditEntry {
    /// A purchase's fields as an edit form shows them, so that saving the form unchanged
    /// writes the entry as it is: amounts signed and as the model has them, but left
    /// empty where the file leaves them out (a split's total, the part that takes the
    /// rest), so that editing one part does not fix the others. Nil for an entry that is
    /// not a transaction.
    public struct Fields: Sendable, Equatable {
        public var date: String, payee: String, wallet: String, category: String, amount: String, note: String, tags: [String]
        /// Each part of a split purchase; empty for one category.
        public var splits: [AddEntry.Request.Split]
    }

    /// The fields of `model.entries[index]`, read from the file `budget` holds it in.
    public static func fields(of index: Int, budget: Budget, model: BudgetModel) -> Fields? {
        let entry = model.entries[index]
        guard case .transaction(let w, let total, let postings) = entry.kind else { return nil }
        let wallet = model.wallets[w]
        let decimals = model.decimals(of: wallet.currency)
        func text(_ money: Money) -> String { money.text(.atLeast(decimals), currency: "") }
        var fields = Fields(
            date: entry.date.description, payee: entry.payee ?? "", wallet: wallet.name, category: "", amount: text(total), note: entry.note ?? "",
            tags: entry.tags, splits: [])
        let written = writtenAmounts(entry.location, in: budget)
        if written?.header == false { fields.amount = "" }
        if postings.count == 1, written?.parts.isEmpty ?? true {
            fields.category = model.categories[postings[0].category].name
        } else if !postings.isEmpty {
            let parts = written?.parts.count == postings.count ? written?.parts : nil
            fields.splits = postings.enumerated().map { i, posting in
                .init(category: model.categories[posting.category].name, amount: parts?[i] == false ? "" : text(posting.amount))
            }
        }
        return fields
    }

    /// Whether the entry at `location` writes its amount on its first line, and on each
    /// split line, in order; nil when its syntax is not found.
    private static func writtenAmounts(_ location: SourceLocation, in budget: Budget) -> (header: Bool, parts: [Bool])? {
        guard let tree = budget.file(location.file)?.tree, let node = transaction(at: location.range.start, in: tree.root) else { return nil }
        let children = node.childNodes
        return (children.contains { $0.kind == .amount }, children.filter { $0.kind == .split }.map { $0.childNodes.contains { $0.kind == .amount } })
    }

    private static func transaction(at offset: Int, in node: SyntaxNode) -> SyntaxNode? {
        guard let child = node.childNodes.first(where: { $0.range.start <= offset && offset < $0.range.end }) else { return nil }
        return child.kind == .transaction ? child : transaction(at: offset, in: child)
    }
}
