import TallyCore
import TallySyntax
import Testing

/// Envelope figures on a day inside a period, and which wallets count.
@Suite struct EnvelopeFigureTests {
    static let budget = """
        currency EUR
        wallet Checking opening 1000.00
        wallet Card credit limit 500 hidden
        wallet Joint opening 200.00 hidden
        income Salary
        expense Food, Fun
        envelope Food 300 monthly for Food
        envelope Joint-food 100 monthly for Food in Joint
        envelope Fun monthly for Fun

        2026-03-01 "ACME" Checking Salary +1000.00
        2026-03-02 fill Fun 50.00
        2026-03-05 Checking Food -40.00
        2026-03-06 Card Food -25.00
        2026-03-07 Joint Food -30.00
        2026-03-12 Checking Food -100.00
        2026-03-15 fill Fun 20.00
        2026-03-16 move Food -> Fun 10.00
        """

    /// `--at` stops at the day: spending, fills and moves after it do not count yet.
    @Test func figuresThroughADayStopAtThatDay() throws {
        let (model, _) = try Figures.run(Self.budget, today: "2026-03-31")
        let rates = ExchangeRates(model)
        let food = model.envelope("Food"), fun = model.envelope("Fun")
        // Through 10 March: Food spent 40.00 (Checking only; Card and Joint are hidden),
        // available 300 − 40 = 260.00.
        let early = try #require(model.envelopeStatus(food, through: Figures.date("2026-03-10"), rates: rates))
        #expect(early.spent == Figures.money("40.00") && early.available == Figures.money("260.00"))
        #expect(early.moved.isZero)
        let funEarly = try #require(model.envelopeStatus(fun, through: Figures.date("2026-03-10"), rates: rates))
        #expect(funEarly.filled == Figures.money("50.00") && funEarly.moved.isZero)
        // Whole month: Food 300 − 10 moved − (40 + 100) = 150.00; Fun 50 + 20 + 10 = 80.00.
        let whole = try #require(model.envelopeStatus(food, through: Figures.date("2026-03-31"), rates: rates))
        #expect(whole == model.envelopeStatus(food, at: Figures.date("2026-03-31")))
        #expect(whole.spent == Figures.money("140.00") && whole.available == Figures.money("150.00"))
        #expect(model.envelopeStatus(fun, at: Figures.date("2026-03-31"))?.available == Figures.money("80.00"))
    }

    /// Hidden wallets' spending counts in an envelope only when the envelope names the
    /// wallet with `in`.
    @Test func hiddenWalletsCountOnlyWhenNamed() throws {
        let (model, _) = try Figures.run(Self.budget, today: "2026-03-31")
        let march = Figures.date("2026-03-15")
        // Food: 40.00 + 100.00 (Checking); Card −25.00 and Joint −30.00 are hidden.
        #expect(model.envelopeStatus(model.envelope("Food"), at: march)?.spent == Figures.money("140.00"))
        // Joint-food names Joint: 30.00, available 100 − 30 = 70.00.
        #expect(model.envelopeStatus(model.envelope("Joint-food"), at: march)?.available == Figures.money("70.00"))
        // The days of an envelope agree: Food spent 40.00 by 10 March.
        let days = model.envelopeDays(model.envelope("Food"), at: Figures.date("2026-03-10"), rates: ExchangeRates(model))
        #expect(days.last?.spentSoFar == Figures.money("40.00"))
    }

    /// The first period is the one of the first entry that moves or assigns money: a rate,
    /// an assertion or a skip dated earlier opens none.
    @Test func theFirstPeriodOpensWithTheFirstMoney() throws {
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet Checking opening 500.00
            income Salary
            expense Food
            envelope Food 300 monthly for Food
            2026-01-15 rate USD 0.90 EUR
            2026-01-31 assert Checking 500.00
            2026-02-03 "ACME" Checking Salary +100.00
            2026-02-10 Checking Food -50.00
            """, today: "2026-02-28")
        // Periods: February only. Ready to assign: 500.00 opening + 100.00 − 300 planned
        // for February = 300.00, never below zero; with a January period too it would be
        // 500 − 300 (January) + 100 − 300 (February) = 0.00 and dip to −200.00 first.
        #expect(model.envelopeHistory(model.envelope("Food")).map(\.start) == [Figures.date("2026-02-01")])
        #expect(!Figures.codes(diagnostics).contains("W0503"))
        let rates = ExchangeRates(model)
        let ready = model.readyToAssign(at: Figures.date("2026-02-28"))
        #expect(ready == Figures.money("300.00"))
    }
}
