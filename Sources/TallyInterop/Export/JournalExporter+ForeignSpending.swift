import TallyCore
import TallySyntax

/// A transaction paid in another currency (Grammar.md §3.10, "Another currency"): its
/// category's posting is the amount paid with its price in the wallet's currency, so
/// the peer keeps both and balances exactly.
extension JournalExporter {
    /// `23.50 USD @ 0.92 EUR` when the rate gives the charge exactly, else `23.50 USD @@
    /// 21.62 EUR`; `charged` is the wallet's amount (negative for spending).
    func paidAmount(_ paid: EntrySource.PaidAmount, charged: Money, in walletCurrency: String) -> String {
        let spent = amount(paid.amount.negated, paid.currency)
        if let rate = paid.rate, paid.amount.multiplied(by: rate, roundedTo: paid.amount.scale + rate.scale) == charged {
            // The rate as written: the wallet currency's decimals would round it.
            return spent + " @ " + rate.description + " " + commodity(currency(walletCurrency))
        }
        return spent + " @@ " + amount(charged.magnitude, walletCurrency)
    }
}
