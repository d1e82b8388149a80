import TallyCore
import TallySyntax

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
    mutating func add(_ amount: Money, currency: String, at date: CivilDate, with rates: ExchangeRates) {
        if let converted = rates.toDefault(amount, from: currency, at: date) {
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
