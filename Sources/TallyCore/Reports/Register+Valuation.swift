import TallySyntax

extension RegisterRow {
    /// The row with its amount and balance converted from `currency` by `rates` (a market
    /// valuation, ``ExchangeRates/valued(in:on:)``), at the day the row's date is valued
    /// on; nil when a rate is missing. What it paid in another currency is kept as written.
    public func valued(from currency: String, _ rates: ExchangeRates) -> RegisterRow? {
        guard let amount = rates.toDefault(amount, from: currency, at: date),
            let balance = rates.toDefault(balance, from: currency, at: date)
        else { return nil }
        return RegisterRow(
            entry: entry, date: date, wallet: wallet, category: category, counterpart: counterpart, type: type, amount: amount,
            balance: balance, payee: payee, note: note, tags: tags, paid: paid)
    }
}
