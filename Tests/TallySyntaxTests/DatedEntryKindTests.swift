import Testing

@testable import TallySyntax

/// `SyntaxKind.isDatedEntry` is the one place that says which entries stand at a date
/// (the lowering, the formatter and the accessors read it): it must hold for exactly the
/// entries whose line starts with a date.
@Suite struct DatedEntryKindTests {
    /// One entry of every kind a file can hold.
    static let budget = """
        currency EUR
        option week-start monday
        include "other.tally"
        wallet Checking bank
        expense Food
        envelope Food 100 monthly for Food
        goal Trip 500
        payee "Shop" Food
        every month on 1 from 2026-01-01 as rent Checking Food -10
        import Checking encoding utf-8
        match "SHOP" Food
        2026-01-02 Checking Food -1
        2026-01-02 transfer Checking -> Checking 1
        2026-01-02 fill Food 1
        2026-01-02 move Food -> Food 1
        2026-01-02 assert Checking 1
        2026-01-02 rate USD 0.9 EUR
        2026-01-02 skip rent
        2026-01-02 goal Trip 1
        ??? not an entry

        """

    @Test func datedEntriesAreTheEntriesThatStartWithADate() {
        let tree = Parser.parse(DatedEntryKindTests.budget)
        var kinds = Set<SyntaxKind>()
        for entry in tree.entries {
            kinds.insert(entry.kind)
            let startsWithDate = entry.firstContentToken?.kind == .date
            #expect(entry.kind.isDatedEntry == startsWithDate, "\(entry.kind)")
        }
        // Every entry kind is met, so that a kind added between the dated ones and left
        // out of the file cannot slip past.
        #expect(kinds == Set(SyntaxKind.allCases.filter(\.isEntry)))
    }
}
