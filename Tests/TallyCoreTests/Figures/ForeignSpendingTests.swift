import TallyCore
import TallySyntax
import Testing

/// A transaction in another currency than its wallet's (Grammar.md §3.10, "Another
/// currency"): the wallet and the category count what the wallet was charged. Figures
/// by hand.
@Suite struct ForeignSpendingTests {
    static let budget = """
        currency EUR
        currency USD
        wallet Card credit
        expense Shopping, Food
        envelope Shopping 100 monthly for Shopping
        2026-03-04 "Amazon US"  Card  Shopping  -23.50 USD = -21.62 EUR
        2026-03-05 "Amazon US"  Card  Shopping  -10.00 USD @ 0.925
        2026-03-06 "Diner"      Card            -30.00 USD @ 0.92
            Food      -20.00
            Shopping   -7.60
        2026-03-07 "Refund"     Card  Shopping  1.05 USD @ 0.9 EUR #refund
        2026-03-31 assert Card  -57.52
        """

    @Test func theWalletAndTheCategoryCountTheChargedAmount() throws {
        let (model, diagnostics) = try Figures.run(Self.budget, today: "2026-03-31")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let day = Figures.date("2026-03-31")
        // −21.62 − 10.00 × 0.925 (9.25) − 30.00 × 0.92 (27.60) + 1.05 × 0.9 (0.945, rounded
        // half away from zero to 0.95): −21.62 − 9.25 − 27.60 + 0.95 = −57.52.
        #expect(model.balance(of: model.wallet("Card"), at: day) == Figures.money("-57.52"))
        // Shopping: 21.62 + 9.25 + 7.60 − 0.95 = 37.52 spent of 100: 62.48 left.
        let march = try #require(model.envelopeStatus(model.envelope("Shopping"), at: day))
        #expect(march.spent == Figures.money("37.52"))
        #expect(march.available == Figures.money("62.48"))
    }

    @Test(arguments: [
        ("2026-03-04 Card Shopping -21.62 = -21.62 EUR", "E0414"),
        ("2026-03-04 Card Shopping -21.62 EUR @ 1", "E0414"),
        ("2026-03-04 Card Shopping -23.50 USD = 21.62 EUR", "E0415"),
        ("2026-03-04 Card Shopping -23.50 USD @ 0", "E0415"),
        ("2026-03-04 Card Shopping -23.50 USD @ 0.92 USD", "E0408"),
        ("2026-03-04 Card Shopping -23.50 USD = -21.625 EUR", "E0403")
    ])
    func aConversionThatCannotBeRightIsAnError(_ line: String, _ code: String) throws {
        let text = "currency EUR\ncurrency USD\nwallet Card credit\nexpense Shopping\n" + line + "\n"
        let (model, diagnostics) = try Figures.run(text, today: "2026-03-31")
        #expect(Figures.codes(diagnostics).contains(code), "\(diagnostics)")
        // Left out: the card is untouched.
        #expect(model.balance(of: model.wallet("Card"), at: Figures.date("2026-03-31")) == .zero)
    }
}
