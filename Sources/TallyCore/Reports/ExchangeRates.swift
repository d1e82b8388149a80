import TallySyntax

/// The exchange rates a budget states (`DATE rate USD 0.90 EUR`), read once, for
/// converting report figures into the default currency. A missing rate is never guessed:
/// conversion returns nil and the report says what it could not count.
public struct ExchangeRates: Sendable {
    /// Per `BASE/QUOTE`, the rates in date order.
    private let table: [String: [(date: CivilDate, rate: Money)]]
    private let model: BudgetModel

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
    }

    /// True when the budget states a rate from `currency` to the default currency, on any day.
    public func hasRate(from currency: String) -> Bool { table[currency + "/" + model.defaultCurrency] != nil }

    /// `amount` in `currency` expressed in the default currency with the latest rate on or
    /// before `date`, rounded to the default currency's decimals; nil without such a rate.
    public func toDefault(_ amount: Money, from currency: String, at date: CivilDate) -> Money? {
        let target = model.defaultCurrency
        if currency == target || currency.isEmpty || target.isEmpty || amount.isZero { return amount }
        guard let rates = table[currency + "/" + target] else { return nil }
        // Binary search for the last rate on or before the date.
        var low = 0
        var high = rates.count
        while low < high {
            let mid = (low + high) / 2
            if rates[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        return amount.multiplied(by: rates[low - 1].rate, roundedTo: model.decimals(of: target))
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
