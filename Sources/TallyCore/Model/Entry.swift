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
///
/// A budget holds hundreds of thousands of entries, copied while they are ordered and
/// read by every check, so an entry is kept small: the words most entries lack (note,
/// tags, bank id, person) live together in one shared object, absent when there are
/// none, and indices are stored in 32 bits. The properties read as before.
public struct Entry: Sendable {
    public let date: CivilDate
    public let kind: EntryKind
    /// Interned: entries with the same payee share one string.
    public let payee: String?
    /// The note, tags, bank id and person, when the entry has any of them.
    let details: EntryDetails?
    let goalIndex: Int32
    let ruleIndex: Int32
    let readingOrder: Int32
    /// The whole entry.
    public let location: SourceLocation

    public var note: String? { details?.note }
    public var tags: [String] { details?.tags ?? [] }
    /// The bank movement id (`id:` metadata).
    public var bankID: String? { details?.bankID }
    /// The goal the money is for (`goal NAME`).
    public var goal: Int? { goalIndex < 0 ? nil : Int(goalIndex) }
    /// The recurring rule this entry records (`rule NAME`).
    public var rule: Int? { ruleIndex < 0 ? nil : Int(ruleIndex) }
    /// Who spent it (`by NAME`).
    public var by: String? { details?.by }
    /// Position in reading order, to keep same-day entries in file order.
    public var order: Int { Int(readingOrder) }

    init(date: CivilDate, kind: EntryKind, payee: String?, note: String?, tags: [String], bankID: String?,
         goal: Int?, rule: Int?, by: String?, location: SourceLocation, order: Int) {
        self.date = date
        self.kind = kind
        self.payee = payee
        details = note == nil && tags.isEmpty && bankID == nil && by == nil
            ? nil : EntryDetails(note: note, tags: tags, bankID: bankID, by: by)
        // Indices of declarations and positions in a file fit in 32 bits (a file's
        // offsets already do); -1 stands for none.
        goalIndex = goal.map { Int32(truncatingIfNeeded: $0) } ?? -1
        ruleIndex = rule.map { Int32(truncatingIfNeeded: $0) } ?? -1
        readingOrder = Int32(truncatingIfNeeded: order)
        self.location = location
    }
}

/// The less common words of an entry, kept out of line.
final class EntryDetails: Sendable {
    let note: String?
    let tags: [String]
    let bankID: String?
    let by: String?

    init(note: String?, tags: [String], bankID: String?, by: String?) {
        self.note = note
        self.tags = tags
        self.bankID = bankID
        self.by = by
    }
}
