import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// What `tally convert` keeps as comments, on the way back (issue 22): a journal of each
/// peer with parts not converted (`Fixtures/convert/kept-whole.*`) is converted, and the
/// budget exported to every format, in process. To its own format, each part of which
/// nothing was converted is written back as it was, uncommented, at its place; a part of
/// a converted transaction (a virtual posting) and every part in an export to another
/// format stay comments with their reason. Goldens in `Goldens/kept/NAME-PEER.EXTENSION`
/// (`kept-whole-ledger.journal`: the ledger journal's budget exported to hledger);
/// `TALLY_RECORD=1` records them again.
@Suite struct KeptBlocksExportTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let journal: String
        let format: PeerFormat
        /// Original lines each written back uncommented to `format`, and commented elsewhere.
        let whole: [String]
        /// A line of a partly converted transaction: a comment in every export.
        let partial: String?
        var testDescription: String { journal }
    }

    static let cases = [
        Case(
            journal: "kept-whole.ledger", format: .ledger,
            whole: ["N $", "= /^Expenses:Books/", "    (Liabilities:Taxes)                 -0.10", "~ Monthly", "2024/01/06 * Loan from a friend", "    Friends:Ana"],
            partial: "    (Budget:Food)                     $-30.00"),
        Case(
            journal: "kept-whole.journal", format: .hledger,
            whole: ["~ every 2nd thursday of month from 2024-01-01", "2024-01-04 coins in the jar", "    assets:jar                          5", "    friends:ana"],
            partial: "    (budget:food)                 $-12.00"),
        Case(
            journal: "kept-whole.beancount", format: .beancount,
            whole: ["plugin \"beancount.plugins.auto_accounts\"", "2024-01-04 event \"location\" \"Lisbon\"", "2024-01-05 * \"Revaluation\""], partial: nil)
    ]

    @Test(arguments: cases)
    func writtenBackToItsOwnFormatOnly(_ kept: Case) throws {
        let folder = try TemporaryFolder("kept")
        defer { folder.remove() }
        let result = try JournalConverter.convert(
            paths: [TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/" + kept.journal)], budgetPath: "converted.tally",
            readFile: ConversionGoldenTests.read)
        let path = try folder.write(result.budget, to: "converted.tally")
        let budget = try BudgetLoader().load(path)
        let (model, found) = Interpreter.run(budget, today: CivilDate(iso: "2024-12-31")!)
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        let name = kept.journal.replacingOccurrences(of: ".", with: "-")
        for format in PeerFormat.allCases {
            let journal = JournalExporter(model: model, budget: budget, format: format).export()
            let lines = Set(journal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            for original in kept.whole {
                // Uncommented to its own format; after `;   ` in a kept comment elsewhere.
                #expect(lines.contains(original) == (format == kept.format), "\(format): \(original)\n\(journal)")
                #expect(lines.contains(";   " + original) == (format != kept.format), "\(format): \(original)")
            }
            if let partial = kept.partial {
                #expect(lines.contains(";   " + partial) && !lines.contains(partial), "\(format): \(partial)")
            }
            let golden = TestSupport.path("Tests/TallyInteropTests/Goldens/kept/\(name).\(format.fileExtension)")
            if let problem = TestSupport.compareGolden(journal, path: golden) { Issue.record(Testing.Comment(rawValue: problem)) }
        }
    }

    /// A journal whose file name names neither hledger nor ledger (`home.txt`) names
    /// `journal`: its whole parts are written back to both, and kept as comments in
    /// beancount. An opening's metadata other than its date2, status and code is a part
    /// of something converted: no format, a comment everywhere.
    @Test func aJournalOfNeitherNameIsWrittenBackToBoth() throws {
        let folder = try TemporaryFolder("kept")
        defer { folder.remove() }
        let text = """
            2024-01-01 opening
                ; source: bank letter
                assets:checking            $100.00
                equity:opening balances

            2024-01-02 loan from a friend
                assets:checking             $50.00
                friends:ana

            """
        let journal = try folder.write(text, to: "home.txt")
        let result = try JournalConverter.convert(paths: [journal], budgetPath: "converted.tally", readFile: ConversionGoldenTests.read)
        #expect(result.budget.contains("; not converted (home.txt:6, journal): a posting to `friends:ana`"), "\(result.budget)")
        #expect(result.budget.contains("; not converted (home.txt:1): metadata of an opening transaction (source: bank letter)"), "\(result.budget)")
        let budget = try BudgetLoader().load(try folder.write(result.budget, to: "converted.tally"))
        let (model, _) = Interpreter.run(budget, today: CivilDate(iso: "2024-12-31")!)
        for format in PeerFormat.allCases {
            let lines = Set(JournalExporter(model: model, budget: budget, format: format).export().split(separator: "\n").map(String.init))
            #expect(lines.contains("2024-01-02 loan from a friend") == (format != .beancount), "\(format)")
            #expect(lines.contains(";   2024-01-02 loan from a friend") == (format == .beancount), "\(format)")
            #expect(lines.contains(";       ; source: bank letter") && !lines.contains("    ; source: bank letter"), "\(format)")
        }
    }

    /// A block ends at a blank line: a comment of the user's after it that happens to
    /// start like a kept line stays the user's comment, never written back uncommented.
    @Test func aBlankLineEndsABlock() throws {
        let folder = try TemporaryFolder("kept")
        defer { folder.remove() }
        let text = """
            currency USD
            wallet Checking bank opening 100.00 on 2024-01-01

            ; not converted (home.ledger:3, ledger): the directive `N`, which Tally does not read
            ;   N $

            ;   a note of mine

            """
        let budget = try BudgetLoader().load(try folder.write(text, to: "budget.tally"))
        let (model, _) = Interpreter.run(budget, today: CivilDate(iso: "2024-12-31")!)
        let lines = JournalExporter(model: model, budget: budget, format: .ledger).export().split(separator: "\n").map(String.init)
        #expect(lines.contains("N $") && !lines.contains("a note of mine") && !lines.contains(";   a note of mine"), "\(lines)")
    }
}
