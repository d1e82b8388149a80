import TallyCore
import TallySyntax
import Testing

/// Goals inside the envelope equation (Grammar.md §4, "Goals in the equation"): money
/// saved for a goal held in the budget's wallets is assigned money, out of ready to
/// assign, so that ready to assign + envelopes + goals = the money in the budget's
/// wallets. Every figure is computed by hand in the comments.
@Suite struct GoalEquationTests {
    static let head = """
        currency EUR
        wallet Checking opening 1000.00 on 2026-11-01
        wallet Savings savings
        wallet Stash savings hidden
        income Salary, Gift
        expense Food, Travel
        envelope Food 200 monthly for Food
        2026-11-02 "ACME" Checking Salary +2000.00

        """

    /// The equation's four figures at the end of `day`.
    static func equation(_ model: BudgetModel, _ day: String) throws -> EnvelopeEquation {
        try #require(model.envelopeEquation(at: Figures.date(day), rates: ExchangeRates(model)))
    }

    /// Checks ready to assign + envelopes + goals = wallets on `day`, and returns the figures.
    static func holds(_ model: BudgetModel, _ day: String) throws -> EnvelopeEquation {
        let e = try equation(model, day)
        #expect(e.readyToAssign.adding(e.available)?.adding(e.goals) == e.wallets, "on \(day)")
        return e
    }

    @Test func aGoalHeldInItsOwnWalletFundedByTransfers() throws {
        let (model, diagnostics) = try Figures.run(
            Self.head + """
                goal Trip 1000 by 2027-06-30 in Savings
                2026-11-03 transfer Checking -> Savings 300.00 goal Trip
                2026-11-05 "Rewe" Checking Food -50.00
                """, today: "2026-11-30")
        #expect(!Figures.codes(diagnostics).contains("W0503"))
        let e = try Self.holds(model, "2026-11-30")
        // Ready to assign: 1000.00 + 2000.00 − 200.00 Food − 300.00 saved = 2500.00.
        #expect(e.readyToAssign == Figures.money("2500.00"))
        // Food: 200.00 − 50.00 = 150.00; Trip: 300.00.
        #expect(e.available == Figures.money("150.00"))
        #expect(e.goals == Figures.money("300.00"))
        // Wallets: Checking 1000.00 + 2000.00 − 300.00 − 50.00 = 2650.00, Savings 300.00.
        #expect(e.wallets == Figures.money("2950.00"))
    }

    @Test func aGoalFundedByGoalEntriesLikeAFill() throws {
        // The case: `goal Emergency-fund 3000 by 2027-10-31` and a contribution.
        let (model, _) = try Figures.run(
            Self.head + """
                goal Emergency-fund 3000 by 2027-10-31
                2026-11-02 goal Emergency-fund 1357.35
                """, today: "2026-11-30")
        let e = try Self.holds(model, "2026-11-30")
        // 1000.00 + 2000.00 − 200.00 − 1357.35 = 1442.65, no longer 2800.00.
        #expect(e.readyToAssign == Figures.money("1442.65"))
        #expect(e.goals == Figures.money("1357.35"))
        // 1442.65 + 200.00 + 1357.35 = 3000.00, the money in Checking.
        #expect(e.wallets == Figures.money("3000.00"))
    }

    @Test func aGoalInAHiddenWalletLeftReadyToAssignWithTheTransfer() throws {
        let (model, _) = try Figures.run(
            Self.head + """
                goal Rainy 1000 in Stash
                2026-11-03 transfer Checking -> Stash 300.00 goal Rainy
                """, today: "2026-11-30")
        #expect(!model.isInBudget(goal: model.goal("Rainy")))
        let e = try Self.holds(model, "2026-11-30")
        // The transfer leaves the budget's wallets: 1000.00 + 2000.00 − 200.00 − 300.00 =
        // 2500.00, once; the goal's 300.00 is outside the equation.
        #expect(e.readyToAssign == Figures.money("2500.00"))
        #expect(e.goals == .zero)
        #expect(e.wallets == Figures.money("2700.00"))
        #expect(model.saved(towards: model.goal("Rainy"), at: Figures.date("2026-11-30")) == Figures.money("300.00"))
    }

