import TallySyntax

/// One part of a transaction: an amount booked in a category.
public struct Posting: Sendable {
    /// Index into ``BudgetModel/categories``.
    public let category: Int
    /// In the wallet's currency: negative for spending.
    public let amount: Money
    /// The split line, or the transaction's header.
    public internal(set) var location: SourceLocation
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
/// read by every check, so an entry is kept small: a plain transaction keeps its one
/// posting inline, the words most entries lack (note, tags, bank id, person) live
/// together in one object, absent when there are none, and indices, the date and the
/// entry's place in its file are stored in 32 bits each, after ``Stored`` where its
/// padding would be. The public properties give the same values as plain stored ones would.
public struct Entry: Sendable {
    /// What the entry does; see ``Stored``. Variable, as the location is, so that an entry
    /// kept across an edit moves in place (``move(by:from:in:)``).
    var stored: Stored
    public let date: CivilDate
    let goalIndex: Int32
    let ruleIndex: Int32
    /// Variable so that entries lowered in parts can be renumbered when joined.
    var readingOrder: Int32
    /// Zero for an entry without a bank id; otherwise bit 31 set, bit 30 set when the id is
    /// all ASCII, and the low 30 bits of the id's hash (``ByteInterner/hash(_:)``). Worked
    /// out once when the entry is lowered: the checks that ask every entry for its id reach
    /// the out-of-line details (a cache miss each) only for entries that have one, and the
    /// duplicate id check (E0411) reads an id only when two hashes agree.
    let bankIDTag: UInt32
    /// The bytes of ``location`` in its file: a file's offsets fit in 32 bits (the syntax
    /// tree keeps them so).
    private var start: UInt32, end: UInt32
    /// Interned: entries with the same payee share one string.
    public let payee: String?
    /// The note, tags, bank id and person, when the entry has any of them.
    let details: EntryDetails?
    /// The file of ``location``.
    private let file: String

    /// The whole entry.
    public internal(set) var location: SourceLocation {
        get { SourceLocation(file: file, range: ByteRange(start: Int(start), end: Int(end))) }
        set {
            precondition(newValue.file == file, "an entry stays in its file")
            start = UInt32(newValue.range.start)
            end = UInt32(newValue.range.end)
        }
    }

    /// What the entry does. A plain transaction's single posting is made on each read;
    /// the interpreter reads it through ``transaction`` and ``posting(_:)`` instead.
    public var kind: EntryKind {
        switch stored {
        case .plain(let wallet, let category, let amount, let header):
            return .transaction(
                wallet: Int(wallet), amount: amount,
                postings: [
                    Posting(category: Int(category), amount: amount, location: SourceLocation(file: location.file, range: header))
                ])
        case .other(let kind):
            return kind
        }
    }

    /// How an entry's kind is kept. Nine in ten entries are plain transactions (one
    /// category, the whole amount), and keeping their posting as an array would cost an
    /// allocation each, and a reference count on every copy of the entry.
    enum Stored: Sendable {
        /// A transaction with one posting of its whole amount, whose location is `header`
        /// in the entry's file.
        case plain(wallet: Int32, category: Int32, amount: Money, header: ByteRange)
        case other(EntryKind)
    }

    /// For a transaction: its wallet and amount. Cheaper than ``kind``, which builds a
    /// posting array for a plain transaction.
    public var transaction: (wallet: Int, amount: Money)? {
        switch stored {
        case .plain(let wallet, _, let amount, _): return (Int(wallet), amount)
        case .other(.transaction(let wallet, let amount, _)): return (wallet, amount)
        default: return nil
        }
    }

    /// The wallets and amounts of a transfer; nil for any other entry. Read without
    /// ``kind``, which makes a plain transaction's posting: imports ask every entry.
    public var transfer: (from: Int, to: Int, sent: Money, received: Money)? {
        guard case .other(.transfer(let from, let to, let sent, let received)) = stored else { return nil }
        return (from, to, sent, received)
    }

    /// Number of postings (0 for entries other than transactions).
    public var postingCount: Int {
        switch stored {
        case .plain: return 1
        case .other(.transaction(_, _, let postings)): return postings.count
        default: return 0
        }
    }

    /// Category and amount of posting `index` of a transaction.
    public func posting(_ index: Int) -> (category: Int, amount: Money) {
        switch stored {
        case .plain(_, let category, let amount, _): return (Int(category), amount)
        case .other(.transaction(_, _, let postings)): return (postings[index].category, postings[index].amount)
        default: preconditionFailure("only transactions have postings")
        }
    }

    /// Where posting `index` of a transaction was written.
    func postingLocation(_ index: Int) -> SourceLocation {
        switch stored {
        case .plain(_, _, _, let header): return SourceLocation(file: location.file, range: header)
        case .other(.transaction(_, _, let postings)): return postings[index].location
        default: preconditionFailure("only transactions have postings")
        }
    }

    /// True for a balance assertion.
    var isAssertion: Bool {
        if case .other(.assertion) = stored { return true }
        return false
    }

