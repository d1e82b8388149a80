/// Budgets with cards that the card tests of several layers share (the reports' words in
/// process, the web app through its pages), so that each layer is tested on the same
/// lines (Grammar.md §4, "Credit overspending").
public enum CardBudgets {
    /// Two cards, each with card debt no money holds on 25 January: Food spends 80.00 on
    /// Visa, then 50.00 on Amex (100.00 planned: 30.00 over, on Amex's, the last); Fun
    /// spends 70.00 on Visa (50.00 planned: 20.00 over, on Visa). 100.00 is paid on Amex
    /// on 12 February.
    public static let eachCardOverspent = """
        currency EUR
        wallet Checking opening 1000.00 on 2026-01-01
        wallet Visa credit limit 2000
        wallet Amex credit limit 2000
        income Salary
        expense Food, Fun
        envelope Food 100 monthly for Food rollover unspent
        envelope Fun 50 monthly for Fun rollover unspent
        2026-01-02 Checking Salary +500.00
        2026-01-05 Visa Food -80.00
        2026-01-20 Amex Food -50.00
        2026-01-25 Visa Fun -70.00
        2026-02-12 transfer Checking -> Amex 100.00

        """
}
