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

    /// `s` as a Tally text in quotes (a peer's control characters as spaces), worked out
    /// once per text: payees repeat from entry to entry.
    mutating func quotedText(_ s: String) -> String {
        if let known = textCache[s] { return known }
        let result = SourceWriter.text(SourceWriter.printable(s))
        textCache[s] = result
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

    /// An account's role and, for an income or expense account, the Tally name of its
    /// category (``categoryName(_:_:)``): one look-up per posting written, where the two
    /// were two (the accounts' roles and categories are settled before entries are written).
    mutating func roleAndCategory(_ account: String, _ categoryNames: [String: String]) -> (Role, String?) {
        if let known = writtenAccounts[account] { return known }
        let role = role(account)
        let known = (role, role == .income || role == .expense ? categoryName(account, categoryNames) : nil)
        writtenAccounts[account] = known
        return known
    }
}
