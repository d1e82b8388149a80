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
        var balances = wallets.map(\.opening)
        var rows: [RegisterRow] = []
        // One pass with no per-entry storage: whether an entry is shown is decided before
        // its balances move, and each of its lines is kept (or not) as it is computed.
        rows.reserveCapacity(filter.range == nil && filter.wallets.isEmpty ? entries.count + entries.count / 4 : 0)
        let search = filter.search.map(SearchText.folded)
        let payee = filter.payee.map(SearchText.folded)
        var folded = FoldedTexts()
        let categoryMatch: [Bool] = categories.map { category in
            filter.categories.isEmpty || filter.categories.contains { category.isWithin($0) }
        }
        for (index, entry) in entries.enumerated() {
            // Balances move for every entry; only the filter decides what is shown.
            var shown = true
            if let range = filter.range, !range.contains(entry.date) { shown = false } else if let payee, !folded.contains(entry.payee, folded: payee) { shown = false } else if !filter.tags.isEmpty, !entry.tags.contains(where: filter.tags.contains) { shown = false }
            func keep(_ wallet: Int, _ category: Int?, _ counterpart: Int?, _ type: FlowType, _ amount: Money, _ balance: Money) {
                if !filter.wallets.isEmpty, !filter.wallets.contains(wallet) { return }
                if !filter.types.isEmpty, !filter.types.contains(type) { return }
                if !filter.categories.isEmpty, !(category.map { categoryMatch[$0] } ?? false) { return }
                if let search, !matches(search, entry: entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount, folded: &folded) {
                    return
                }
                if let query = filter.query, !query(EntryLine(entry: entry, wallet: wallet, category: category, counterpart: counterpart, amount: amount)) { return }
                rows.append(
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
        switch sort {
        case .date: if descending { rows.reverse() }
        case .amount: rows = stableSorted(rows, descending) { $0.amount < $1.amount }
        case .category: rows = stableSorted(rows, descending) { self.categoryName($0) < self.categoryName($1) }
        case .payee: rows = stableSorted(rows, descending) { ($0.payee ?? "").lowercased() < ($1.payee ?? "").lowercased() }
        }
        return rows
    }

    private func categoryName(_ row: RegisterRow) -> String {
        row.category.map { categories[$0].name } ?? ""
    }

    /// Sorted by `less` (reversed when descending), keeping date order among equals.
    private func stableSorted(_ rows: [RegisterRow], _ descending: Bool, _ less: (RegisterRow, RegisterRow) -> Bool) -> [RegisterRow] {
        rows.enumerated().sorted { a, b in
            if less(a.element, b.element) { return !descending }
            if less(b.element, a.element) { return descending }
            return a.offset < b.offset
        }.map(\.element)
    }

    private func matches(_ needle: String, entry: Entry, wallet: Int, category: Int?, counterpart: Int?, amount: Money, folded: inout FoldedTexts) -> Bool {
        var haystack: [String] = [wallets[wallet].name, amount.formatted(scale: decimals(of: wallets[wallet].currency))]
        if let payee = entry.payee { haystack.append(payee) }
        if let note = entry.note { haystack.append(note) }
        if let category { haystack.append(categories[category].name) }
        if let counterpart { haystack.append(wallets[counterpart].name) }
        haystack += entry.tags.map { "#" + $0 }
        return haystack.contains { folded($0).contains(needle) }
    }
}
