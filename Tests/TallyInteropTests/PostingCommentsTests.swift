import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// A posting's comment stays on the posting it belongs to through `tally convert` and
/// `tally export`, or is listed (Grammar.md §3.11): an opening's wallet posting keeps it
/// as `opening-note:`, a one-category transaction's category posting as `split-1-note:`
/// when the wallet's posting has a note of its own.
@Suite struct PostingCommentsTests {
    static let journal = "Tests/TallyInteropTests/Fixtures/convert/posting-comments.journal"

    @Test func eachCommentIsKeptOnItsPostingOrListed() throws {
        let result = try JournalConverter.convert(
            paths: [TestSupport.path(Self.journal)], options: ConversionOptions(), budgetPath: "converted.tally",
            readFile: ConversionGoldenTests.read)
        // The equity posting's comment is every wallet's: it is listed, with its line.
        #expect(result.leftOut.map(\.source.line) == [10], "\(result.leftOut.map(\.reason))")
        var provider = InMemoryFileProvider([:])
        provider.files["converted.tally"] = result.tree.source.bytes
        let budget = try BudgetLoader(provider: provider, parsed: [result.tree]).load("converted.tally")
        let model = Interpreter.run(budget, today: CivilDate(year: 2025, month: 1, day: 31)!).model
        for format in [PeerFormat.hledger, .ledger] {
            let lines = JournalExporter(model: model, budget: budget, format: format).export().split(separator: "\n").map(String.init)
            #expect(lines.contains("    assets:bank  1000.00 EUR  ; from the old bank"), "\(format)")
            #expect(lines.contains("    ; note: paid by card"), "\(format)")
            #expect(lines.contains("    expenses:food  20.00 EUR  ; weekly shop"), "\(format)")
        }
    }
}