    public var note: String? { details?.note }
    public var tags: [String] { details?.tags ?? [] }
    /// The bank movement id (`id:` metadata).
    public var bankID: String? { hasBankID ? details?.bankID : nil }
    /// True when ``details`` holds a bank id.
    var hasBankID: Bool { bankIDTag != 0 }
    /// The low 30 bits of the bank id's hash and whether the id is all ASCII (see
    /// ``bankIDTag``), read without reaching the id.
    var bankIDKey: (hash: UInt32, isASCII: Bool)? {
        bankIDTag == 0 ? nil : (bankIDTag & 0x3FFF_FFFF, bankIDTag & 0x4000_0000 != 0)
    }
    /// The goal the money is for (`goal NAME`).
    public var goal: Int? { goalIndex < 0 ? nil : Int(goalIndex) }
    /// The recurring rule this entry records (`rule NAME`).
    public var rule: Int? { ruleIndex < 0 ? nil : Int(ruleIndex) }
    /// Who spent it (`by NAME`).
    public var by: String? { details?.by }
    /// For a transaction paid in another currency: what was paid (`-23.50 USD`).
    public var paid: PaidAmount? { details?.paid }
    /// Position in reading order, to keep same-day entries in file order.
    public var order: Int { Int(readingOrder) }

    init(
        date: CivilDate, kind: EntryKind, payee: String?, note: String?, tags: [String], bankID: String?,
        goal: Int?, rule: Int?, by: String?, location: SourceLocation, order: Int, paid: PaidAmount? = nil
    ) {
        self.init(
            date: date, stored: .other(kind), payee: payee, note: note, tags: tags, bankID: bankID,
            goal: goal, rule: rule, by: by, location: location, order: order, paid: paid)
    }

    /// A plain transaction: one posting of the whole `amount` in `category`, written at
    /// `header` in the entry's file.
    init(
        date: CivilDate, wallet: Int, category: Int, amount: Money, header: ByteRange, payee: String?, note: String?,
        tags: [String], bankID: String?, goal: Int?, rule: Int?, by: String?, location: SourceLocation, order: Int,
        sharedDetails: EntryDetails? = nil
    ) {
        let plain = Stored.plain(
            wallet: Int32(truncatingIfNeeded: wallet), category: Int32(truncatingIfNeeded: category),
            amount: amount, header: header)
        self.init(
            date: date, stored: plain, payee: payee, note: note, tags: tags, bankID: bankID,
            goal: goal, rule: rule, by: by, location: location, order: order, sharedDetails: sharedDetails)
    }

    /// `sharedDetails`, when given, are details equal to those the other arguments make,
    /// shared with other entries (``Lowering/sharedTagDetails(_:)``).
    private init(
        date: CivilDate, stored: Stored, payee: String?, note: String?, tags: [String], bankID: String?,
        goal: Int?, rule: Int?, by: String?, location: SourceLocation, order: Int, paid: PaidAmount? = nil,
        sharedDetails: EntryDetails? = nil
    ) {
        self.date = date
        self.stored = stored
        self.payee = payee
        details =
            sharedDetails
            ?? (note == nil && tags.isEmpty && bankID == nil && by == nil && paid == nil
                ? nil : EntryDetails(note: note, tags: tags, bankID: bankID, by: by, paid: paid))
        // Indices of declarations and positions in a file fit in 32 bits (a file's
        // offsets already do); -1 stands for none.
        goalIndex = goal.map { Int32(truncatingIfNeeded: $0) } ?? -1
        ruleIndex = rule.map { Int32(truncatingIfNeeded: $0) } ?? -1
        readingOrder = Int32(truncatingIfNeeded: order)
        bankIDTag =
            bankID.map { id in
                var id = id
                return id.withUTF8 { bytes in
                    var high: UInt8 = 0
                    for byte in bytes { high |= byte }
                    let ascii: UInt32 = high < 0x80 ? 0x4000_0000 : 0
                    return 0x8000_0000 | ascii | UInt32(truncatingIfNeeded: ByteInterner.hash(bytes)) & 0x3FFF_FFFF
                }
            } ?? 0
        file = location.file
        start = UInt32(location.range.start)
        end = UInt32(location.range.end)
    }
}

/// The less common words of an entry, kept out of line. The rarest two (who spent it and
/// what was paid in another currency, together larger than the rest) are kept out of
/// line again: a large budget gives a quarter of its entries a bank id, and each would
/// otherwise carry room for them.
final class EntryDetails: Sendable {
    let note: String?
    let tags: [String]
    let bankID: String?
    private let rare: Rare?

    var by: String? { rare?.by }
    var paid: PaidAmount? { rare?.paid }

    private final class Rare: Sendable {
        let by: String?
        let paid: PaidAmount?

        init(by: String?, paid: PaidAmount?) {
            self.by = by
            self.paid = paid
        }
    }

    init(note: String?, tags: [String], bankID: String?, by: String?, paid: PaidAmount? = nil) {
        self.note = note
        self.tags = tags
        self.bankID = bankID
        rare = by == nil && paid == nil ? nil : Rare(by: by, paid: paid)
    }
}

extension Entry {
    /// Moves every position in `path` at or after `offset` by `shift` bytes: an entry kept
    /// from before an edit earlier in its file. In place: a plain transaction (nine in ten
    /// entries) changes without touching a reference count.
    mutating func move(by shift: Int, from offset: Int, in path: String) {
        guard shift != 0, location.file == path else { return }
        location.range = location.range.moved(by: shift, from: offset)
        switch stored {
        case .plain(let wallet, let category, let amount, let header):
            stored = .plain(wallet: wallet, category: category, amount: amount, header: header.moved(by: shift, from: offset))
        case .other(.transaction(let wallet, let amount, var postings)):
            for i in postings.indices where postings[i].location.file == path {
                postings[i].location.range = postings[i].location.range.moved(by: shift, from: offset)
            }
            stored = .other(.transaction(wallet: wallet, amount: amount, postings: postings))
        case .other:
            break
        }
    }
}
