import TallyCore
import TallyLSP
import TallySyntax
import Testing

/// When the budget's amounts could overflow a total (E0404, `BudgetModel.totalsAreExact`
/// false), the editor shows no figures, as the reports refuse to: hovers keep the name,
/// inlay hints and code lenses are gone.
@Suite struct OverflowFiguresTests {
    // Each amount fits, their sum (1.2·10^19 cents) does not fit in Int64 (≈ 9.22·10^18).
    static let text = """
        currency EUR
        wallet A opening 10.00 on 2026-01-01
        wallet B
        expense Fun
        envelope Fun 100 monthly for Fun
        goal Trip 500 by 2026-12-31
        2026-03-02 "Shop" A Fun -60000000000000000.00
        2026-03-03 "Shop" B Fun -60000000000000000.00

        """

    static func offset(_ needle: String, after: String) -> Int {
        let start = text.range(of: after)!.upperBound
        return text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: needle, range: start ..< text.endIndex)!.lowerBound) + 1
    }

    @Test func noFiguresAreShown() throws {
        let analysis = Fixture.analysis(Self.text)
        #expect(!analysis.model.totalsAreExact)
        let wallet = try #require(HoverProvider.hover(in: analysis, path: "main.tally", offset: Self.offset("A", after: "2026-03-02 \"Shop\" ")))
        #expect(wallet.markdown == "**A** · bank wallet in EUR\n\nNo figures: the budget's amounts add up to more than can be totalled exactly (E0404).")
        let envelope = try #require(HoverProvider.hover(in: analysis, path: "main.tally", offset: Self.offset("Fun", after: "envelope ")))
        #expect(!envelope.markdown.contains("left") && envelope.markdown.hasSuffix("(E0404)."))
        let payee = try #require(HoverProvider.hover(in: analysis, path: "main.tally", offset: Self.offset("Shop", after: "2026-03-02 \"")))
        #expect(payee.markdown == "**Shop** · payee\n\nNo figures: the budget's amounts add up to more than can be totalled exactly (E0404).")
        let everything = ByteRange(start: 0, end: Self.text.utf8.count)
        #expect(InlayHintProvider.hints(in: analysis, path: "main.tally", range: everything, options: InlayHintOptions()).isEmpty)
        #expect(CodeLensProvider.lenses(in: analysis, path: "main.tally").isEmpty)
    }

    @Test func anOrdinaryBudgetStillHasThem() throws {
        // The same budget with amounts a million times smaller: figures everywhere.
        let small = Self.text.replacingOccurrences(of: "60000000000000000.00", with: "60000000000.00")
        let analysis = Fixture.analysis(small)
        #expect(analysis.model.totalsAreExact)
        #expect(!CodeLensProvider.lenses(in: analysis, path: "main.tally").isEmpty)
        let everything = ByteRange(start: 0, end: small.utf8.count)
        #expect(!InlayHintProvider.hints(in: analysis, path: "main.tally", range: everything, options: InlayHintOptions()).isEmpty)
    }
}
