import TallySyntax
import Testing

@testable import TallyCore

/// Several cards, each weighed on its own (Grammar.md §4, "Credit overspending"): a
/// period's card debt falls on its last card spending first; a card's debt no money holds
/// is at most what that card owes at a month's end; a period's card part so far is held by
/// no money from the day of the purchase. Figures computed by hand.
@Suite struct CardByCardTests {
    let d = Figures.date
    let m = Figures.money

    /// Grammar.md's example with two cards.
    static let budget = """
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
        2026-01-25 Amex Fun -70.00
        2026-02-12 transfer Checking -> Amex 100.00

        """

    func equation(_ text: String, _ day: String) throws -> (model: BudgetModel, equation: EnvelopeEquation) {
        let (model, _) = try Figures.run(text, today: "2026-03-01")
        return (model, try #require(model.envelopeEquation(at: d(day), rates: ExchangeRates(model))))
    }

    /// The card's figures of `equation` by wallet name.
    func card(_ name: String, _ model: BudgetModel, _ equation: EnvelopeEquation) -> CardFigures? {
        equation.cardFigures.first { model.wallets[$0.wallet].name == name }
    }

    @Test func theLastCardSpendingBearsTheDebtFirst() {
        // 80.00 on Visa, then 50.00 on Amex; 30.00 no money holds: Amex's 50.00 is last and
        // bears all 30.00; Visa 0.00.
        let split = Walk.splitCardDebt(m("30.00"), over: [(1, m("80.00")), (2, m("50.00"))])
        #expect(split.map(\.card) == [1, 2] && split.map(\.amount) == [.zero, m("30.00")])
        // 50.00 on card 1, 40.00 on card 2, then 20.00 refunded to card 1; 60.00 to split.
        // From the end: the refund takes back 20.00 of card 1's 50.00; card 2's 40.00 bears
        // 40.00, card 1's 50.00 − 20.00 = 30.00 bears the other 60.00 − 40.00 = 20.00.
        let refunded = Walk.splitCardDebt(m("60.00"), over: [(1, m("50.00")), (2, m("40.00")), (1, m("-20.00"))])
        #expect(refunded.map(\.amount) == [m("20.00"), m("40.00")])
    }

    @Test func eachCardIsWeighedOnItsOwn() throws {
        // 1 February: Food 30.00 over on Amex, Fun 20.00 over on Amex: 50.00 on Amex, none
        // on Visa; ready to assign 1350.00 − 150.00 planned = 1200.00 (nothing taken).
        let (model, february) = try equation(Self.budget, "2026-02-01")
        #expect(february.readyToAssign == m("1200.00") && february.uncoveredCards == m("50.00"))
        #expect(card("Amex", model, february)?.uncovered == m("50.00") && card("Visa", model, february) == nil)
        // 28 February: Amex owes 120.00 − 100.00 = 20.00, 30.00 less than its 50.00; Visa's
        // 80.00 does not cover it: 30.00 paid beyond what was held.
        let (_, paid) = try equation(Self.budget, "2026-02-28")
        #expect(paid.paidBeyondHeld == m("30.00") && paid.readyToAssign == m("1200.00"))
        // 1 March: ready to assign pays the 30.00: 1200.00 − 30.00 − 150.00 = 1020.00; Amex
        // keeps 20.00. 1020.00 + 200.00 + 100.00 = 1320.00 = 1400.00 − 80.00 − 20.00 + 20.00.
        let (_, march) = try equation(Self.budget, "2026-03-01")
        #expect(march.readyToAssign == m("1020.00") && march.uncoveredCards == m("20.00"))
        #expect(march.readyToAssign.adding(march.available) == march.wallets?.adding(march.uncoveredCards))
        #expect(march.wallets == m("1300.00") && march.paidBeyondHeld == nil)
    }

    @Test func allCardsTogetherWouldNotPay() throws {
        // The same with the 100.00 split 80.00 to Visa and 20.00 to Amex: Visa owes 0.00,
        // Amex 100.00 ≥ 50.00: nothing paid beyond, ready to assign on 1 March 1200.00 −
        // 150.00 = 1050.00, and Amex keeps 50.00 no money holds.
        let text = Self.budget.replacingText("2026-02-12 transfer Checking -> Amex 100.00", with: "2026-02-12 transfer Checking -> Visa 80.00\n2026-02-12 transfer Checking -> Amex 20.00")
        let (_, march) = try equation(text, "2026-03-01")
        #expect(march.readyToAssign == m("1050.00") && march.uncoveredCards == m("50.00"))
    }

    @Test func aRunningPeriodsCardPartIsHeldByNoMoneyAlready() throws {
        // 25 January: Food −30.00 and Fun −20.00 so far, all on cards: the equation's term
        // is still 0.00 (the envelopes' −50.00 holds it), but no money holds 50.00 on Amex:
        // Amex owes 120.00, 70.00 held; Visa 80.00, all held (no figure).
        let (model, january) = try equation(Self.budget, "2026-01-25")
        #expect(january.uncoveredCards.isZero && january.heldByNoMoney == m("50.00"))
        let amex = try #require(card("Amex", model, january))
        #expect(amex.overspentSoFar == m("50.00") && amex.owed == m("120.00") && amex.held == m("70.00"))
        #expect(card("Visa", model, january) == nil)
        // 20 January, before Fun: Food 100.00 − 130.00 = −30.00, on Amex: 30.00.
        let (_, twentieth) = try equation(Self.budget, "2026-01-20")
        #expect(twentieth.heldByNoMoney == m("30.00"))
        // 1 February: the same 50.00, now the equation's term; nothing is so far.
        let (_, february) = try equation(Self.budget, "2026-02-01")
        #expect(february.heldByNoMoney == m("50.00") && february.cardFigures.allSatisfy { $0.overspentSoFar.isZero })
    }
    @Test func paidBeyondWhatWasHeldNamesTheCard() throws {
        let text = """
            currency EUR
            wallet Checking opening 100.00 on 2026-01-01
            wallet Visa credit limit 1000
            wallet Amex credit limit 1000
            income Salary
            expense Food, Fun
            envelope Food 100 monthly for Food rollover unspent
            envelope Fun 10 monthly for Fun rollover unspent
            2026-01-02 Checking Salary +15.00
            2026-01-10 Visa Food -130.00
            2026-01-12 Amex Fun -10.00
            2026-01-25 transfer Checking -> Visa 110.00

            """
        // 31 January: 100.00 + 15.00 − 110.00 = 5.00. 1 February: Food's 30.00 over on
        // Visa, which owes 130.00 − 110.00 = 20.00: 10.00 paid beyond, 5.00 − 10.00 =
        // −5.00 (W0514), though Visa and Amex together owe 20.00 + 10.00 = 30.00.
        let (model, diagnostics) = try Figures.run(text, today: "2026-02-01")
        let w0514 = diagnostics.filter { $0.code.rawValue == "W0514" }.map(\.message)
        #expect(w0514 == ["more was paid on Visa than was held for it (Food overspent on it): ready to assign pays it, which takes it to -5.00 EUR on 2026-02-01"])
        // Then the plans: −5.00 − 110.00 = −115.00.
        #expect(model.readyToAssign(at: d("2026-02-01")) == m("-115.00"))
    }
}
