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

extension BudgetBuilder {
    /// A purchase in another currency over several categories (`expenses:food  20.00 USD
    /// @ 0.92 EUR`, `expenses:shopping  10.00 USD @ 0.92 EUR` against a EUR card): the
    /// header is the amount paid at the one rate (`-30.00 USD @ 0.92`), the split lines
    /// what each category cost in the wallet's currency (Grammar.md §3.10). The rate must
    /// be one for every category and give each category's cost exactly, so that the
    /// amount paid per category stays in the text (the export writes it back as split ÷
    /// rate); else the purchase is listed. Nil for a purchase in one currency.
    mutating func foreignSplit(
        _ wallet: KnownPosting, _ categories: [(posting: KnownPosting, name: String)], _ w: WalletInfo
    ) throws(NotConverted) -> (header: String, parts: [Money])? {
        guard categories.count > 1, wallet.price == nil,
            let paidIn = code(categories[0].posting.amount.commodity), paidIn != w.currency,
            categories.contains(where: { $0.posting.price.map { code($0.commodity) == w.currency } ?? false })
        else { return nil }
        var rate: Money?, paid = Money.zero, parts: [Money] = []
        for (p, _) in categories {
            guard code(p.amount.commodity) == paidIn, let price = p.price, code(price.commodity) == w.currency else {
                throw NotConverted("a purchase in another currency over several categories not all paid in it at a price in the wallet's currency")
            }
            // The category's cost in the wallet's currency, and the rate it was paid at.
            let units = p.number.isNegative ? p.number.negated : p.number
            let perUnit = p.posting.totalPrice ? price.number.divided(by: units, roundedTo: 12) : price.number
            guard let r = perUnit.flatMap({ $0.exactly(places: $0.significantScale) }),
                let cost = p.number.negated.multiplied(by: r, roundedTo: p.number.scale + r.scale)?.exactly(places: wallet.number.scale),
                let sum = paid.adding(p.number.negated),
                !p.posting.totalPrice || (cost.isNegative ? cost.negated : cost) == price.number
            else { throw NotConverted("a purchase in another currency over several categories whose rate Tally cannot work out exactly") }
            guard rate == nil || rate == r else {
                throw NotConverted(
                    "a purchase in another currency over several categories at different rates (Tally's split lines are in the wallet's currency, at one rate for the purchase)"
                )
            }
            rate = r
            paid = sum
            parts.append(cost)
        }
        guard let rate, let charged = paid.multiplied(by: rate, roundedTo: paid.scale + rate.scale), charged == wallet.number,
            paid.isNegative == charged.isNegative, !charged.isZero
        else { throw NotConverted("a purchase in another currency over several categories whose costs do not add up to the wallet's charge") }
        paidCurrencies.insert(paidIn)
        return ("\(BudgetBuilder.signed(paid)) \(paidIn) @ \(rate)", parts)
    }
}
