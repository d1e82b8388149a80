import TallyCore
import TallySyntax
import Testing

/// No total may drop an addend on overflow: the walk checks that the budget's amounts
/// cannot overflow however they are added, and reports E0404 where they could
/// (Grammar.md §4, Money; `Walk+Bounds.swift`).
@Suite struct TotalsBoundTests {
    @Test func amountsTooLargeToTotalAreAnErrorWhereTheyCross() throws {
        // Each amount fits (6·10^18 cents < Int64.max ≈ 9.22·10^18), each wallet's balance
        // too; their sum, the month's spending (1.2·10^19 cents), does not. Before the
        // bound, the monthly report showed 60000000000000000.00 spent: an addend dropped.
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet A
            wallet B
            expense Fun
            2026-03-02 A Fun -60000000000000000.00
            2026-03-03 B Fun -60000000000000000.00
            """, today: "2026-03-31")
        let overflow = diagnostics.filter { $0.code == .numericOverflow }
        #expect(overflow.count == 1)
        // Reported once, on the second transaction (line 6), where the sum crossed.
        #expect(overflow.first?.range.start == "currency EUR\nwallet A\nwallet B\nexpense Fun\n2026-03-02 A Fun -60000000000000000.00\n".utf8.count)
        #expect(!model.totalsAreExact)
    }

    @Test func ordinaryAmountsStayWithinTheBound() throws {
        // Limit: Int64.max = 9223372036854775807 cents = 92,233,720,368,547,758.07 EUR of
        // magnitudes in all. 90 million billion in, 2 million billion out: inside.
        let (model, diagnostics) = try Figures.run(
            """
            currency EUR
            wallet A opening 90000000000000000.00
            expense Fun
            2026-03-02 A Fun -2000000000000000.00
            """, today: "2026-03-31")
        #expect(model.totalsAreExact)
        #expect(!Figures.codes(diagnostics).contains("E0404"))
        // One more million billion crosses it: 93·10^15 > 92.23·10^15.
        let (over, _) = try Figures.run(
            """
            currency EUR
            wallet A opening 90000000000000000.00
            expense Fun
            2026-03-02 A Fun -2000000000000000.00
            2026-03-03 A Fun -1000000000000000.00
            """, today: "2026-03-31")
        #expect(!over.totalsAreExact)
    }

    @Test func conversionsCountAtTheLargestRate() throws {
        // 50·10^15 USD at the largest USD→EUR rate stated (2.00, though 0.90 applies on
        // the day) may become 100·10^15 EUR: past the bound of 92.23·10^15.
        let text = """
            currency EUR
            wallet US bank currency USD opening 50000000000000000.00
            2026-01-01 rate USD 0.90 EUR
            2026-06-01 rate USD 2.00 EUR
            """
        let (model, diagnostics) = try Figures.run(text, today: "2026-06-30")
        #expect(!model.totalsAreExact)
        // Reported once, on the rate whose conversions cross it (line 4).
        let overflow = diagnostics.filter { $0.code == .numericOverflow }
        #expect(overflow.count == 1)
        #expect(overflow.first?.range.start == text.utf8.count - "2026-06-01 rate USD 2.00 EUR".utf8.count)
    }
}
