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

    /// A wallet in a currency the budget states no rate for stays outside ready to assign
    /// (Grammar.md §4): its opening and its spending cannot be counted in the budget's
    /// currency, and nothing guesses a rate. With a rate, it counts.
    @Test func aWalletInACurrencyWithoutARateStaysOutside() throws {
        let text = """
            currency EUR
            currency USD
            wallet Giro bank opening 1000.00 on 2025-12-01
            wallet Dollars bank currency USD opening 200.00 on 2025-12-02
            income Salary
            expense Food
            envelope Food 100 monthly for Food in Giro
            2025-12-03 "ACME" Giro Salary +500.00
            2025-12-05 Giro Food -20.00
            2025-12-06 Dollars Food -10.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2025-12-31")
        #expect(diagnostics.isEmpty, "no E0412: \(diagnostics.map(\.message))")
        // Giro only: 1000.00 + 500.00 − 100.00 planned = 1400.00; Food has 100.00 − 20.00 = 80.00;
        // 1400.00 + 80.00 = 1480.00 = Giro's 1000.00 + 500.00 − 20.00.
        let equation = try #require(model.envelopeEquation(at: Figures.date("2025-12-31"), rates: ExchangeRates(model)))
        #expect(equation.readyToAssign == Figures.money("1400.00"))
        #expect(equation.wallets == Figures.money("1480.00"))
        #expect(equation.unbudgeted.isEmpty)

        // With a rate, the dollars count: 200.00 × 0.90 = 180.00 more, and their 10.00 of
        // food (no envelope counts the Dollars wallet) is unbudgeted: 10.00 × 0.90 = 9.00.
        // 1400.00 + 180.00 − 9.00 = 1571.00.
        let (rated, rateDiagnostics) = try Figures.run(text.replacingOccurrences(of: "income Salary", with: "income Salary\n2025-12-01 rate USD 0.90 EUR"), today: "2025-12-31")
        #expect(rateDiagnostics.isEmpty, "\(rateDiagnostics.map(\.message))")
        #expect(rated.readyToAssign(at: Figures.date("2025-12-31")) == Figures.money("1571.00"))
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
        // Visa owes 80.00: Checking's 600.00 holds it, as YNAB's card payment category would.
        #expect(before.cards == Figures.money("-80.00"))
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

/// Envelopes in time (`from`, `until`) and money taken out of a goal (Grammar.md §3.4, §4).
@Suite struct EnvelopesInTimeTests {
    @Test func anEnvelopeFromNovemberJudgesNothingInOctober() throws {
        let text = """
            currency EUR
            wallet Checking opening 1000.00 on 2026-10-01
            income Salary
            expense Food
            envelope Food 200 monthly for Food from 2026-11-01
            2026-10-01 "ACME" Checking Salary +500.00
            2026-10-10 "Rewe" Checking Food -300.00
            2026-11-05 "Rewe" Checking Food -50.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-20")
        // October's 300.00 would overspend a 200.00 envelope: no W0501, since Food has no
        // October period; no W0503 either.
        #expect(diagnostics.isEmpty)
        let food = model.envelope("Food")
        #expect(model.envelopeHistory(food).map(\.start) == [Figures.date("2026-11-01")])
        #expect(model.envelopeStatus(food, at: Figures.date("2026-10-10")) == nil)
        // Ready: 1000.00 + 500.00 − 300.00 (unbudgeted) = 1200.00 at the end of October;
        // − 200.00 planned on 1 November = 1000.00. Food 200.00 − 50.00 = 150.00;
        // 1000.00 + 150.00 = 1150.00 in Checking.
        #expect(model.readyToAssign(at: Figures.date("2026-10-31")) == Figures.money("1200.00"))
        let equation = try #require(model.envelopeEquation(at: Figures.date("2026-11-20"), rates: ExchangeRates(model)))
        #expect(equation.readyToAssign == Figures.money("1000.00"))
        #expect(equation.available == Figures.money("150.00"))
        #expect(equation.wallets == Figures.money("1150.00"))
    }

    @Test func anEnvelopeUntilOctoberGivesItsLastPeriodBackAndCountsNothingAfter() throws {
        let text = """
            wallet Checking opening 1000.00 on 2026-10-01
            income Salary
            expense Fun
            envelope Fun 100 monthly for Fun until 2026-10-31 rollover
            2026-10-01 Checking Salary +10.00
            2026-10-05 Checking Fun -30.00
            2026-11-03 Checking Fun -500.00
            2026-11-04 fill Fun 20.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-11-20")
        // The fill on 4 November names Fun after its last period: W0515, counted nowhere.
        // November's 500.00 is unbudgeted, not an overspent Fun (no W0501).
        #expect(Figures.codes(diagnostics) == ["W0515"])
        #expect(model.envelopeHistory(model.envelope("Fun")).count == 1)
        // Ready: 1000 + 10 − 100 = 910 in October; + 70 left in Fun (its last period,
        // nothing to carry into) on 1 November = 980; − 500 = 480. Checking: 1010 − 30
        // − 500 = 480, with no envelope holding anything.
        #expect(model.readyToAssign(at: Figures.date("2026-10-31")) == Figures.money("910.00"))
        #expect(model.readyToAssign(at: Figures.date("2026-11-20")) == Figures.money("480.00"))
    }

    @Test func twoEnvelopesThatNeverMeetDoNotOverlap() throws {
        let text = """
            wallet Checking opening 1000.00
            income Salary
            expense Food
            envelope Food-old 150 monthly for Food until 2026-10-31
            envelope Food     200 monthly for Food from 2026-11-01
            2026-10-01 Checking Salary +10.00
            """
        let (_, diagnostics) = try Figures.run(text, today: "2026-11-20")
        #expect(diagnostics.isEmpty)
    }

    @Test func moneyTakenOutOfAGoalsWalletLowersWhatIsSaved() throws {
        let text = """
            wallet Checking opening 1000.00
            wallet Savings savings
            goal Trip 1000 in Savings
            goal Bike 500
            2026-03-01 transfer Checking -> Savings 300.00 goal Trip
            2026-04-01 transfer Savings -> Checking 150.00 goal Trip
            2026-03-02 transfer Checking -> Savings 200.00 goal Bike
            2026-04-03 transfer Savings -> Checking 50.00 goal Bike
            """
        let (model, _) = try Figures.run(text, today: "2026-04-30")
        // Trip: 300.00 in − 150.00 out = 150.00 (not 450.00), what Savings holds of it.
        #expect(model.saved(towards: model.goal("Trip"), at: Figures.date("2026-04-30")) == Figures.money("150.00"))
        // Bike names no wallet: its first transfer went to Savings, so 200.00 − 50.00.
        #expect(model.saved(towards: model.goal("Bike"), at: Figures.date("2026-04-30")) == Figures.money("150.00"))
    }
}
