import TallySyntax

/// What a register row moves: income, spending, or money between wallets.
public enum FlowType: String, Sendable, CaseIterable {
    case income, expense, transfer
}

/// The filters every report shares: a date range, wallets, categories (a parent includes
/// its children), tags, payee, type and a free-text search.
public struct EntryFilter: Sendable {
    /// Both ends included; nil for all dates.
    public var range: ClosedRange<CivilDate>?
    /// Wallet indices; empty for all.
    public var wallets: Set<Int> = []
    /// Category names; a row matches when its category is one of them or within one.
    public var categories: [String] = []
    /// Tags without `#`; a row matches when it carries any of them.
    public var tags: [String] = []
    /// A part of the payee, any case and any accents (``SearchText``).
    public var payee: String?
    /// Types kept; empty for all.
    public var types: Set<FlowType> = []
    /// Text searched in payee, note, category, wallet, tags and amount, any case and any
    /// accents (``SearchText``).
    public var search: String?
    /// A further test of each line (the command line's query), nil for none.
    public var query: (@Sendable (EntryLine) -> Bool)?

    /// No filtering.
    public init() {}
}

/// One line of an entry as a query sees it: a posting of a transaction, or one side of
/// a transfer. `amount` is in the wallet's currency, negative when money leaves it.
public struct EntryLine {
    public let entry: Entry
    public let wallet: Int
    public let category: Int?
    public let counterpart: Int?
    public let amount: Money

    /// Creates the line.
    public init(entry: Entry, wallet: Int, category: Int?, counterpart: Int?, amount: Money) {
        self.entry = entry
        self.wallet = wallet
        self.category = category
        self.counterpart = counterpart
        self.amount = amount
    }
}

/// One line of the register: one posting of a transaction, or one side of a transfer.
public struct RegisterRow: Sendable {
    /// Index into ``BudgetModel/entries``.
    public let entry: Int
    public let date: CivilDate
    /// Index into ``BudgetModel/wallets``: the wallet the amount moves in.
    public let wallet: Int
    /// The category, for transactions.
    public let category: Int?
    /// The other wallet, for transfers.
    public let counterpart: Int?
    public let type: FlowType
    /// In the wallet's currency; negative when money leaves the wallet.
    public let amount: Money
    /// The wallet's balance right after this row.
    public let balance: Money
    public let payee: String?
    public let note: String?
    public let tags: [String]
    /// What a one-category transaction paid in another currency (`-23.50 USD @ 0.92`);
    /// nil otherwise: a split's lines share the header's amount paid, which no line is.
    public var paid: PaidAmount? = nil
}

/// How register rows are ordered.
public enum RegisterSort: String, Sendable, CaseIterable {
    case date, amount, category, payee
}

extension BudgetModel {
    /// The register: every transaction posting and transfer side that passes `filter`,
    /// each with its wallet's running balance (computed over all entries, so a filter never
    /// changes a balance), ordered by `sort`.
    public func register(_ filter: EntryFilter, sort: RegisterSort = .date, descending: Bool = false) -> [RegisterRow] {
        var rows: [RegisterRow] = []
        rows.reserveCapacity(filter.range == nil && filter.wallets.isEmpty ? entries.count + entries.count / 4 : 0)
        walkRegister(filter) { rows.append($0) }
        switch sort {
        case .date: if descending { rows.reverse() }
        case .amount: rows = stableSorted(rows, descending, key: \.amount)
        case .category:
            let names = categories.map(\.name)
            rows = stableSorted(rows, descending) { $0.category.map { names[$0] } ?? "" }
        case .payee:
            // Each payee lowercased once, not in every comparison.
            var lowered: [String: String] = [:]
            rows = stableSorted(rows, descending) { row in
                guard let payee = row.payee else { return "" }
                if let known = lowered[payee] { return known }
                let key = payee.lowercased()
                lowered[payee] = key
                return key
            }
        }
        return rows
    }

