import TallyCore
import TallyLSP
import TallySyntax
import Testing

/// Hover inside `import` profiles and `match` rules shows what it shows elsewhere: the
/// the wallet's balance for the profile's wallet, the category's kind and envelopes for a
/// rule's.
@Suite struct ImportHoverTests {
    static let text = """
        currency EUR
        wallet Giro bank opening 100.00 on 2026-01-01
        wallet Visa credit
        expense Fun, Food
        import Giro  decimal comma
            date: "Buchungstag"
        match "NETFLIX" in Visa Fun payee "Netflix"
        2026-01-05 Giro Fun -12.00

        """

    static func hover(_ needle: String, after: String) throws -> HoverInfo {
        let start = try #require(text.range(of: after)).upperBound
        let r = try #require(text.range(of: needle, range: start ..< text.endIndex))
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + 1
        return try #require(HoverProvider.hover(in: Fixture.analysis(text), path: "main.tally", offset: offset))
    }

    @Test func theProfilesWalletShowsItsBalance() throws {
        // Giro: 100.00 − 12.00 = 88.00.
        let hover = try Self.hover("Giro", after: "import ")
        #expect(hover.markdown.contains("Giro"), "\(hover.markdown)")
        #expect(hover.markdown.contains("88.00"), "\(hover.markdown)")
    }

    @Test func aRulesWalletAndCategoryShowTheirs() throws {
        let wallet = try Self.hover("Visa", after: "match ")
        #expect(wallet.markdown.contains("Visa"), "\(wallet.markdown)")
        let category = try Self.hover("Fun", after: "match ")
        #expect(category.markdown.hasPrefix("**Fun** · expense category"), "\(category.markdown)")
        #expect(category.markdown.contains("No envelope budgets this category."), "\(category.markdown)")
    }
}
