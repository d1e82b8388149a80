import TallySyntax

/// The Tally names of the peers' accounts, written by TallySyntax's `SourceWriter` (the one
/// writer of Tally text) and kept per name: names repeat on every entry.
extension BudgetBuilder {
    /// `s` as a Tally name (a peer's control characters, tab included, as spaces),
    /// worked out once per name.
    mutating func tallyName(_ s: String) -> String {
        if let known = nameCache[s] { return known }
        let result = SourceWriter.name(SourceWriter.printable(s))
        nameCache[s] = result
        return result
    }

    /// The Tally name (``tallyName(_:)``) of the category `account` became, nil when it
    /// became none.
    mutating func categoryName(_ account: String, _ categoryNames: [String: String]) -> String? {
        if let known = categoryNameCache[account] { return known }
        guard let category = categoryNames[account] else { return nil }
        let result = tallyName(category)
        categoryNameCache[account] = result
        return result
    }
}