    @Test func moneyTakenOutOfAGoalComesBackToReadyToAssign() throws {
        let (model, _) = try Figures.run(
            Self.head + """
                goal Trip 1000 in Savings
                2026-11-03 transfer Checking -> Savings 300.00 goal Trip
                2026-11-10 transfer Savings -> Checking 120.00 goal Trip
                2026-11-11 goal Trip -30.00
                """, today: "2026-11-30")
        let e = try Self.holds(model, "2026-11-30")
        // Trip: 300.00 − 120.00 − 30.00 = 150.00; ready to assign: 3000.00 − 200.00 −
        // 300.00 + 120.00 + 30.00 = 2650.00; Savings holds 180.00, of which 30.00 is free.
        #expect(e.goals == Figures.money("150.00"))
        #expect(e.readyToAssign == Figures.money("2650.00"))
        #expect(e.wallets == Figures.money("3000.00"))
    }

    @Test func aGoalReachedAndSpentLeavesReadyToAssignAlone() throws {
        let (model, diagnostics) = try Figures.run(
            Self.head + """
                goal Trip 300 in Savings
                2026-11-03 transfer Checking -> Savings 300.00 goal Trip
                2026-11-20 "Airline" Checking Travel -300.00 goal Trip
                """, today: "2026-11-30")
        // The ticket is paid from the goal, not from ready to assign: no W0514.
        #expect(!Figures.codes(diagnostics).contains("W0514"))
        let before = try Self.holds(model, "2026-11-19")
        #expect(before.readyToAssign == Figures.money("2500.00"))
        #expect(before.goals == Figures.money("300.00"))
        let after = try Self.holds(model, "2026-11-20")
        // 2500.00 + 300.00 back from Trip − 300.00 spent in no envelope = 2500.00.
        #expect(after.readyToAssign == Figures.money("2500.00"))
        #expect(after.goals == .zero)
        // Checking 3000.00 − 300.00 − 300.00 = 2400.00, Savings 300.00.
        #expect(after.wallets == Figures.money("2700.00"))
    }

    @Test func spendingAGoalPaysIsNoEnvelopes() throws {
        let (model, diagnostics) = try Figures.run(
            Self.head + """
                goal Trip 1000 in Savings
                2026-11-03 transfer Checking -> Savings 300.00 goal Trip
                2026-11-20 "Rewe" Checking Food -250.00 goal Trip
                """, today: "2026-11-30")
        // Food's 200.00 is not spent: the goal paid, so no W0501 and no unbudgeted spending.
        #expect(!Figures.codes(diagnostics).contains("W0501"))
        let e = try Self.holds(model, "2026-11-30")
        #expect(e.available == Figures.money("200.00"))
        #expect(e.unbudgeted.isEmpty)
        // Trip: 300.00 − 250.00 = 50.00; ready: 3000.00 − 200.00 − 300.00 + 250.00 − 250.00 = 2500.00.
        #expect(e.goals == Figures.money("50.00"))
        #expect(e.readyToAssign == Figures.money("2500.00"))
        // Checking 3000.00 − 300.00 − 250.00 = 2450.00, Savings 300.00: 2500 + 200 + 50 = 2750.
        #expect(e.wallets == Figures.money("2750.00"))
    }

    @Test func savingMoreThanReadyToAssignHoldsIsW0503() throws {
        let (_, diagnostics) = try Figures.run(
            Self.head + """
                goal Car 9000
                2026-11-04 goal Car 5000.00
                """, today: "2026-11-30")
        // 3000.00 − 200.00 − 5000.00 = −2200.00.
        let found = diagnostics.first { $0.code.rawValue == "W0503" }
        #expect(found?.message.contains("saving for Car") == true)
        #expect(found?.message.contains("-2200.00") == true || found?.message.contains("−2200.00") == true)
    }

