import TallySyntax

/// How a payee is used: what `tally add` completes a line from, what the language server's
/// payee completion and hover show, and the history the import's categorizer learns from.
///
/// One rule for "usual", so that the editor, `add` and the import never disagree: a
/// payee's usual wallet is the wallet its transactions come from most often; its usual
/// category is the category its single-category transactions from that wallet book most
/// often (from any wallet, when none is from that one); its usual amount the amount its
/// transactions have most often. On a tie the one used latest is usual, and the choice
/// says it was tied (``Usual/isTied``): the editor proposes it, `tally add`, which
/// writes it into a file, asks for the name instead.
public struct PayeeHabit: Sendable {
    /// A usual wallet, category or amount.
    public struct Usual<Value: Sendable>: Sendable {
        public let value: Value
        /// True when another is used as often (the one used latest is `value`).
        public let isTied: Bool
    }

    /// How often a wallet, or a wallet and category, is used; the latest entry (model
    /// index) that uses it; what its transactions add up to.
    struct Tally: Sendable {
        var wallet: Int
        var category = -1
        var count = 0
        var latest = -1
        var sum = Money.zero
    }

    /// How many entries name the payee.
    public private(set) var count = 0
    /// The latest date it appears on.
    public private(set) var lastDate: CivilDate
    /// What its transactions add up to, by currency code (negative for spending).
    public private(set) var totals: [String: Money] = [:]
    /// Its transactions per wallet. A payee uses few wallets and categories, so these
    /// are searched in order: cheaper than a table per payee.
    var wallets: [Tally] = []
    /// Its single-category transactions per wallet and category.
    var bookings: [Tally] = []
    /// Its transactions' amounts, in date order.
    var amounts: [Money] = []

    /// No use yet, as of `date`.
    init(date: CivilDate) { lastDate = date }

    /// The wallet its transactions come from most often.
    public var wallet: Usual<Int>? { Self.usual(wallets.map { ($0.wallet, $0.count, $0.latest) }) }
    /// The category its single-category transactions from `wallet` book most often (from
    /// any wallet when none is from `wallet`, or `wallet` is nil).
    public func category(in wallet: Int?) -> Usual<Int>? {
        let own = bookings.filter { $0.wallet == wallet }
        if !own.isEmpty { return Self.usual(own.map { ($0.category, $0.count, $0.latest) }) }
        var all: [Int: (count: Int, latest: Int)] = [:]
        for b in bookings {
            let known = all[b.category] ?? (0, -1)
            all[b.category] = (known.count + b.count, Swift.max(known.latest, b.latest))
        }
        return Self.usual(all.map { ($0.key, $0.value.count, $0.value.latest) })
    }
    /// The amount its transactions have most often.
    public var amount: Usual<Money>? {
        var tallies: [Money: (count: Int, latest: Int)] = [:]
        for (i, amount) in amounts.enumerated() { tallies[amount, default: (0, -1)].count += 1; tallies[amount]!.latest = i }
        return Self.usual(tallies.map { ($0.key, $0.value.count, $0.value.latest) })
    }

    /// The usual wallet, the latest on a tie.
    public var usualWallet: Int? { wallet?.value }
    /// The usual category with the usual wallet, the latest on a tie.
    public var usualCategory: Int? { category(in: usualWallet)?.value }
    /// True when it has transactions.
    public var hasTransactions: Bool { !wallets.isEmpty }
    /// True when it has single-category transactions.
    public var hasSingleCategoryTransactions: Bool { !bookings.isEmpty }
    /// How many of its single-category transactions book each category, from any wallet
    /// (what the import's categorizer learns).
    public var categoryCounts: [Int: Int] {
        var counts: [Int: Int] = [:]
        for b in bookings { counts[b.category, default: 0] += b.count }
        return counts
    }