    /// The register's rows in the budget's order (by date, as written within a day), each
    /// handed to `body` as it is made, none kept (a front end that writes them out as
    /// they come holds no row): every transaction posting and transfer side that passes
    /// `filter`, with its wallet's running balance.
    public func walkRegister(_ filter: EntryFilter, _ body: (RegisterRow) -> Void) {
        var balances = wallets.map(\.opening)
        // One pass with no per-entry storage: whether an entry is shown is decided before
        // its balances move, and each of its lines is kept (or not) as it is computed.
        let search = filter.search.map(SearchNeedle.init)
        let payee = filter.payee.map(SearchNeedle.init)
        var folded = FoldedTexts()
        let categoryMatch: [Bool] = categories.map { category in
            filter.categories.isEmpty || filter.categories.contains { category.isWithin($0) }
        }
        for (index, entry) in entries.enumerated() {
            // Balances move for every entry; only the filter decides what is shown.
            var shown = true
            if let range = filter.range, !range.contains(entry.date) { shown = false } else if let payee, !payee.found(in: entry.payee, &folded) { shown = false } else if !filter.tags.isEmpty, !entry.tags.contains(where: filter.tags.contains) { shown = false }
            func keep(_ wallet: Int, _ category: Int?, _ counterpart: Int?, _ type: FlowType, _ amount: Money, _ balance: Money) {
                if !filter.wallets.isEmpty, !filter.wallets.contains(wallet) { return }
                if !filter.types.isEmpty, !filter.types.contains(type) { return }
                if !filter.categories.isEmpty, !(category.map { categoryMatch[$0] } ?? false) { return }
                if let search, !matches(search, entry: entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount, folded: &folded) {
                    return
                }
                if let query = filter.query, !query(EntryLine(entry: entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount)) { return }
                body(
                    RegisterRow(
                        entry: index, date: entry.date, wallet: wallet, category: category, counterpart: counterpart,
                        type: type, amount: amount, balance: balance, payee: entry.payee, note: entry.note, tags: entry.tags,
                        paid: category != nil && entry.postingCount == 1 ? entry.paid : nil))
            }
            switch entry.kind {
            case .transaction(let wallet, let amount, let postings) where postings.isEmpty:
                // A bank movement with no category yet (I0601): one line, no category.
                balances[wallet] = balances[wallet].adding(amount) ?? balances[wallet]
                if shown { keep(wallet, nil, nil, amount.isNegative ? .expense : .income, amount, balances[wallet]) }
            case .transaction(let wallet, _, let postings):
                for posting in postings {
                    balances[wallet] = balances[wallet].adding(posting.amount) ?? balances[wallet]
                    if shown {
                        keep(wallet, posting.category, nil, categories[posting.category].isIncome ? .income : .expense, posting.amount, balances[wallet])
                    }
                }
            case .transfer(let from, let to, let sent, let received):
                balances[from] = balances[from].subtracting(sent) ?? balances[from]
                if shown { keep(from, nil, to, .transfer, sent.negated, balances[from]) }
                balances[to] = balances[to].adding(received) ?? balances[to]
                if shown { keep(to, nil, from, .transfer, received, balances[to]) }
            default:
                continue
            }
        }
    }

    /// Sorted by `key` (reversed when descending), keeping date order among equals. The
    /// keys are made once and the rows' places sorted: a row is a large value, and its
    /// key was once remade in every comparison.
    private func stableSorted<Key: Comparable>(_ rows: [RegisterRow], _ descending: Bool, key: (RegisterRow) -> Key) -> [RegisterRow] {
        let keys = rows.map(key)
        // Places ordered by (key, place): a total order, so the faster unstable sort
        // gives the stable result, with one comparison of keys in most steps.
        var order = Array(rows.indices)
        order.sort { a, b in
            let (x, y) = (keys[a], keys[b])
            if x == y { return a < b }
            return (x < y) != descending
        }
        return order.map { rows[$0] }
    }

    /// Whether `needle` is in the line's payee, note, wallet, category, other wallet,
    /// tags (`#tag`) or amount as written (`-66.20`). The amount is written only for a
    /// needle that may be in it, and a tag gets its `#` only for a needle with one: a
    /// search of 100k lines makes no text per line.
    private func matches(_ needle: SearchNeedle, entry: Entry, wallet: Int, category: Int?, counterpart: Int?, amount: Money, folded: inout FoldedTexts) -> Bool {
        if needle.found(in: entry.payee, &folded) || needle.found(in: entry.note, &folded) || needle.found(in: wallets[wallet].name, &folded) {
            return true
        }
        if let category, needle.found(in: categories[category].name, &folded) { return true }
        if let counterpart, needle.found(in: wallets[counterpart].name, &folded) { return true }
        let hashed = needle.folded.contains("#")
        if entry.tags.contains(where: { needle.found(in: hashed ? "#" + $0 : $0, &folded) }) { return true }
        return needle.mayBeAnAmount && needle.found(in: amount.formatted(scale: decimals(of: wallets[wallet].currency)), &folded)
    }
}
