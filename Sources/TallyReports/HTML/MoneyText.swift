import TallyCore

/// How the HTML page writes amounts: exact decimal text with the currency's decimals
/// (more when the value has them) and its code.
struct MoneyText {
    let model: BudgetModel

    /// `1180.00 EUR`, or `1180.00` when the budget has no currency or `code` is false
    /// (tables whose heading names the currency).
    func callAsFunction(_ money: Money, _ currency: String, code: Bool = true) -> String {
        model.text(money, currency, code: code)
    }

    /// An amount in the default currency followed by what it leaves out for want of a
    /// rate (`+ 12.00 USD not converted`).
    func sum(_ total: Money, _ unconverted: [String: Money], _ currency: String, code: Bool = true) -> String {
        var text = self(total, currency, code: code)
        for (code, amount) in unconverted.sorted(by: { $0.key < $1.key }) where !amount.isZero {
            text += " + \(self(amount, code)) not converted"
        }
        return text
    }

    /// `part` as a share of `whole` in percent with one decimal (`12.5 %`), or nil when
    /// `whole` is zero.
    static func percent(_ part: Money, of whole: Money) -> String? {
        guard !whole.isZero,
            let scaled = part.multiplied(by: Money(units: 100, scale: 0), roundedTo: part.scale),
            let share = scaled.divided(by: whole, roundedTo: 1)
        else { return nil }
        return "\(share.formatted(scale: 1)) %"
    }
}

extension Money {
    /// The value as a Double, for chart geometry only (pixels are not money).
    public var chartValue: Double {
        var divisor = 1.0
        for _ in 0 ..< scale { divisor *= 10 }
        return Double(units) / divisor
    }
}
