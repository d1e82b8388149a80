/// What a transaction paid in another currency than its wallet's (Grammar.md §3.10,
/// "Another currency"): `-23.50 USD` of `-23.50 USD @ 0.92` or `-23.50 USD = -21.62
/// EUR`. The wallet and the category count the charge in the wallet's currency; this is
/// kept so that reports can show what was paid.
public struct PaidAmount: Sendable, Equatable {
    /// With the transaction's sign: negative for spending.
    public let amount: Money
    /// The currency paid, `USD`.
    public let currency: String
    /// The rate as written after `@` (wallet currency per unit paid), its decimals kept;
    /// nil when the charge was written (`= -21.62 EUR`).
    public let rate: Money?

    /// Creates the amount paid.
    public init(amount: Money, currency: String, rate: Money? = nil) {
        self.amount = amount
        self.currency = currency
        self.rate = rate
    }
}
