import TallyCore

/// The likeliest categories for bank movements that wait for one (I0601), worked out once
/// for many: the categorizer of each wallet (its `match` rules differ) and the categories
/// used most. `tally check` names them beside I0601 and the editor's quick fix offers them
/// (``Categorizer/likeliest(_:in:mostUsed:limit:)``).
public struct CategoryAdvice {
    private var categorizers: [Int: Categorizer] = [:]
    private var mostUsed: [Int]?

    /// No advice worked out yet.
    public init() {}

    /// The likeliest categories for `row` of `wallet`; `uses` is the model's ``NameUses``,
    /// asked for once.
    public mutating func likeliest(_ row: StatementRow, wallet: Int, model: BudgetModel, uses: () -> NameUses) -> [Int] {
        let categorizer = categorizers[wallet] ?? Categorizer(model: model, rules: WalletImport(model: model, wallet: wallet).rules)
        categorizers[wallet] = categorizer
        let used = mostUsed ?? Categorizer.mostUsed(in: model, uses: uses())
        mostUsed = used
        return categorizer.likeliest(row, in: model, mostUsed: used)
    }

    /// The likeliest categories for the model's entry `index`, a transaction read as the
    /// movement it records; empty for any other entry.
    public mutating func likeliest(entry index: Int, model: BudgetModel, uses: () -> NameUses) -> [Int] {
        let entry = model.entries[index]
        guard let (wallet, total) = entry.transaction else { return [] }
        let row = StatementRow(
            date: entry.date, amount: total, payee: entry.payee, description: entry.note, bankID: entry.bankID,
            position: StatementPosition(line: 0, column: 0))
        return likeliest(row, wallet: wallet, model: model, uses: uses)
    }
}
