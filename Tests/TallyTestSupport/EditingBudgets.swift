/// Budgets the edit tests of several layers share (the actions in process, the web app
/// through its routes), so that each layer is tested on the same lines.
public enum EditingBudgets {
    /// Entries a form once could not save as they are, one a line from line 12: a
    /// transfer, a `fill` and a `move` with negative amounts (12–14), transfers between
    /// currencies written with `=` and `@` (15, 16), a refund's `+12.50` (17), a purchase
    /// paid in another currency (18) and a split whose total has no decimals (19–21).
    /// Formatted; no problems.
    public static let signsAndCurrencies = """
        currency EUR
        currency USD

        wallet Checking  bank  opening 1000.00
        wallet Savings   bank  opening 500.00
        wallet Dollars   bank  currency USD

        expense Food, Fun
        envelope Food  200.00  monthly  for Food
        envelope Fun    50.00  monthly  for Fun

        2026-11-01 transfer Savings -> Checking  -50.00
        2026-11-02 fill Fun  -20.00
        2026-11-03 move Food -> Fun  -15.00
        2026-11-04 transfer Checking -> Dollars  100.00 = 108.00 USD
        2026-11-05 transfer Dollars -> Checking   50.00 @ 0.92
        2026-11-06 "Shop"   Checking  Food  +12.50  #refund
        2026-11-07 "Diner"  Checking  Fun   -10.00 USD = -9.20
        2026-11-08 "Tesco"  Checking        -25
            Food  -20
            Fun

        """
}