    /// Done when (issue 34): salary, envelopes, a goal funded three ways (a transfer
    /// marked for it, money already in its wallet given to it, a gift marked for it) and
    /// partly spent, looked at two months ahead of today; the equation holds every day.
    @Test func theScenarioHoldsEveryDayTwoMonthsAhead() throws {
        let text = """
            currency EUR
            wallet Checking bank opening 500.00 on 2026-11-01
            wallet Savings savings
            income Salary, Gift
            expense Food, Rent, Travel
            envelope Food 300 monthly for Food rollover
            envelope Rent 900 monthly for Rent
            goal Trip 1200 by 2027-03-31 in Savings
            2026-11-01 "ACME" Checking Salary +2500.00
            2026-11-02 "Landlord" Checking Rent -900.00
            2026-11-03 transfer Checking -> Savings 400.00 goal Trip
            2026-11-10 "Rewe" Checking Food -120.00
            2026-11-15 transfer Checking -> Savings 200.00
            2026-11-15 goal Trip 200.00
            2026-11-20 "Oma" Savings Gift +100.00 goal Trip
            2026-12-01 "ACME" Checking Salary +2500.00
            2026-12-02 "Landlord" Checking Rent -900.00
            2026-12-05 "Airline" Checking Travel -350.00 goal Trip
            2026-12-12 "Rewe" Checking Food -80.00
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-12-15")
        #expect(!Figures.codes(diagnostics).contains { $0.hasPrefix("E") || $0 == "W0503" || $0 == "W0514" })
        let rates = ExchangeRates(model)
        var day = Figures.date("2026-11-01")
        var days = 0
        while day <= Figures.date("2027-02-15") {
            let e = try #require(model.envelopeEquation(at: day, rates: rates))
            #expect(e.readyToAssign.adding(e.available)?.adding(e.goals) == e.wallets, "on \(day)")
            days += 1
            day = day.adding(days: 1)!
        }
        #expect(days == 107)
        // 2026-11-30: ready 2500.00 + 500.00 income − 300.00 − 900.00 − 400.00 − 200.00
        // (the earmark) = 1200.00; the gift comes in and goes to Trip (+100.00 − 100.00).
        // Food 300.00 − 120.00 = 180.00, Rent 0.00; Trip 400.00 + 200.00 + 100.00 = 700.00.
        // Checking 500.00 + 2500.00 − 900.00 − 400.00 − 120.00 − 200.00 = 1380.00, Savings
        // 700.00: 1200.00 + 180.00 + 0.00 + 700.00 = 2080.00.
        let november = try Self.equation(model, "2026-11-30")
        #expect(november.readyToAssign == Figures.money("1200.00"))
        #expect(november.available == Figures.money("180.00"))
        #expect(november.goals == Figures.money("700.00"))
        #expect(november.wallets == Figures.money("2080.00"))
        // 2026-12-15 (today): 1200.00 + 2500.00 − 300.00 − 900.00 = 2500.00; the ticket
        // comes out of Trip (700.00 − 350.00 = 350.00), not ready to assign. Food 180.00
        // carried + 300.00 − 80.00 = 400.00. Checking 1380.00 + 2500.00 − 900.00 − 350.00
        // − 80.00 = 2550.00, Savings 700.00: 2500.00 + 400.00 + 350.00 = 3250.00.
        let today = try Self.equation(model, "2026-12-15")
        #expect(today.readyToAssign == Figures.money("2500.00"))
        #expect(today.available == Figures.money("400.00"))
        #expect(today.goals == Figures.money("350.00"))
        #expect(today.wallets == Figures.money("3250.00"))
        // 2027-02-15, two months ahead: January plans 300.00 + 900.00 (2500.00 − 1200.00 =
        // 1300.00); February gets January's unspent Rent 900.00 back and plans 1200.00
        // again: 1300.00 + 900.00 − 1200.00 = 1000.00. Food 400.00 + 300.00 + 300.00 =
        // 1000.00, Rent 900.00: 1000.00 + 1900.00 + 350.00 = 3250.00.
        let ahead = try Self.equation(model, "2027-02-15")
        #expect(ahead.readyToAssign == Figures.money("1000.00"))
        #expect(ahead.available == Figures.money("1900.00"))
        #expect(ahead.goals == Figures.money("350.00"))
        #expect(ahead.wallets == Figures.money("3250.00"))
    }
}
