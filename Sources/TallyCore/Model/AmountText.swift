/// How many decimals an amount is written with for people.
public enum AmountDecimals: Sendable, Equatable {
    /// The currency's decimals, more when the value has more, so that no digit is hidden
    /// (`-3.005` in a currency of two): what the editor, the diagnostics and the HTML page
    /// show.
    case atLeast(Int)
    /// Exactly the currency's decimals, rounding half away from zero: what report tables
    /// show, so that their columns line up.
    case exactly(Int)
}

extension Money {
    /// The one way an amount is written for people: with `decimals`, then the currency's
    /// code unless `currency` is empty or `code` is false: `1180.00 EUR`, `-3.005`.
    public func text(_ decimals: AmountDecimals, currency: String, code: Bool = true) -> String {
        let number: String
        switch decimals {
        case .atLeast(let places): number = formatted(scale: Swift.max(places, significantScale))
        case .exactly(let places): number = formatted(scale: places)
        }
        return currency.isEmpty || !code ? number : number + " " + currency
    }
}

extension BudgetModel {
    /// `money` in `currency` with that currency's decimals (``Money/text(_:currency:code:)``),
    /// at least or `exactly` them.
    public func text(_ money: Money, _ currency: String, code: Bool = true, exactly: Bool = false) -> String {
        let places = decimals(of: currency)
        return money.text(exactly ? .exactly(places) : .atLeast(places), currency: currency, code: code)
    }
}
