import Foundation
import TallyTestSupport
import Testing

/// Details kept both ways (issue 22): a transaction's status mark and code, its tags and
/// comment, come through `tally convert` and back out of `tally export` where the peer
/// writes them.
@Suite struct ConvertDetailsTests {
    static let journal = """
        2024-01-01 opening balances
            assets:bank:checking        1000.00 EUR
            equity:opening balances

        2024-01-03 * (101) Ruth | rent share  ; trip:usa, paid early
            assets:bank:checking         650.00 EUR
            income:rent shares

        2024-01-04 ! City Power
            expenses:utilities:power     112.40 EUR
            assets:bank:checking

        """

    @Test(arguments: ["hledger", "ledger", "beancount"])
    func statusMarksCodesAndTagsComeBack(_ peer: String) throws {
        let folder = try TemporaryFolder("convert-details")
        defer { folder.remove() }
        let journal = try folder.write(Self.journal, to: "flat.journal")
        let budget = folder.url.appendingPathComponent("flat.tally").path
        let converted = TallyInProcess.run(["convert", journal, "-o", budget, "--strict", "--today", "2024-02-01"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let text = try String(contentsOfFile: budget, encoding: .utf8)
        #expect(text.contains("2024-01-03 \"Ruth\" \"rent share paid early\""), "\(text)")
        // hledger's `trip:usa` is a tag with a value: metadata.
        #expect(text.contains("trip: \"usa\""), "\(text)")
        #expect(text.contains("status: \"cleared\"\n    code: \"101\""), "\(text)")
        #expect(text.contains("status: \"pending\""), "\(text)")

        let exported = TallyInProcess.run(["export", "--to", peer, budget, "--today", "2024-02-01"])
        #expect(exported.status == 0, "\(exported.stderr)")
        switch peer {
        case "beancount":
            // beancount has no code: it stays metadata; `!` is its pending flag.
            #expect(exported.stdout.contains("2024-01-04 ! \"City Power\""), "\(exported.stdout)")
            #expect(exported.stdout.contains("code: \"101\""), "\(exported.stdout)")
        default:
            #expect(exported.stdout.contains("2024-01-03 * (101) Ruth"), "\(exported.stdout)")
            #expect(exported.stdout.contains("2024-01-04 ! City Power"), "\(exported.stdout)")
            #expect(!exported.stdout.contains("status:"), "\(exported.stdout)")
        }
    }
}
