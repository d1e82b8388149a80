import TallySyntax

/// Where a model element came from: a file and a byte range in it.
public struct SourceLocation: Hashable, Sendable {
    /// The file's path as shown to people.
    public let file: String
    /// The bytes in that file. Settable inside the module, so that an entry kept across an
    /// edit moves without copying its file name.
    public internal(set) var range: ByteRange

    /// Creates a location.
    public init(file: String, range: ByteRange) {
        self.file = file
        self.range = range
    }
}

/// A `payee` rule (Grammar.md §3.6), resolved: a transaction from `payee` that names no
/// category is booked in `category`. When a payee has several rules, the last one books
/// (``BudgetModel/payeeRule(for:)``).
public struct PayeeRule: Sendable, Equatable {
    /// The payee, exactly as entries write it.
    public let payee: String
    /// The category's index in the model.
    public let category: Int
    /// Where the rule is.
    public let location: SourceLocation
}

/// What kind of account a wallet is.
public enum WalletKind: String, Sendable, CaseIterable {
    case bank, cash, credit, savings, investment, loan, other
}

/// A wallet: where money lives.
public struct Wallet: Sendable {
    public let name: String
    public let kind: WalletKind
    /// The currency code ("" when the budget declares no currency at all).
    public let currency: String
    /// Balance before the first entry (zero when not given).
    public let opening: Money
    /// The day the wallet opens; entries before it are errors.
    public let openingDate: CivilDate?
    /// How far below zero a credit wallet may go.
    public let limit: Money?
    /// The last day entries may be booked.
    public let closed: CivilDate?
    /// Left out of totals and statistics.
    public let hidden: Bool
    /// People sharing the wallet.
    public let owners: [String]
    /// The declaration.
    public let location: SourceLocation
}

/// An income or expense category. Names nest with `:`.
public struct Category: Sendable {
    /// Full name: `Food:Groceries`.
    public let name: String
    /// True for income categories.
    public let isIncome: Bool
    /// True for a parent that is not declared itself but has declared children.
    public let isImplicit: Bool
    /// The declaration (for an implicit parent, its first child's).
    public let location: SourceLocation

    /// True when `name` is this category or one of its ancestors.
    public func isWithin(_ name: String) -> Bool {
        self.name == name || self.name.hasPrefix(name + ":")
    }
}

/// The period an envelope budgets over.
public enum EnvelopePeriod: Hashable, Sendable {
    case weekly, monthly, quarterly, yearly
    /// A custom range, both ends included.
    case range(CivilDate, CivilDate)

    /// The keyword an `envelope` directive writes the period with (`monthly`), nil for a
    /// custom range: what the exporter and the editor's quick fix write.
    public var keyword: String? {
        switch self {
        case .weekly: return "weekly"
        case .monthly: return "monthly"
        case .quarterly: return "quarterly"
        case .yearly: return "yearly"
        case .range: return nil
        }
    }

    /// The first day of the period containing `date`, or nil when a custom range does not
    /// contain it.
    public func start(of date: CivilDate, weekStart: Weekday) -> CivilDate? {
        switch self {
        case .weekly: return date.startOfWeek(weekStart: weekStart)
        case .monthly: return date.startOfMonth
        case .quarterly: return date.startOfQuarter
        case .yearly: return date.startOfYear
        case .range(let a, let b): return date >= a && date <= b ? a : nil
        }
    }

    /// The first day of the period after the one starting on `start`.
    public func next(after start: CivilDate) -> CivilDate? {
        switch self {
        case .weekly: return start.adding(days: 7)
        case .monthly: return start.adding(months: 1)
        case .quarterly: return start.adding(months: 3)
        case .yearly: return start.adding(years: 1)
        case .range: return nil
        }
    }

    /// The last day of the period starting on `start`.
    public func end(of start: CivilDate) -> CivilDate {
        switch self {
        case .range(_, let b): return b
        default: return next(after: start)?.adding(days: -1) ?? start
        }
    }

    /// A label for the period starting on `start`: `2026-03`, `2026-Q2`, `2026`,
    /// `week of 2026-03-02`, or the range.
    public func label(_ start: CivilDate) -> String {
        let month = start.month < 10 ? "0\(start.month)" : "\(start.month)"
        switch self {
        case .weekly: return "the week of \(start)"
        case .monthly: return "\(start.year)-\(month)"
        case .quarterly: return "\(start.year)-Q\(start.quarter)"
        case .yearly: return "\(start.year)"
        case .range(let a, let b): return "\(a)..\(b)"
        }
    }
}

