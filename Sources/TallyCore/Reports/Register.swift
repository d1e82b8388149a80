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
    /// changes a balance), ordered by `sort`: lines with equal amounts, categories or payees
    /// keep the budget's order, descending too (by date descending, the budget's order is
    /// reversed whole). A front end that shows some of them asks for
    /// ``registerLines(_:sort:descending:)`` and makes rows of those alone.
    public func register(_ filter: EntryFilter, sort: RegisterSort = .date, descending: Bool = false) -> [RegisterRow] {
        registerLines(filter, sort: sort, descending: descending).map(registerRow)
    }

    /// The register's rows in the budget's order (by date, as written within a day), each
    /// handed to `body` as it is made, none kept (a front end that writes them out as
    /// they come holds no row): every transaction posting and transfer side that passes
    /// `filter`, with its wallet's running balance.
    public func walkRegister(_ filter: EntryFilter, _ body: (RegisterRow) -> Void) {
        walkRegisterLines(filter) { body(registerRow($0)) }
    }
}
