import TallyCore
import TallyInterop
import TallyTestSupport
import Testing

/// An opening's posting comment (`assets:cash  120.00 EUR  ; in the kitchen drawer`)
/// is kept as the wallet's `opening-note:`, and the beancount export writes it as the
/// posting's `note:` metadata, beancount having no posting comments its loader keeps.
/// Converted back, that `note:` is the opening's note again, not metadata listed as lost
/// (issue 36's household, exported from hledger to beancount and read back).
@Suite struct OpeningNoteMetadataTests {
    static func converted(_ text: String) throws -> ConversionResult {
        let folder = try TemporaryFolder("opening-note")
        defer { folder.remove() }
        let path = try folder.write(text, to: "home.beancount")
        return try JournalConverter.convert(paths: [path], readFile: { _ in text })
    }

    @Test func aNoteOnTheOpeningPostingIsTheOpeningsNote() throws {
        let result = try Self.converted(
            """
            2025-01-01 open Assets:Cash EUR
            2025-01-01 open Equity:Opening-Balances

            2025-01-01 * "Opening balance"
                Assets:Cash  120.00 EUR
                  note: "in the kitchen drawer"
                Equity:Opening-Balances  -120.00 EUR

            """)
        #expect(result.leftOut.isEmpty, "\(result.leftOut.map(\.reason))")
        #expect(result.budget.contains("    opening-note: \"in the kitchen drawer\""), "\(result.budget)")
    }

    @Test func otherMetadataOnItIsStillListed() throws {
        let result = try Self.converted(
            """
            2025-01-01 open Assets:Cash EUR
            2025-01-01 open Equity:Opening-Balances

            2025-01-01 * "Opening balance"
                Assets:Cash  120.00 EUR
                  note: "in the kitchen drawer"
                  counted-by: "Sam"
                Equity:Opening-Balances  -120.00 EUR

            """)
        #expect(result.leftOut.map(\.reason) == ["tags or metadata on an opening's posting: the wallet opens with its amount only"])
        #expect(result.budget.contains("    opening-note: \"in the kitchen drawer\""), "\(result.budget)")
    }
}
