import TallyCore
import TallySyntax
import Testing

/// A goal counts in its own currency (its wallet's, else the default one): money in
/// another currency is converted at the latest stated rate, as every other figure is; a
/// transfer counts the side already in the goal's currency (Grammar.md §4, Goals).
@Suite struct GoalCurrencyTests {
    @Test func aGoalCountsInItsOwnCurrency() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 1000.00
            wallet US bank currency USD
            expense Travel
            goal Trip 500
            goal Mixed 300
            goal Dollars 1000 in US

            2026-03-01 rate USD 0.90 EUR
            2026-03-02 transfer Checking -> US 100.00 = 200.00 USD goal Trip
            2026-03-03 goal Mixed 50.00
            2026-03-04 US Travel -20.00 goal Mixed
            2026-03-05 transfer Checking -> US 10.00 = 20.00 USD goal Dollars
            """, today: "2026-03-31")
        #expect(!Figures.codes(diagnostics).contains("E0412"))
        let end = Figures.date("2026-03-31")
        // Trip (EUR): the transfer sent 100.00 EUR; the 200.00 USD received are not EUR.
        #expect(model.saved(towards: model.goal("Trip"), at: end) == Figures.money("100.00"))
        // Mixed (EUR): 50.00 − 20.00 USD × 0.90 = 50.00 − 18.00 = 32.00.
        #expect(model.saved(towards: model.goal("Mixed"), at: end) == Figures.money("32.00"))
        // Dollars (USD, in US): the received side is in USD: 20.00.
        #expect(model.saved(towards: model.goal("Dollars"), at: end) == Figures.money("20.00"))
        // Percent: 100.00 / 500 = 20.0 %.
        #expect(model.goalStatus(model.goal("Trip"), at: end).percent == Figures.money("20.0"))
    }

    @Test func withoutARateTheAmountIsNotCountedAndSaysSo() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet US bank currency USD opening 100.00
            expense Travel
            goal Mixed 300
            2026-03-04 US Travel -20.00 goal Mixed
            """, today: "2026-03-31")
        // No USD→EUR rate: E0412 on the entry, and nothing counted (not 20.00 one to one).
        #expect(Figures.codes(diagnostics).filter { $0 == "E0412" }.count == 1)
        #expect(model.saved(towards: 0, at: Figures.date("2026-03-31")).isZero)
    }
}
