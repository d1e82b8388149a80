import TallyCore
import TallySyntax

/// Stage 3, continued: spending in another currency than the wallet's (Grammar.md §3.10,
/// "Another currency"): `expenses:shopping  23.50 USD @@ 21.62 EUR` against a EUR card,
/// or the price on the card's posting (`-21.62 EUR @@ 23.50 USD`). The transaction keeps
/// the amount paid and what the card was charged.
extension BudgetBuilder {
    /// The amount of a one-category transaction whose category is in another commodity
    /// than wallet `w`, joined to it by a price: `-23.50 USD @ 0.92` when the peer's
    /// per-unit rate gives the wallet's amount exactly, else `-23.50 USD = -21.62 EUR`.
    /// Nil for a transaction in one currency; throws when the two sides do not agree.
    mutating func foreignAmount(
        _ wallet: KnownPosting, _ categories: [(posting: KnownPosting, name: String)], _ w: WalletInfo
    ) throws(NotConverted) -> String? {
        guard categories.count == 1, let paidIn = code(categories[0].posting.amount.commodity), paidIn != w.currency else { return nil }
        let p = categories[0].posting
        let joined =
            (p.price.map { code($0.commodity) == w.currency } ?? false)
            || (wallet.price.map { code($0.commodity) == paidIn } ?? false)
        guard joined, !paidIn.isEmpty else { return nil }
        // Tally's signs are the wallet's: the amount paid has the sign of the charge.
        let paid = p.number.negated, charged = wallet.number
        guard paid.isNegative == charged.isNegative, !charged.isZero, !paid.isZero else {
            throw NotConverted("a purchase in another currency whose two sides have different signs")
        }
        paidCurrencies.insert(paidIn)
        if let price = p.price, !p.posting.totalPrice, code(price.commodity) == w.currency,
            let product = paid.multiplied(by: price.number, roundedTo: paid.scale + price.number.scale),
            product == charged
        {
            return "\(BudgetBuilder.signed(paid)) \(paidIn) @ \(price.number)"
        }
        return "\(BudgetBuilder.signed(paid)) \(paidIn) = \(BudgetBuilder.signed(charged)) \(w.currency)"
    }
}
