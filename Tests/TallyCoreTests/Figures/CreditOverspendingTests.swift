import Foundation
import TallySyntax
import Testing

@testable import TallyCore

/// `rollover unspent`'s overspending on cards (Grammar.md §4, "Credit overspending"): of
/// a period overspent by O with K spent in cash and C on cards, O − K (at most C) stays
/// card debt no money holds; the rest is taken from ready to assign the day after. The
/// card debt no money holds is at most what the cards owe at a month's end: what was paid
/// beyond it, ready to assign pays on the next month's first day. Figures computed by hand.
@Suite struct CreditOverspendingTests {
    let d = Figures.date
    let m = Figures.money

    /// Grammar.md's example: Food overspent on the card only, Clothes by cash and card.
    static let budget = """
        currency EUR
        wallet Checking opening 1000.00 on 2026-01-01
        wallet Visa credit limit 2000
        income Salary
        expense Food, Clothes
        envelope Food 100 monthly for Food rollover unspent
        envelope Clothes 50 monthly for Clothes rollover unspent
        2026-01-02 Checking Salary +500.00
        2026-01-10 Visa Food -130.00
        2026-01-12 Checking Clothes -20.00
        2026-01-14 Visa Clothes -60.00
        2026-02-05 Visa Food -40.00
        2026-02-20 transfer Checking -> Visa 200.00

        """

    /// (ready to assign, card debt no money holds, the equation's two sides) at the end of `day`.
    func figures(_ text: String, _ day: String) throws -> (ready: Money?, uncovered: Money, left: Money?, right: Money?) {
        let (model, _) = try Figures.run(text, today: "2026-03-01")
        let equation = model.envelopeEquation(at: d(day), rates: ExchangeRates(model))
        let left = equation.flatMap { $0.readyToAssign.adding($0.available)?.adding($0.goals) }
        let right = equation.flatMap { e in e.wallets.flatMap { $0.adding(e.uncoveredCards) } }
        return (model.readyToAssign(at: d(day)), equation?.uncoveredCards ?? .zero, left, right)
    }

    @Test func cashAndCreditOverspendingAcrossAMonthEnd() throws {
        // January: Food 100.00 − 130.00 = −30.00, Clothes 50.00 − 80.00 = −30.00; ready to
        // assign 1000.00 + 500.00 − 150.00 = 1350.00; nothing is card debt yet.
        let january = try figures(Self.budget, "2026-01-31")
        #expect(january.ready == m("1350.00") && january.uncovered.isZero)
        // 1 February: Food's 30.00 was all on the card (no cash spent): card debt. Clothes:
        // 30.00 over with 20.00 cash: 20.00 taken, 10.00 card debt. Ready to assign
        // 1350.00 − 20.00 − 150.00 planned = 1180.00; no money holds 30.00 + 10.00 = 40.00.
        let first = try figures(Self.budget, "2026-02-01")
        #expect(first.ready == m("1180.00") && first.uncovered == m("40.00"))
        // 19 February: 1180.00 + (100.00 − 40.00) + 50.00 = 1290.00 = Checking 1480.00 −
        // Visa 230.00 + 40.00.
        let before = try figures(Self.budget, "2026-02-19")
        #expect(before.left == m("1290.00") && before.right == m("1290.00"))
        // 20 February: 200.00 paid leaves Visa owing 30.00 < 40.00, 10.00 paid beyond what
        // was held; nothing changes until the month ends: 1180.00 + 110.00 = 1290.00 =
        // 1280.00 − 30.00 + 40.00.
        let paid = try figures(Self.budget, "2026-02-28")
        #expect(paid.ready == m("1180.00") && paid.uncovered == m("40.00") && paid.left == m("1290.00") && paid.right == m("1290.00"))
        // 1 March: ready to assign pays the 10.00: 1180.00 − 10.00 − 150.00 planned =
        // 1020.00; 30.00 stays card debt; 1020.00 + (60.00 + 100.00) + (50.00 + 50.00) =
        // 1280.00 = 1280.00 − 30.00 + 30.00.
        let march = try figures(Self.budget, "2026-03-01")
        #expect(march.ready == m("1020.00") && march.uncovered == m("30.00") && march.left == m("1280.00") && march.right == m("1280.00"))
    }