/// A budget over categories and a period.
public struct Envelope: Sendable {
    public let name: String
    /// Planned per period; nil for envelopes filled by hand.
    public let planned: Money?
    public let period: EnvelopePeriod
    /// Category names covered (children included); empty with `coversAll`.
    public let categories: [String]
    /// `for *`: all spending.
    public let coversAll: Bool
    /// Wallet indices spending counts from; empty for all wallets.
    public let wallets: [Int]
    public let rollover: Bool
    /// `rollover unspent`: only what is left at a period's end carries; overspending is
    /// not carried (YNAB's month rule): its cash part is taken from ready to assign the day
    /// after, its card part stays card debt (``cardDebt(of:)``).
    public var unspentOnly = false
    /// Alert threshold in percent.
    public let alert: Money?
    /// `from DATE`: no period before the one containing it.
    public var from: CivilDate? = nil
    /// `until DATE`: no period after the one containing it.
    public var until: CivilDate? = nil
    public let location: SourceLocation

    /// Whether a period that ends holding `available` carries it into the next one
    /// (when there is one): with `rollover`, unless `unspent` and overspent.
    public func carries(_ available: Money) -> Bool { rollover && !(unspentOnly && available.isNegative) }

    /// The part of a period's overspending that stays card debt instead of coming from
    /// ready to assign (Grammar.md §4, "Credit overspending"): with `rollover unspent`,
    /// the overspending beyond the period's cash spending (YNAB counts the cash first), at
    /// most what was spent on credit wallets. Zero for any other envelope or period.
    public func cardDebt(of period: EnvelopeStatus) -> Money {
        guard unspentOnly, period.available.isNegative, Money.zero < period.spentOnCredit else { return .zero }
        let cash = period.spent.subtracting(period.spentOnCredit) ?? .zero
        let beyondCash = period.available.negated.subtracting(Money.zero < cash ? cash : .zero) ?? .zero
        guard Money.zero < beyondCash else { return .zero }
        return beyondCash < period.spentOnCredit ? beyondCash : period.spentOnCredit
    }

    /// Whether spending from wallet `wallet` of `all` counts in this envelope: a wallet
    /// named with `in` always does; without `in`, every wallet of the budget's money
    /// (``Wallet/holdsBudgetMoney``: not hidden, not a loan).
    public func counts(wallet: Int, of all: [Wallet]) -> Bool {
        wallets.isEmpty ? all[wallet].holdsBudgetMoney : wallets.contains(wallet)
    }

    /// Whether spending in `category` counts in this envelope: an expense category named
    /// after `for` or within one, or any expense category with `for *`.
    public func covers(_ category: Category) -> Bool {
        !category.isIncome && (coversAll || categories.contains { category.isWithin($0) })
    }

    /// Whether a posting in `category` from wallet `wallet` of `all` is this envelope's
    /// spending: the one selection its `spent` is summed from (the walk) and its rows are
    /// listed by (a register's `envelope:` query), so that the two always agree.
    public func countsSpending(in category: Category, from wallet: Int, of all: [Wallet]) -> Bool {
        covers(category) && counts(wallet: wallet, of: all)
    }
}

/// A saving goal.
public struct Goal: Sendable {
    public let name: String
    public let target: Money?
    public let by: CivilDate?
    /// `monthly` or `yearly` for periodic goals.
    public let periodic: EnvelopePeriod?
    public let wallet: Int?
    public let reached: Bool
    public let reachedOn: CivilDate?
    public let location: SourceLocation
}

/// The unit a recurring entry steps in.
public enum RecurrenceUnit: String, Sendable {
    case day, week, month, quarter, year
}

/// A recurring entry.
public struct RecurringRule: Sendable {
    public let name: String?
    public let interval: Int
    public let unit: RecurrenceUnit
    /// Day of the month (1...31), 0 for `last`, nil when not pinned.
    public let dayOfMonth: Int?
    public let weekday: Weekday?
    public let from: CivilDate
    public let until: CivilDate?
    public let times: Int?
    /// The entry it repeats, without a date (its `date` is `from`).
    public let template: Entry?
    public let location: SourceLocation
}
