import TallySyntax

/// One line of the register without its words: which entry, wallet, category or other
/// wallet, the amount and the wallet's balance after it. A register of 100k lines is
/// filtered and ordered as these (48 bytes each, no reference counted text), and only
/// the lines a front end shows become ``RegisterRow``s (``BudgetModel/registerRow(_:)``).
public struct RegisterLine: Sendable {
    private let entryIndex: Int32
    private let walletIndex: Int32
    /// A transaction line's category or a transfer side's other wallet; -1 for neither
    /// (a bank movement with no category yet, I0601).
    private let otherIndex: Int32
    /// Income, expense or transfer, as the row it stands for says.
    public let type: FlowType
    /// In the wallet's currency; negative when money leaves the wallet.
    public let amount: Money
    /// The wallet's balance right after this line.
    public let balance: Money

    init(entry: Int, wallet: Int, category: Int?, counterpart: Int?, type: FlowType, amount: Money, balance: Money) {
        entryIndex = Int32(entry)
        walletIndex = Int32(wallet)
        otherIndex = Int32(category ?? counterpart ?? -1)
        self.type = type
        self.amount = amount
        self.balance = balance
    }

    /// Index into ``BudgetModel/entries``.
    public var entry: Int { Int(entryIndex) }
    /// Index into ``BudgetModel/wallets``: the wallet the amount moves in.
    public var wallet: Int { Int(walletIndex) }
    /// The category, for transactions.
    public var category: Int? { type == .transfer || otherIndex < 0 ? nil : Int(otherIndex) }
    /// The other wallet, for transfers.
    public var counterpart: Int? { type == .transfer ? Int(otherIndex) : nil }

    /// What a one-category transaction paid in another currency (`-23.50 USD @ 0.92`),
    /// `entry` being the line's; nil otherwise: a split's lines share the header's amount
    /// paid, which no line is.
    public func paid(_ entry: Entry) -> PaidAmount? {
        category != nil && entry.postingCount == 1 ? entry.paid : nil
    }
}

extension BudgetModel {
    /// The row `line` stands for, with its entry's date, payee, note and tags.
    public func registerRow(_ line: RegisterLine) -> RegisterRow {
        let entry = entries[line.entry]
        return RegisterRow(
            entry: line.entry, date: entry.date, wallet: line.wallet, category: line.category, counterpart: line.counterpart,
            type: line.type, amount: line.amount, balance: line.balance, payee: entry.payee, note: entry.note, tags: entry.tags,
            paid: line.paid(entry))
    }

    /// The rows `lines` stand for, appended to `rows`. Lines in another order than the
    /// file's (by amount, by payee) stand for entries spread over the whole model: each
    /// entry and its details are read once for all the lines before any row is made, as
    /// reads that wait on nothing overlap, where making each row (its reference counts)
    /// waited for its entry's in turn.
    public func appendRegisterRows(_ lines: ArraySlice<RegisterLine>, to rows: inout [RegisterRow]) {
        var touched = 0
        for line in lines {
            let entry = entries[line.entry]
            touched &+= entry.date.day &+ Int(entry.readingOrder) &+ (entry.details?.note == nil ? 1 : 0)
        }
        // Used, so that the reads above are made.
        rows.reserveCapacity(rows.count + lines.count + (touched == Int.min ? 1 : 0))
        for line in lines { rows.append(registerRow(line)) }
    }