    /// A period overspent by both: the cash counts first (YNAB's rule), the card part at
    /// most what the card spent.
    @Test func aPeriodOverspentByBothCountsTheCashFirst() throws {
        let (model, _) = try Figures.run(Self.budget, today: "2026-03-01")
        let rates = ExchangeRates(model)
        let clothes = model.envelope("Clothes"), food = model.envelope("Food")
        let january = try #require(model.envelopeStatus(clothes, through: d("2026-01-31"), rates: rates))
        // 80.00 spent, 60.00 on Visa, 30.00 over: 30.00 − 20.00 cash = 10.00.
        #expect(january.spent == m("80.00") && january.spentOnCredit == m("60.00"))
        #expect(model.envelopes[clothes].cardDebt(of: january) == m("10.00"))
        // Cash alone covers the overspending: 60.00 cash, 70.00 on the card, 30.00 over →
        // 30.00 − 60.00 < 0: no card debt, all 30.00 from ready to assign.
        let both = EnvelopeStatus(
            start: d("2026-01-01"), end: d("2026-01-31"), carriedIn: .zero, planned: m("100.00"), filled: .zero, moved: .zero,
            spent: m("130.00"), available: m("-30.00"), spentOnCredit: m("70.00"))
        #expect(model.envelopes[food].cardDebt(of: both).isZero)
        // More overspent than spent on the card (money moved out): at most the 70.00.
        let movedOut = EnvelopeStatus(
            start: d("2026-01-01"), end: d("2026-01-31"), carriedIn: .zero, planned: .zero, filled: .zero, moved: m("-50.00"),
            spent: m("70.00"), available: m("-120.00"), spentOnCredit: m("70.00"))
        #expect(model.envelopes[food].cardDebt(of: movedOut) == m("70.00"))
    }

    /// Without `unspent`, all overspending comes from ready to assign, cards' too.
    @Test func withoutUnspentCardsOverspendingIsTakenToo() throws {
        let text = Self.budget.replacingOccurrences(of: " rollover unspent", with: "")
        // 1 February: 1350.00 − 30.00 − 30.00 − 150.00 = 1140.00; nothing is card debt.
        let first = try figures(text, "2026-02-01")
        #expect(first.ready == m("1140.00") && first.uncovered.isZero)
    }

    /// A card paid before the month ends: the debt arrives on 1 February, when the card
    /// owes nothing, so ready to assign pays it that day.
    @Test func aCardPaidBeforeTheMonthEndsLeavesNoDebtToHold() throws {
        let text = """
            currency EUR
            wallet Checking opening 500.00 on 2026-01-01
            wallet Visa credit limit 2000
            income Salary
            expense Food
            envelope Food 100 monthly for Food rollover unspent
            2026-01-02 Checking Salary +100.00
            2026-01-10 Visa Food -130.00
            2026-01-25 transfer Checking -> Visa 130.00

            """
        // January: 500.00 + 100.00 − 100.00 = 500.00; 1 February: 30.00 card debt, but
        // Visa owes 0.00: 500.00 − 30.00 − 100.00 planned = 370.00; Checking 470.00 =
        // 370.00 + 100.00.
        let january = try figures(text, "2026-01-31")
        #expect(january.ready == m("500.00"))
        let first = try figures(text, "2026-02-01")
        #expect(first.ready == m("370.00") && first.uncovered.isZero && first.left == m("470.00") && first.right == m("470.00"))
    }

    /// A hidden card's debt is not the budget's: its overspending is taken from ready to
    /// assign as cash, even when a card of the budget owes more than it.
    @Test func aHiddenCardsOverspendingIsTakenAsCash() throws {
        let text = """
            currency EUR
            wallet Checking opening 1000.00 on 2026-01-01
            wallet Visa credit limit 1000
            wallet Card credit limit 500 hidden
            income Salary
            expense Food, Fun
            envelope Food 100 monthly for Food in Card rollover unspent
            envelope Fun 200 monthly for Fun rollover unspent
            2026-01-02 Checking Salary +100.00
            2026-01-10 Card Food -130.00
            2026-01-12 Visa Fun -100.00

            """
        // January: 1000.00 + 100.00 − 100.00 − 200.00 = 800.00. 1 February: Food's 30.00
        // over was on a hidden card: 800.00 − 30.00 − 300.00 planned = 470.00, though
        // Visa owes 100.00; no card debt is left unheld.
        let first = try figures(text, "2026-02-01")
        #expect(first.ready == m("470.00") && first.uncovered.isZero)
    }
}