    /// Counts entry `index` of `entries`, which names the payee.
    mutating func count(_ index: Int, of entries: [Entry]) {
        count += 1
        lastDate = Swift.max(lastDate, entries[index].date)
        guard let (wallet, amount) = entries[index].transaction else { return }
        let w =
            wallets.firstIndex { $0.wallet == wallet }
            ?? {
                wallets.append(Tally(wallet: wallet))
                return wallets.count - 1
            }()
        wallets[w].count += 1
        wallets[w].latest = index
        if let sum = wallets[w].sum.adding(amount) { wallets[w].sum = sum }
        amounts.append(amount)
        guard entries[index].postingCount == 1 else { return }
        let category = entries[index].posting(0).category
        let b =
            bookings.firstIndex { $0.wallet == wallet && $0.category == category }
            ?? {
                bookings.append(Tally(wallet: wallet, category: category))
                return bookings.count - 1
            }()
        bookings[b].count += 1
        bookings[b].latest = index
    }

    /// Sums the wallets' totals by currency, once every entry is counted.
    mutating func finish(_ model: BudgetModel) {
        for tally in wallets where !tally.sum.isZero {
            let currency = model.wallets[tally.wallet].currency
            if let sum = (totals[currency] ?? .zero).adding(tally.sum) { totals[currency] = sum }
        }
    }

    /// The value used most often, the latest on a tie; nil when there is none.
    static func usual<Value>(_ tallies: [(value: Value, count: Int, latest: Int)]) -> Usual<Value>? {
        guard let best = tallies.max(by: { ($0.count, $0.latest) < ($1.count, $1.latest) }) else { return nil }
        let tied = tallies.filter { $0.count == best.count }.count > 1
        return Usual(value: best.value, isTied: tied)
    }
}

extension BudgetModel {
    /// Every payee's habits, by the payee as entries write it: one pass over the entries.
    public func payeeHabits() -> [String: PayeeHabit] {
        // Each payee's habit is found by one look-up of its text and then updated in place.
        var ids: [String: Int] = [:]
        var names: [String] = []
        var habits: [PayeeHabit] = []
        // Each spelling's bytes are hashed in place (``ByteInterner``) and looked up as a
        // string once, the first time they are met: equal strings, canonically
        // equivalent spellings too, still share one habit.
        var spellings = ByteInterner()
        var habitOfSpelling: [Int] = []
        for index in entries.indices {
            guard var payee = entries[index].payee else { continue }
            let (spelling, isNew) = payee.withUTF8 { spellings.insert($0) }
            if isNew {
                let id =
                    ids[payee]
                    ?? {
                        ids[payee] = names.count
                        names.append(payee)
                        habits.append(PayeeHabit(date: entries[index].date))
                        return names.count - 1
                    }()
                habitOfSpelling.append(id)
            }
            habits[habitOfSpelling[spelling]].count(index, of: entries)
        }
        var result: [String: PayeeHabit] = [:]
        result.reserveCapacity(names.count)
        for (id, name) in names.enumerated() {
            habits[id].finish(self)
            result[name] = habits[id]
        }
        return result
    }

    /// The habits of `payee`, compared without regard to case (as a person types it on
    /// the command line); nil when no entry names it.
    public func payeeHabit(_ payee: String) -> PayeeHabit? {
        let wanted = payee.lowercased()
        return habit(of: { $0.lowercased() == wanted })
    }

    /// The habits of the payee entries write as `payee`, compared as ``payeeHabits()``
    /// groups them (canonically equivalent spellings are one payee); nil when no entry
    /// names it. One pass that keeps no table: what a question about one payee costs
    /// when nothing has built the habits of every payee.
    public func payeeHabit(writtenAs payee: String) -> PayeeHabit? { habit(of: { $0 == payee }) }

    private func habit(of matches: (String) -> Bool) -> PayeeHabit? {
        var habit: PayeeHabit?
        for index in entries.indices {
            guard let name = entries[index].payee, matches(name) else { continue }
            if habit == nil { habit = PayeeHabit(date: entries[index].date) }
            habit!.count(index, of: entries)
        }
        habit?.finish(self)
        return habit
    }
}
