import Foundation
import TallyTestSupport
import Testing

/// The round trip hledger → `tally convert` → `tally export --to hledger` leaves hledger's
/// own reports as they were: `hledger reg` and `hledger bal` print the same text, byte
/// for byte (names, symbols, digit groups, decimal commas, the shape of each transaction
/// and the order of its postings included), for journals written in hledger's habits
/// (`Fixtures/interop/roundtrip`: a three-year household with payroll, codes, status
/// marks, tags, comments, assertions on postings and on their own, a balance assignment;
/// a German journal with `commodity 1.000,00 EUR`), and for the team's earlier journals
/// that convert whole. Needs hledger: skipped without it, a failure under CI.
@Suite struct HledgerRoundTripTests {
    static let journals = [
        "Tests/TallyCLITests/Fixtures/interop/roundtrip/household.journal",
        "Tests/TallyCLITests/Fixtures/interop/roundtrip/german.journal",
        // A note in a comment (first line, a line of its own) beside `payee | note`.
        "Tests/TallyCLITests/Fixtures/interop/roundtrip/comments.journal",
        "Tests/TallyCLITests/Fixtures/interop/hledger/decimal-comma.journal",
        // Dollars beside euros, a balance asserted by a posting of zero after the others.
        "Tests/TallyCLITests/Fixtures/interop/hledger/2024.journal",
        "Tests/TallyInteropTests/Fixtures/convert/german.journal",
        // Declares `assets:bank:checking`, then the parent `expenses`: `hledger bal` lists
        // expenses before assets, undeclared accounts after, by name.
        "Tests/TallyInteropTests/Fixtures/convert/years.journal",
        // Market prices under `commodity 1.000,00 PLN`: `bal -V` reads them by that style.
        "Tests/TallyCLITests/Fixtures/interop/roundtrip/polish-prices.journal",
        // Short names renamed by `alias` (plain, a regular expression, end aliases).
        "Tests/TallyCLITests/Fixtures/interop/roundtrip/aliases.journal"
    ]

    static var hledgerOrCI: Bool { ExternalTool.find("hledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: hledgerOrCI, "hledger is not installed"), arguments: journals)
    func hledgersReportsAreTheSameAfterTheRoundTrip(_ journal: String) throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("roundtrip")
        defer { folder.remove() }
        let original = TestSupport.path(journal)
        let budget = folder.url.appendingPathComponent("budget.tally").path
        let exported = folder.url.appendingPathComponent("back.journal").path
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, original])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(!converted.stderr.contains("not converted"), "nothing is listed: \(converted.stderr)")
        let export = try TallyBinary.run(["export", "--to", "hledger", "-o", exported, budget])
        try #require(export.status == 0, "\(export.stderr)")
        // A fixed width: hledger fits `reg` to the terminal.
        let width = ["COLUMNS": "100"]
        for report in [["reg"], ["bal"], ["bal", "-M"], ["reg", "-M"], ["bal", "-V", "-M"]] {
            let before = try hledger.run(["-f", original] + report, environment: width)
            let after = try hledger.run(["-f", exported] + report, environment: width)
            #expect(before.status == 0, "\(before.output)")
            #expect(!before.stdout.isEmpty)
            #expect(after.stdout == before.stdout, "hledger \(report.joined(separator: " ")) of \(journal)")
        }
    }
}
