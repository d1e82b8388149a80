import TallyCore
import TallySyntax
import Testing

/// A bank movement without a category (it carries an `id:`) counts in its wallet and in no
/// category (Grammar.md §3.10, "No category yet"): I0601 on it, E0407 on a hand-typed one.
@Suite struct UncategorizedMovementTests {
    static let budget = """
        currency EUR
        wallet Checking bank opening 100.00 on 2026-03-01
        expense Food
        envelope Food 50 monthly for Food

        2026-03-02 "Tesco" Checking Food -10.00
        2026-03-03 "CORNER SHOP" Checking -4.00
            id: "B-1"
        2026-03-04 "REFUND" Checking +2.50 #web
            id: "B-2"
        2026-03-05 "Kiosk" Checking -1.00
        """

    @Test func countsInTheWalletAndTheRegisterOnly() throws {
        let (model, diagnostics) = try Figures.run(Self.budget, today: "2026-03-31")
        #expect(Figures.codes(diagnostics).sorted() == ["E0407", "I0601", "I0601"])
        // Checking: 100.00 − 10.00 − 4.00 + 2.50 = 88.50; the Kiosk's 1.00 (no id) is left out.
        #expect(model.balance(of: model.wallet("Checking"), at: Figures.date("2026-03-31")) == Figures.money("88.50"))
        // Register: one line each, the uncategorized ones without a category, typed by sign,
        // the running balance moving: 90.00, 86.00, 88.50.
        let rows = model.register(EntryFilter())
        #expect(rows.map(\.amount) == ["-10.00", "-4.00", "2.50"].map(Figures.money))
        #expect(rows.map(\.balance) == ["90.00", "86.00", "88.50"].map(Figures.money))
        #expect(rows.map { $0.category == nil } == [false, true, true])
        #expect(rows.map(\.type) == [.expense, .expense, .income])
        // A register filtered by category leaves them out; one by tag keeps the refund.
        var byCategory = EntryFilter()
        byCategory.categories = ["Food"]
        #expect(model.register(byCategory).count == 1)
        var byTag = EntryFilter()
        byTag.tags = ["web"]
        #expect(model.register(byTag).map(\.amount) == [Figures.money("2.50")])
        // The envelope spent only Tesco's 10.00: 50 − 10 = 40 left.
        let period = try #require(model.envelopePeriod(0, containing: Figures.date("2026-03-15")))
        #expect(period.spent == Figures.money("10.00") && period.available == Figures.money("40.00"))
        // Category totals: Food −10.00 and nothing else.
        let totals = model.totalsByCategory(in: Figures.date("2026-03-01") ... Figures.date("2026-03-31"))
        #expect(totals.count == 1 && totals[0]?["EUR"] == Figures.money("-10.00"))
    }
}