    /// The register's lines in the budget's order (by date, as written within a day),
    /// each handed to `body` as it is made, none kept: every transaction posting and
    /// transfer side that passes `filter`, with its wallet's running balance (computed
    /// over all entries, so a filter never changes a balance).
    public func walkRegisterLines(_ filter: EntryFilter, _ body: (RegisterLine) -> Void) {
        var balances = wallets.map(\.opening)
        // One pass with no per-entry storage: whether an entry is shown is decided before
        // its balances move, and each of its lines is kept (or not) as it is computed.
        var search = filter.search.map { RegisterSearch($0, self) }
        let payee = filter.payee.map(SearchNeedle.init)
        var folded = FoldedTexts()
        let categoryMatch: [Bool] = categories.map { category in
            filter.categories.isEmpty || filter.categories.contains { category.isWithin($0) }
        }
        let isIncome = categories.map(\.isIncome)
        for index in entries.indices {
            let entry = entries[index]
            // Balances move for every entry; only the filter decides what is shown.
            var shown = true
            if let range = filter.range, !range.contains(entry.date) { shown = false } else if let payee, !payee.found(in: entry.payee, &folded) { shown = false } else if !filter.tags.isEmpty, !entry.tags.contains(where: filter.tags.contains) { shown = false }
            search?.newEntry()
            func keep(_ wallet: Int, _ category: Int?, _ counterpart: Int?, _ type: FlowType, _ amount: Money, _ balance: Money) {
                if !filter.wallets.isEmpty, !filter.wallets.contains(wallet) { return }
                if !filter.types.isEmpty, !filter.types.contains(type) { return }
                if !filter.categories.isEmpty, !(category.map { categoryMatch[$0] } ?? false) { return }
                if search != nil, !search!.matches(entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount, &folded) {
                    return
                }
                if let query = filter.query, !query(EntryLine(entry: entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount)) { return }
                body(RegisterLine(entry: index, wallet: wallet, category: category, counterpart: counterpart, type: type, amount: amount, balance: balance))
            }
            // Read without ``Entry/kind``, which makes an array for a plain transaction's posting.
            switch entry.stored {
            case .plain(let wallet, let category, let amount, _):
                let w = Int(wallet), c = Int(category)
                balances[w] = balances[w].adding(amount) ?? balances[w]
                if shown { keep(w, c, nil, isIncome[c] ? .income : .expense, amount, balances[w]) }
            case .other(.transaction(let wallet, let amount, let postings)) where postings.isEmpty:
                // A bank movement with no category yet (I0601): one line, no category.
                balances[wallet] = balances[wallet].adding(amount) ?? balances[wallet]
                if shown { keep(wallet, nil, nil, amount.isNegative ? .expense : .income, amount, balances[wallet]) }
            case .other(.transaction(let wallet, _, let postings)):
                for posting in postings {
                    balances[wallet] = balances[wallet].adding(posting.amount) ?? balances[wallet]
                    if shown { keep(wallet, posting.category, nil, isIncome[posting.category] ? .income : .expense, posting.amount, balances[wallet]) }
                }
            case .other(.transfer(let from, let to, let sent, let received)):
                balances[from] = balances[from].subtracting(sent) ?? balances[from]
                if shown { keep(from, nil, to, .transfer, sent.negated, balances[from]) }
                balances[to] = balances[to].adding(received) ?? balances[to]
                if shown { keep(to, nil, from, .transfer, received, balances[to]) }
            default:
                continue
            }
        }
    }
}

/// `--search` over the register's lines: whether a line's payee, note, wallet, category,
/// other wallet, tags (`#tag`) or amount as written (`-66.20`) holds the text. Each
/// wallet's and category's name is searched once, not on each of 100k lines; an entry's
/// own words once for all its lines; the amount is written only for a needle that may be
/// in it, and a tag gets its `#` only for a needle with one.
struct RegisterSearch {
    let needle: SearchNeedle
    private let walletHits: [Bool]
    private let categoryHits: [Bool]
    private let walletDecimals: [Int]
    private let hashed: Bool
    /// Whether the current entry's payee, note or tags hold the needle; nil until asked.
    private var entryHit: Bool?

    init(_ text: String, _ model: BudgetModel) {
        let needle = SearchNeedle(text)
        var folded = FoldedTexts()
        self.needle = needle
        walletHits = model.wallets.map { needle.found(in: $0.name, &folded) }
        categoryHits = model.categories.map { needle.found(in: $0.name, &folded) }
        walletDecimals = model.wallets.map { model.decimals(of: $0.currency) }
        hashed = needle.folded.contains("#")
    }

    /// Forgets the entry before.
    mutating func newEntry() { entryHit = nil }

    /// Whether the line holds the needle.
    mutating func matches(_ entry: Entry, wallet: Int, category: Int?, counterpart: Int?, amount: Money, _ folded: inout FoldedTexts) -> Bool {
        if walletHits[wallet] || category.map({ categoryHits[$0] }) == true || counterpart.map({ walletHits[$0] }) == true { return true }
        if entryHit == nil {
            entryHit =
                needle.found(in: entry.payee, &folded) || needle.found(in: entry.note, &folded)
                || entry.tags.contains { needle.found(in: hashed ? "#" + $0 : $0, &folded) }
        }
        if entryHit == true { return true }
        return needle.mayBeAnAmount && needle.found(in: amount.formatted(scale: walletDecimals[wallet]), &folded)
    }
}
