import TallyCore
import TallySyntax
import Testing

/// The envelope equation (Grammar.md §4): ready to assign + what every envelope has
/// available = the money in the budget's wallets, on every day. Figures by hand.
@Suite struct EnvelopeEquationTests {
    /// The budget: 1,000.00 opening, 2,000.00 salary, 900.00 rent in no envelope,
    /// 48.90 groceries, one envelope of 200 for food.
    static let household = """
        currency EUR
        wallet Checking opening 1000.00 on 2026-11-01
        income Salary
        expense Rent, Food
        envelope Food 200 monthly for Food
        2026-11-01 "ACME" Checking Salary +2000.00
        2026-11-02 "Landlord" Checking Rent -900.00
        2026-11-05 "Rewe" Checking Food -48.90
        """

    @Test func unbudgetedRentIsMoneyGoneFromReadyToAssign() throws {
        let (model, diagnostics) = try Figures.run(Self.household, today: "2026-11-20")
        #expect(diagnostics.isEmpty)
        let day = Figures.date("2026-11-20")
        let equation = try #require(model.envelopeEquation(at: day, rates: ExchangeRates(model)))
        // 1000.00 + 2000.00 − 200.00 planned − 900.00 rent (no envelope counts it) = 1900.00.
        // (The 1,870.00 does not add up: 1,870.00 + 151.10 = 2,021.10, not the
        // 2,051.10 in Checking.)
        #expect(equation.readyToAssign == Figures.money("1900.00"))
        // Food: 200.00 − 48.90 = 151.10.
        #expect(equation.available == Figures.money("151.10"))
        // Checking: 1000.00 + 2000.00 − 900.00 − 48.90 = 2051.10 = 1900.00 + 151.10.
        #expect(equation.wallets == Figures.money("2051.10"))
        #expect(equation.unbudgeted.count == 1)
        #expect(equation.unbudgeted.first?.category == model.category("Rent"))
        #expect(equation.unbudgeted.first?.spent == Figures.money("900.00"))
        #expect(equation.unbudgetedFrom == Figures.date("2026-11-01"))
        // Day by day: 1 November 1000 + 2000 − 200 = 2800 (+ 200 in Food = 3000 in
        // Checking); 2 November 2800 − 900 = 1900 (+ 200 = 2100).
        #expect(model.readyToAssign(at: Figures.date("2026-11-01")) == Figures.money("2800.00"))
        #expect(model.readyToAssign(at: Figures.date("2026-11-02")) == Figures.money("1900.00"))
    }

    @Test func unbudgetedSpendingThatTakesReadyToAssignBelowZeroIsW0514() throws {
        // 100 opening + 50 salary − 100 planned = 50; the rent's 80 takes it to −30.
        let text = """
            wallet Checking opening 100.00
            income Salary
            expense Food, Rent
            envelope Food 100 monthly for Food
            2026-11-02 "ACME" Checking Salary +50.00
            2026-11-03 "Landlord" Checking Rent -80.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-20")
        #expect(Figures.codes(diagnostics) == ["W0514"])
        #expect(diagnostics.first?.message.contains("-30.00 on 2026-11-03") == true)
        #expect(model.readyToAssign(at: Figures.date("2026-11-03")) == Figures.money("-30.00"))
    }

    @Test func aCardsSpendingLeavesItsEnvelopeAndItsPaymentChangesNeitherSide() throws {
        let text = """
            currency EUR
            wallet Checking opening 500.00 on 2026-11-01
            wallet Visa credit limit 1000
            income Salary
            expense Food
            envelope Food 300 monthly for Food
            2026-11-02 "ACME" Checking Salary +100.00
            2026-11-03 "Rewe" Visa Food -80.00
            2026-11-25 transfer Checking -> Visa 80.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-26")
        #expect(diagnostics.isEmpty)
        let rates = ExchangeRates(model)
        // 3 November: ready 500 + 100 − 300 = 300; Food 300 − 80 = 220; Checking 600 +
        // Visa −80 = 520 = 300 + 220.
        let before = try #require(model.envelopeEquation(at: Figures.date("2026-11-03"), rates: rates))
        #expect([before.readyToAssign, before.available, before.wallets] == [Figures.money("300.00"), Figures.money("220.00"), Figures.money("520.00")])
        // After paying the card: Checking 520 + Visa 0: the same 300 + 220.
        let after = try #require(model.envelopeEquation(at: Figures.date("2026-11-26"), rates: rates))
        #expect([after.readyToAssign, after.available, after.wallets] == [Figures.money("300.00"), Figures.money("220.00"), Figures.money("520.00")])
    }

    @Test func whatAPeriodLeavesComesBackAndOverspendingIsTaken() throws {
        // October: Fun 100 planned, 30 spent: 70 left, back on 1 November. Food 50
        // planned, 80 spent: −30, taken on 1 November. No rollover.
        let text = """
            wallet Checking opening 1000.00 on 2026-10-01
            income Salary
            expense Food, Fun
            envelope Fun 100 monthly for Fun
            envelope Food 50 monthly for Food
            2026-10-01 Checking Salary +10.00
            2026-10-05 Checking Fun -30.00
            2026-10-06 Checking Food -80.00
            """
        let (model, _) = try Figures.run(text, today: "2026-11-10")
        // 31 October: 1000 + 10 − 100 − 50 = 860; envelopes 70 + (−30) = 40; 900 in Checking.
        #expect(model.readyToAssign(at: Figures.date("2026-10-31")) == Figures.money("860.00"))
        // 1 November: 860 + 70 − 30 − 150 planned = 750; envelopes 150; 900 in Checking.
        #expect(model.readyToAssign(at: Figures.date("2026-11-01")) == Figures.money("750.00"))
    }
}
