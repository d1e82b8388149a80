import TallySyntax

/// One part of a transaction: an amount booked in a category.
public struct Posting: Sendable {
    /// Index into ``BudgetModel/categories``.
    public let category: Int
    /// In the wallet's currency: negative for spending.
    public let amount: Money
    /// The split line, or the transaction's header.
    public let location: SourceLocation
}

/// What a dated entry does.
public enum EntryKind: Sendable {
    case transaction(wallet: Int, amount: Money, postings: [Posting])
    case transfer(from: Int, to: Int, sent: Money, received: Money)
    case fill(envelope: Int, amount: Money)
    case move(from: Int, to: Int, amount: Money)
    case assertion(wallet: Int, amount: Money)
    case rate(base: String, rate: Money, quote: String)
    case skip(rule: Int)
    case contribution(goal: Int, amount: Money)
}

/// A dated entry, resolved: names are indices into the model's tables.
public struct Entry: Sendable {
    public let date: CivilDate
    public let kind: EntryKind
    public let payee: String?
    public let note: String?
    public let tags: [String]
    /// The bank movement id (`id:` metadata).
    public let bankID: String?
    /// The goal the money is for (`goal NAME`).
    public let goal: Int?
    /// The recurring rule this entry records (`rule NAME`).
    public let rule: Int?
    /// Who spent it (`by NAME`).
    public let by: String?
    /// The whole entry.
    public let location: SourceLocation
    /// Position in reading order, to keep same-day entries in file order.
    public let order: Int
}
