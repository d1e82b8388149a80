import TallyCore
import TallySyntax

extension Categorizer {
    /// The categories most likely for a movement that waits for one (I0601), most likely
    /// first, at most `limit`: the category the rules or the history would choose, then
    /// those booked for payees sharing a word with it, then the categories the budget
    /// uses most for money going the same way (spending for an amount below zero, income
    /// otherwise), so that there is something to offer even for a payee never seen.
    /// Money coming in may still belong to a spending category (a refund): only the
    /// last of these goes by the sign.
    /// `mostUsed` is ``mostUsed(in:uses:)`` of the same model, worked out once for many rows.
    public func likeliest(_ row: StatementRow, in model: BudgetModel, mostUsed: [Int], limit: Int = 3) -> [Int] {
        var result: [Int] = []
        func offer(_ category: Int) {
            guard result.count < limit, !result.contains(category) else { return }
            result.append(category)
        }
        if let choice = choose(row) { offer(choice.category) }
        for category in suggestions(row, limit: limit) { offer(category) }
        if result.count < limit {
            let income = !row.amount.isNegative
            for category in mostUsed where model.categories[category].isIncome == income { offer(category) }
        }
        return result
    }

    /// Categories by how many postings the budget books in them, most first; a tie goes
    /// to the category declared first, so that a budget too young to have habits still
    /// has its declared categories to offer. A parent only implied by its children's
    /// names comes only if used. `uses` is the model's ``NameUses`` (the editor keeps one).
    public static func mostUsed(in model: BudgetModel, uses: NameUses) -> [Int] {
        let counts = uses.categories
        return counts.indices.filter { counts[$0] > 0 || !model.categories[$0].isImplicit }
            .sorted { (counts[$0], -$0) > (counts[$1], -$1) }
    }
}
