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

    /// How often something is used, and the latest entry (model index) that uses it.
    struct Tally: Sendable {
        var count = 0
        var latest = -1
        mutating func add(_ entry: Int) {
            count += 1
            latest = Swift.max(latest, entry)
        }
    }

    /// How many entries name the payee.
    public private(set) var count = 0
    /// The latest date it appears on.
    public private(set) var lastDate: CivilDate
    /// What its transactions add up to, by currency code (negative for spending).
    public private(set) var totals: [String: Money] = [:]
    /// Its transactions per wallet (model index).
    var wallets: [Int: Tally] = [:]
    /// Its single-category transactions per wallet, then per category.
    var categoriesByWallet: [Int: [Int: Tally]] = [:]
    /// Its transactions per amount.
    var amounts: [Money: Tally] = [:]

    /// No use yet, as of `date`.
    init(date: CivilDate) { lastDate = date }

    /// The wallet its transactions come from most often.
    public var wallet: Usual<Int>? { Self.usual(wallets) }
    /// The category its single-category transactions from `wallet` book most often (from
    /// any wallet when none is from `wallet`, or `wallet` is nil).
    public func category(in wallet: Int?) -> Usual<Int>? {
        if let wallet, let own = categoriesByWallet[wallet] { return Self.usual(own) }
        var all: [Int: Tally] = [:]
        for tallies in categoriesByWallet.values {
            for (category, tally) in tallies {
                all[category, default: Tally()].count += tally.count
                all[category]!.latest = Swift.max(all[category]!.latest, tally.latest)
            }
        }
        return Self.usual(all)
    }
    /// The amount its transactions have most often.
    public var amount: Usual<Money>? { Self.usual(amounts) }

    /// The usual wallet, the latest on a tie.
    public var usualWallet: Int? { wallet?.value }
    /// The usual category with the usual wallet, the latest on a tie.
    public var usualCategory: Int? { category(in: usualWallet)?.value }
    /// True when it has transactions.
    public var hasTransactions: Bool { !wallets.isEmpty }
    /// True when it has single-category transactions.
    public var hasSingleCategoryTransactions: Bool { !categoriesByWallet.isEmpty }
    /// How many of its single-category transactions book each category, from any wallet
    /// (what the import's categorizer learns).
    public var categoryCounts: [Int: Int] {
        var counts: [Int: Int] = [:]
        for tallies in categoriesByWallet.values { for (category, tally) in tallies { counts[category, default: 0] += tally.count } }
        return counts
    }

    /// Counts entry `index` of `model`, which names the payee.
    mutating func count(_ index: Int, in model: BudgetModel) {
        let entry = model.entries[index]
        count += 1
        lastDate = Swift.max(lastDate, entry.date)
        guard let (wallet, amount) = entry.transaction else { return }
        wallets[wallet, default: Tally()].add(index)
        if entry.postingCount == 1 { categoriesByWallet[wallet, default: [:]][entry.posting(0).category, default: Tally()].add(index) }
        amounts[amount, default: Tally()].add(index)
        let currency = model.wallets[wallet].currency
        if let sum = (totals[currency] ?? .zero).adding(amount) { totals[currency] = sum }
    }

    /// The key used most often, the latest on a tie; nil when none is used.
    static func usual<Key>(_ tallies: [Key: Tally]) -> Usual<Key>? {
        guard let best = tallies.max(by: { ($0.value.count, $0.value.latest) < ($1.value.count, $1.value.latest) }) else { return nil }
        let tied = tallies.contains { $0.key != best.key && $0.value.count == best.value.count }
        return Usual(value: best.key, isTied: tied)
    }
}

extension BudgetModel {
    /// Every payee's habits, by the payee as entries write it: one pass over the entries.
    public func payeeHabits() -> [String: PayeeHabit] {
        var habits: [String: PayeeHabit] = [:]
        for index in entries.indices {
            guard let payee = entries[index].payee else { continue }
            habits[payee, default: PayeeHabit(date: entries[index].date)].count(index, in: self)
        }
        return habits
    }

    /// The habits of `payee`, compared without regard to case (as a person types it on
    /// the command line); nil when no entry names it.
    public func payeeHabit(_ payee: String) -> PayeeHabit? {
        let wanted = payee.lowercased()
        var habit: PayeeHabit?
        for index in entries.indices {
            guard let name = entries[index].payee, name.lowercased() == wanted else { continue }
            if habit == nil { habit = PayeeHabit(date: entries[index].date) }
            habit!.count(index, in: self)
        }
        return habit
    }
}
