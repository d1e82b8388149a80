import TallyCore
import TallySyntax

/// A transaction paid in another currency (Grammar.md §3.10, "Another currency"): its
/// category's posting is the amount paid with its price in the wallet's currency, so
/// the peer keeps both and balances exactly.
extension JournalExporter {
    /// `23.50 USD @ 0.92 EUR` when the rate gives the charge exactly, else `23.50 USD @@
    /// 21.62 EUR`; `charged` is the wallet's amount (negative for spending).
    func paidAmount(_ paid: PaidAmount, charged: Money, in walletCurrency: String) -> String {
        let spent = amount(paid.amount.negated, paid.currency)
        if let rate = paid.rate, paid.amount.multiplied(by: rate, roundedTo: paid.amount.scale + rate.scale) == charged {
            // The rate as written: the wallet currency's decimals would round it.
            return spent + " @ " + price(rate, walletCurrency)
        }
        return spent + " @@ " + amount(charged.magnitude, walletCurrency)
    }

    /// A split line's posting of a purchase paid in another currency at a rate (`-30.00
    /// USD @ 0.92` with `Food -18.40`): the amount paid for it, `20.00 USD @ 0.92 EUR`,
    /// when the line divided by the rate is exact at the paid amount's decimals and the
    /// lines' amounts paid add up to the header's; nil otherwise (the line is written in
    /// the wallet's currency). This is how `tally convert` reads a peer's purchase over
    /// several categories back.
    func paidParts(_ paid: PaidAmount, _ parts: [Money], in walletCurrency: String) -> [String]? {
        guard let rate = paid.rate, !rate.isZero, parts.count > 1 else { return nil }
        var sum = Money.zero
        var written: [String] = []
        for part in parts {
            guard let units = part.divided(by: rate, roundedTo: paid.amount.scale),
                units.multiplied(by: rate, roundedTo: units.scale + rate.scale) == part, let next = sum.adding(units)
            else { return nil }
            sum = next
            written.append(amount(units.negated, paid.currency) + " @ " + price(rate, walletCurrency))
        }
        return sum == paid.amount ? written : nil
    }
}
