import TallyCore
import TallySyntax

extension EditEntry {
    /// A purchase's fields as an edit form shows them, so that saving the form unchanged
    /// writes nothing (``Result/changed``): amounts signed and as the model has them (a
    /// positive one with its `+` unless its categories are income), but left
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
        // An amount without a sign takes its category's (Grammar.md §3.10, "Signs"): a
        // positive one read as spending unless its categories are all income, so the form
        // shows it with its `+`, and money back stays money back when the form is saved.
        func text(_ money: Money, income: Bool) -> String {
            let plain = money.text(.atLeast(decimals), currency: "")
            return money > .zero && !income ? "+" + plain : plain
        }
        let allIncome = !postings.isEmpty && postings.allSatisfy { model.categories[$0.category].isIncome }
        var fields = Fields(
            date: entry.date.description, payee: entry.payee ?? "", wallet: wallet.name, category: "", amount: text(total, income: allIncome), note: entry.note ?? "",
            tags: entry.tags, splits: [])
        let written = writtenAmounts(entry.location, in: budget)
        if written?.header == false { fields.amount = "" }
        if postings.count == 1, written?.parts.isEmpty ?? true {
            fields.category = model.categories[postings[0].category].name
        } else if !postings.isEmpty {
            let parts = written?.parts.count == postings.count ? written?.parts : nil
            fields.splits = postings.enumerated().map { i, posting in
                .init(
                    category: model.categories[posting.category].name,
                    amount: parts?[i] == false ? "" : text(posting.amount, income: model.categories[posting.category].isIncome))
            }
        }
        return fields
    }

    /// Whether the entry at `location` writes its amount on its first line, and on each
    /// split line, in order; nil when its syntax is not found.
    private static func writtenAmounts(_ location: SourceLocation, in budget: Budget) -> (header: Bool, parts: [Bool])? {
        guard let node = entryNode(at: location, kind: .transaction, in: budget) else { return nil }
        let children = node.childNodes
        return (children.contains { $0.kind == .amount }, children.filter { $0.kind == .split }.map { $0.childNodes.contains { $0.kind == .amount } })
    }

    /// The node of kind `kind` that starts the entry at `location`.
    static func entryNode(at location: SourceLocation, kind: SyntaxKind, in budget: Budget) -> SyntaxNode? {
        func find(_ offset: Int, in node: SyntaxNode) -> SyntaxNode? {
            guard let child = node.childNodes.first(where: { $0.range.start <= offset && offset < $0.range.end }) else { return nil }
            return child.kind == kind ? child : find(offset, in: child)
        }
        return budget.file(location.file).flatMap { find(location.range.start, in: $0.tree.root) }
    }
}

extension EditEntry.Fields {
    /// Whether `request` asks for exactly these fields — the form saved as it was drawn —
    /// once it is read as the add form's fields are (spaces around the date and amounts,
    /// one split part left, ``AddEntry/Request/collapsing(category:amount:splits:)``).
    func areAsked(by request: AddEntry.Request) -> Bool {
        guard case .named(let payee, let wallet, let category) = request.parties else { return false }
        let shown = AddEntry.Request.collapsing(category: self.category, amount: amount, splits: splits)
        let asked = AddEntry.Request.collapsing(category: category ?? "", amount: request.amount, splits: request.splits)
        return request.date.trimmingSpaces() == date && (payee ?? "") == self.payee && (wallet ?? "") == self.wallet && asked.category == shown.category
            && asked.amount == shown.amount && asked.splits == shown.splits && (request.note ?? "") == note && request.tags == tags
    }
}

extension AddEntry.Request {
    /// A purchase form's category, amount and split rows as a request has them: amounts
    /// without the spaces around them, and one split row left (the others emptied) a
    /// purchase in its category, of the total, else of the row's amount (two different
    /// amounts are left to the action to refuse).
    public static func collapsing(category: String, amount: String, splits: [Split]) -> (category: String, amount: String, splits: [Split]) {
        var (category, amount) = (category, amount.trimmingSpaces())
        var splits = splits.map { Split(category: $0.category, amount: $0.amount.trimmingSpaces()) }
        let part = splits.first?.amount ?? ""
        if splits.count == 1, amount.isEmpty || part.isEmpty || amount == part {
            category = splits[0].category
            if amount.isEmpty { amount = part }
            splits = []
        }
        return (category, amount, splits)
    }
}
