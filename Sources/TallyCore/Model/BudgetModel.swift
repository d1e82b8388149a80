import TallySyntax

/// An envelope's figures for one period.
public struct EnvelopeStatus: Sendable, Equatable {
    /// First and last day of the period.
    public let start: CivilDate
    public let end: CivilDate
    /// Left over (or overspent, when negative) from the period before, with rollover.
    public let carriedIn: Money
    /// Planned for the period.
    public let planned: Money
    /// Filled by hand during the period.
    public let filled: Money
    /// Moved in minus moved out.
    public let moved: Money
    /// Spending in the envelope's categories, refunds counted back.
    public let spent: Money
    /// carriedIn + planned + filled + moved − spent.
    public let available: Money
    /// The part of ``spent`` from the budget's credit wallets (not hidden; counted only for `rollover unspent`,
    /// whose overspending on cards becomes card debt: ``Envelope/cardDebt(of:)``).
    public var spentOnCredit: Money = .zero

    /// What the period holds before spending.
    public var budget: Money { carriedIn.adding(planned)?.adding(filled)?.adding(moved) ?? planned }
    /// True when more was spent than the envelope holds.
    public var isOverspent: Bool { available.isNegative }
}

/// Where a goal stands.
public struct GoalStatus: Sendable, Equatable {
    public enum State: String, Sendable { case reached, onTrack = "on track", behind, overdue, open }
    /// Money put towards the goal so far.
    public let saved: Money
    /// Saved over target, in percent (nil without a target).
    public let percent: Money?
    public let state: State
    /// The forward-looking figure, in words: the monthly amount still needed, the total
    /// expected by the date, the expected date, or the total expected at year end.
    public let outlook: String?
}

/// The resolved budget: every declaration and dated entry, with indexes for the queries
/// reports and the language server ask many times.
public struct BudgetModel: Sendable {
    public let defaultCurrency: String
    public let weekStart: Weekday
    public let today: CivilDate
    public let wallets: [Wallet]
    public let categories: [Category]
    public let envelopes: [Envelope]
    public let goals: [Goal]
    public let rules: [RecurringRule]
    /// Dated entries in date order (file order within a day; assertions last in a day).
    public let entries: [Entry]
    /// For each wallet: entry index and balance after it, in date order.
    let walletHistory: [[(entry: Int, balance: Money)]]
    /// Envelope periods by envelope, in order.
    let envelopePeriods: [[EnvelopeStatus]]
    /// Per goal: dates and running totals of contributions.
    let goalHistory: [[(date: CivilDate, saved: Money)]]
    /// Per goal: whether what it has saved is assigned money of the budget's wallets, out
    /// of ready to assign (Grammar.md §4, "Goals in the equation"); empty without goals.
    let goalsInBudget: [Bool]
    /// Ready to assign at the end of each day that changed it, as the interpreter computed
    /// it; empty for budgets that assign no income.
    let readyToAssignDays: [(date: CivilDate, total: Money)]
    /// Card debt no money holds on each card at the end of each day that changed it
    /// (Grammar.md §4, "Credit overspending"), in date order; empty without overspending
    /// on cards.
    let uncoveredCardDebtDays: [(date: CivilDate, card: Int, total: Money)]
    let decimals: [String: Int]
    /// The `payee` rules, in file order (``payeeRule(for:)`` gives the one that books).
    public let payeeRules: [PayeeRule]
    /// Each wallet's `import` profile, in file order (``importProfile(of:)``).
    public let importProfiles: [ImportProfile]
    /// The `match` rules, in file order (``matchRules(for:)``).
    public let matchRules: [MatchRule]
    /// True when no total of the budget's amounts can overflow, however they are added
    /// (the bound of `Walk+Bounds.swift`). When false, `tally check` reports E0404 where
    /// the bound was crossed and reports refuse to show figures: sums may be wrong.
    public let totalsAreExact: Bool

    /// Decimals of a currency.
    public func decimals(of currency: String) -> Int { decimals[currency] ?? BudgetModel.defaultDecimals(of: currency) }

