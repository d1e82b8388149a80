import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Posting comments, tags and metadata survive every form a peer transaction converts to
/// (issue 22), and `tally export` writes each on its posting again: a split's category
/// lines, the sides of a transfer (`from-…`, `to-…`), a transfer with a fee, several
/// wallets at once, a purchase and a sale of holdings (`Fixtures/convert/posting-details.journal`,
/// whose budget is the golden `hledger-posting-details`), and ledger's `sample.dat`-like
/// transfer with a note, metadata and tags on comment lines below its postings.
@Suite struct PostingDetailsTests {
    static func exported(_ journal: String, _ format: PeerFormat) throws -> (budget: String, journal: String, listed: [LeftOut]) {
        let folder = try TemporaryFolder("details")
        defer { folder.remove() }
        let result = try JournalConverter.convert(
            paths: [TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/" + journal)], budgetPath: "converted.tally",
            readFile: ConversionGoldenTests.read)
        let budget = try BudgetLoader().load(try folder.write(result.budget, to: "converted.tally"))
        let (model, found) = Interpreter.run(budget, today: CivilDate(iso: "2024-12-31")!)
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        return (result.budget, JournalExporter(model: model, budget: budget, format: format).export(), result.leftOut)
    }

    /// Each posting line of the hledger export with the comment it must carry.
    @Test func everyFormKeepsItsPostingsComments() throws {
        let (budget, journal, listed) = try Self.exported("posting-details.journal", .hledger)
        #expect(listed.isEmpty, "nothing is listed: \(listed)")
        let lines = Set(journal.split(separator: "\n").map(String.init))
        for expected in [
            // A split: each category's note, tag and metadata on its line.
            "    expenses:food  $30.00  ; weekly shop, organic:",
            "    expenses:gifts  $20.00  ; for: ana",
            // A transfer with a fee: each side's metadata on its posting, the fee's note its transaction's.
            "    assets:savings  $100.00  ; goal: trip",
            "    assets:checking  $-100.00  ; ref: 42",
            // Several wallets at once: the salary's metadata, the savings' tag.
            "    income:salary  $-3000.00  ; month: january",
            "    assets:savings  $200.00  ; auto:",
            // Holdings: the purchase's and the sale's sides, the gain's tag, the fee's note.
            "    assets:stocks:acme  10 ACME @@ $500.00  ; lot: first",
            "    assets:broker  $-500.00  ; settled: t+2",
            "    assets:broker  $500.00 @@ 10 ACME  ; proceeds",
            "    income:gains  $-100.00  ; realized:",
            "    expenses:fees  $10.00  ; commission"
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(journal)")
        }
        // The wallet's posting of a split is the entry: its note and metadata are the entry's.
        #expect(budget.contains("    note: \"paid by card\"\n    card: \"visa\"\n    split-2-for: \"ana\""), "\(budget)")
        #expect(journal.contains("2024-01-03 to savings\n    ; note: wire fee\n"), "\(journal)")
    }

    /// ledger writes a posting's note after it, its metadata and tags on comment lines below.
    @Test func aTransfersSidesKeepTheirCommentsInLedger() throws {
        let (budget, journal, _) = try Self.exported("kept-whole.ledger", .ledger)
        #expect(budget.contains("    from-tags: \"online\"\n    to-note: \"paid early\"\n    to-tags: \"autopay\"\n    to-Receipt: \"123\""), "\(budget)")
        #expect(
            journal.contains(
                "2024-01-08 (7) Card payment\n    Liabilities:Card  $25.00  ; paid early\n        ; Receipt: 123\n        ; :autopay:\n    Assets:Checking  $-25.00\n        ; :online:\n"),
            "\(journal)")
        // Declared for `ledger --pedantic`, without the side's prefix.
        #expect(journal.contains("tag Receipt\n") && !journal.contains("tag to-"), "\(journal)")
    }

    /// beancount keeps a side's metadata as the posting's.
    @Test func aTransfersSidesKeepTheirMetadataInBeancount() throws {
        let (_, journal, _) = try Self.exported("kept-whole.beancount", .beancount)
        #expect(journal.contains("    Assets:Savings  100.00 USD\n      purpose: \"the trip\"\n"), "\(journal)")
    }
}
