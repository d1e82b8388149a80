import TallyCore
import TallySyntax

/// Converts amounts into the budget's default currency with the latest rate on or before
/// a date, the way Grammar.md §4 counts money. Without such a rate it gives nil: the
/// page then shows the amount as not converted instead of guessing.
struct CurrencyConverter {
    /// The currency totals are counted in ("" when the budget declares none).
    let target: String
    /// Per currency: the dates and rates into `target`, in date order.
    private var rates: [String: [(date: CivilDate, rate: Money)]] = [:]
    private let places: Int

    init(model: BudgetModel) {
        target = model.defaultCurrency
        places = model.decimals(of: model.defaultCurrency)
        for entry in model.entries {
            guard case .rate(let base, let rate, let quote) = entry.kind, quote == target else { continue }
            rates[base, default: []].append((entry.date, rate))
        }
    }

    /// `amount` in `currency` counted in the target currency at `date`, or nil when no
    /// rate is known on or before that date (or the product overflows).
    func convert(_ amount: Money, from currency: String, at date: CivilDate) -> Money? {
        if currency == target || currency.isEmpty || target.isEmpty { return amount }
        guard let table = rates[currency] else { return nil }
        // The last rate on or before the date; rates come in date order.
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        return amount.multiplied(by: table[low - 1].rate, roundedTo: places)
    }
}

/// A sum in the default currency, with what could not be converted kept apart per
/// currency (and overflow noted) rather than guessed or dropped.
struct ConvertedSum: Equatable {
    /// The part counted in the default currency.
    var total: Money = .zero
    /// Amounts left in their own currency for want of a rate.
    var unconverted: [String: Money] = [:]
    /// True when a sum became too large to compute exactly.
    var overflowed = false

    /// Adds `amount` in `currency` at `date`.
    mutating func add(_ amount: Money, currency: String, at date: CivilDate, with converter: CurrencyConverter) {
        if let converted = converter.convert(amount, from: currency, at: date) {
            add(converted)
        } else {
            let current = unconverted[currency] ?? .zero
            if let sum = current.adding(amount) { unconverted[currency] = sum } else { overflowed = true }
        }
    }

    /// Adds an amount already in the default currency.
    mutating func add(_ converted: Money) {
        if let sum = total.adding(converted) { total = sum } else { overflowed = true }
    }

    /// The same sum with its sign flipped.
    var negated: ConvertedSum {
        ConvertedSum(total: total.negated, unconverted: unconverted.mapValues(\.negated), overflowed: overflowed)
    }
}