    /// Well-known currencies whose minor unit is not two decimals (ISO 4217); every other
    /// currency has two unless the budget says otherwise.
    static let knownDecimals: [String: Int] = [
        "JPY": 0, "KRW": 0, "CLP": 0, "ISK": 0, "VND": 0, "HUF": 2, "BHD": 3, "KWD": 3, "OMR": 3,
        "JOD": 3, "TND": 3, "BTC": 8
    ]

    /// The decimals `currency` has when no budget says otherwise: those of the well-known
    /// currencies whose minor unit is not two (JPY 0, BHD 3, ...), else 2.
    public static func defaultDecimals(of currency: String) -> Int { knownDecimals[currency] ?? 2 }

    /// The `payee` rule that books a transaction from `payee` naming no category (the
    /// last of the payee's rules, as the lowering applies them), or nil.
    public func payeeRule(for payee: String) -> PayeeRule? { payeeRules.last { $0.payee == payee } }

    /// The `import` profile of `wallet`, or nil when it has none.
    public func importProfile(of wallet: Int) -> ImportProfile? { importProfiles.first { $0.wallet == wallet } }

    /// The `match` rules that apply to statements of `wallet` (those without `in` and those
    /// `in` it), in file order.
    public func matchRules(for wallet: Int) -> [MatchRule] { matchRules.filter { $0.wallet == nil || $0.wallet == wallet } }

    /// The wallets whose import profiles name `account` (as a statement gives it), in file order.
    public func wallets(ofAccount account: String) -> [Int] {
        let wanted = ImportProfile.account(account)
        return importProfiles.filter { $0.account == wanted }.map(\.wallet)
    }

    /// The wallet's balance at the end of `date`.
    public func balance(of wallet: Int, at date: CivilDate) -> Money {
        let history = walletHistory[wallet]
        var low = 0
        var high = history.count
        while low < high {
            let mid = (low + high) / 2
            if entries[history[mid].entry].date <= date { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? wallets[wallet].opening : history[low - 1].balance
    }

    /// The wallet's balance right after entry `entry` (nil when the entry does not touch it).
    public func balance(of wallet: Int, afterEntry entry: Int) -> Money? {
        walletHistory[wallet].first { $0.entry == entry }?.balance
    }

    /// The envelope's figures for the period containing `date`.
    /// A period after the interpreter's (after today, past the last entry) is as that day
    /// will show it when it comes (``periodsAhead(_:through:)``).
    public func envelopeStatus(_ envelope: Int, at date: CivilDate) -> EnvelopeStatus? {
        envelopePeriods[envelope].first { $0.start <= date && date <= $0.end }
            ?? periodsAhead(envelope, through: date).last { $0.start <= date && date <= $0.end }
    }

    /// All periods of an envelope computed so far, in order.
    public func envelopeHistory(_ envelope: Int) -> [EnvelopeStatus] { envelopePeriods[envelope] }

    /// Whether what goal `goal` has saved is assigned money of the budget's wallets: out
    /// of ready to assign, on the equation's goal side (Grammar.md §4, "Goals in the
    /// equation"). False for a goal kept in a hidden wallet, a loan or a wallet outside the
    /// budget's.
    public func isInBudget(goal: Int) -> Bool { goalsInBudget.indices.contains(goal) ? goalsInBudget[goal] : true }

    /// Whether `entry` is spending (or a refund) paid from a goal held in the budget's
    /// wallets: no envelope counts it, and it is not unbudgeted (Grammar.md §4, "Goals in
    /// the equation").
    public func isPaidByGoal(_ entry: Entry) -> Bool {
        guard let g = entry.goal, entry.transaction != nil else { return false }
        return isInBudget(goal: g)
    }

    /// Money saved towards a goal by the end of `date`.
    public func saved(towards goal: Int, at date: CivilDate) -> Money {
        goalHistory[goal].last { $0.date <= date }?.saved ?? .zero
    }

    /// Occurrences of a recurring rule within `range`.
    public func occurrences(of rule: Int, in range: ClosedRange<CivilDate>) -> [CivilDate] {
        rules[rule].occurrences(in: range)
    }
}
