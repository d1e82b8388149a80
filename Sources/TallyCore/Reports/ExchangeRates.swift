import TallySyntax

/// The exchange rates a budget states (`DATE rate USD 0.90 EUR`), read once, for
/// converting report figures into the default currency. A missing rate is never guessed:
/// conversion returns nil and the report says what it could not count.
///
/// ``valued(in:on:)`` makes the rates of a market valuation (`-V`, `-X COMMODITY`): into
/// any currency, through chains of rates, on the days the report is valued on.
public struct ExchangeRates: Sendable {
    /// Per `BASE/QUOTE`, the rates in date order.
    let table: [String: [(date: CivilDate, rate: Money)]]
    private let model: BudgetModel
    /// The currency amounts are converted into: the default currency unless valued.
    public let target: String
    /// The days amounts are valued on, in order (each amount on the first one on or after
    /// its date, else the last); empty: each amount on its own date.
    let valuationDays: [CivilDate]
    /// Whether rates may be chained and reversed (a market valuation), as hledger does.
    let chains: Bool

    /// Reads every `rate` entry of the model.
    public init(_ model: BudgetModel) {
        var table: [String: [(date: CivilDate, rate: Money)]] = [:]
        for entry in model.entries {
            if case .rate(let base, let rate, let quote) = entry.kind {
                table[base + "/" + quote, default: []].append((entry.date, rate))
            }
        }
        self.table = table
        self.model = model
        self.target = model.defaultCurrency
        self.valuationDays = []
        self.chains = false
    }

    private init(_ rates: ExchangeRates, target: String, days: [CivilDate]) {
        table = rates.table
        model = rates.model
        self.target = target
        valuationDays = days.sorted()
        chains = true
    }

    /// The rates of a market valuation into `currency` (nil: the default currency), each
    /// amount valued on the first of `days` on or after its date (else the last): the end
    /// of its report period, as hledger's `-V`/`-X` value a period's figures at its end.
    /// Rates are found as hledger finds market prices: a stated one, its reverse, else the
    /// shortest chain of stated rates, else of stated and reversed ones.
    public func valued(in currency: String?, on days: [CivilDate]) -> ExchangeRates {
        ExchangeRates(self, target: currency ?? model.defaultCurrency, days: days)
    }

    /// Every currency a rate names, on either side.
    public var currencies: Set<String> { Set(table.keys.flatMap { $0.split(separator: "/").map(String.init) }) }

    /// True when the budget states a rate from `currency` to the default currency, on any day.
    public func hasRate(from currency: String) -> Bool {
        chains ? currency == target || !RateChain.paths(from: currency, to: target, in: table).isEmpty : table[currency + "/" + target] != nil
    }

    /// `amount` in `currency` expressed in ``target`` with the latest rate on or before
    /// `date` (or the valuation day it falls in), rounded to the target's decimals; nil
    /// without such a rate.
    public func toDefault(_ amount: Money, from currency: String, at date: CivilDate) -> Money? {
        if currency == target || currency.isEmpty || target.isEmpty || amount.isZero { return amount }
        let day = valuationDay(for: date)
        let decimals = model.decimals(of: target)
        guard chains else {
            guard let rate = Self.latest(table[currency + "/" + target], on: day) else { return nil }
            return amount.multiplied(by: rate, roundedTo: decimals)
        }
        return RateChain.convert(amount, from: currency, to: target, on: day, in: table, decimals: decimals)
    }

    /// Under a market valuation, `amount` valued as ``toDefault(_:from:at:)`` values it but
    /// kept at six more decimals than the target's, so that a sum of many rounds once, as
    /// hledger's `-V` rounds a sum for display (Grammar.md §3.14); else ``toDefault``'s.
    public func toDefaultForSum(_ amount: Money, from currency: String, at date: CivilDate) -> Money? {
        guard chains, !(currency == target || currency.isEmpty || target.isEmpty || amount.isZero) else {
            return toDefault(amount, from: currency, at: date)
        }
        let decimals = min(model.decimals(of: target) + Self.extraDecimals, Money.maximumScale)
        return RateChain.convert(amount, from: currency, to: target, on: valuationDay(for: date), in: table, decimals: decimals)
    }

    /// The decimals beyond the target's that a valued amount keeps until its sum is rounded.
    public static let extraDecimals = 6

    /// The day an amount dated `date` is valued on.
    func valuationDay(for date: CivilDate) -> CivilDate {
        guard let last = valuationDays.last else { return date }
        return valuationDays.first { $0 >= date } ?? last
    }

    /// The last rate of `rates` on or before `date`.
    static func latest(_ rates: [(date: CivilDate, rate: Money)]?, on date: CivilDate) -> Money? {
        guard let rates else { return nil }
        // Binary search for the last rate on or before the date.
        var low = 0
        var high = rates.count
        while low < high {
            let mid = (low + high) / 2
            if rates[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? rates[low - 1].rate : nil
    }
}

/// A currency pair and the first date a report needed a rate for it but found none.
public struct MissingRate: Sendable, Hashable, Comparable {
    /// The currency that could not be converted.
    public let currency: String
    /// The earliest date it was needed on.
    public let date: CivilDate

    /// Creates the record.
    public init(currency: String, date: CivilDate) {
        self.currency = currency
        self.date = date
    }

    public static func < (a: MissingRate, b: MissingRate) -> Bool { (a.currency, a.date) < (b.currency, b.date) }

    /// Keeps the earliest date per currency.
    static func merge(_ list: inout [MissingRate], _ item: MissingRate) {
        if let i = list.firstIndex(where: { $0.currency == item.currency }) {
            if item.date < list[i].date { list[i] = item }
        } else {
            list.append(item)
        }
    }
}
