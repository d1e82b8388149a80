import Foundation
import TallyTestSupport
import Testing

/// `tally import` of a statement whose dates read two ways and nothing in the file
/// decides (Grammar.md §7.1, `dates`): exit 1, the reason on standard error, nothing
/// written. The reading's own cases are in Tests/TallyImportTests/DateEvidenceTests.swift.
@Suite struct ImportDoubtfulDatesTests {
    static let budget = """
        currency GBP

        wallet Monzo  bank  opening 0.00 on 2026-02-28

        expense Food

        """

    /// 01/03, 05/03 and 11/03/2026: 1, 5 and 11 March day first, 3 January, 3 May and
    /// 3 November month first; both run forward and stay before today (2026-12-01).
    static let statement = "Date,Name,Amount\n01/03/2026,Tesco,-10.00\n05/03/2026,Pret,-4.50\n11/03/2026,Salary,1500.00\n"

    @Test func aStatementWhoseDatesReadTwoWaysIsRefusedOnStandardError() throws {
        let folder = try TemporaryFolder("import-dates")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        _ = try folder.write(Self.statement, to: "monzo.csv")
        let result = TallyInProcess.run(["import", folder.path("budget.tally"), folder.path("monzo.csv"), "--wallet", "Monzo", "--today", "2026-12-01"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("monzo.csv:2:1: the dates in column `Date` read two ways"), "\(result.stderr)")
        #expect(result.stderr.contains("`01/03/2026` is 3 January 2026 (MM/DD/YYYY) or 1 March 2026 (DD/MM/YYYY)"), "\(result.stderr)")
        #expect(
            result.stderr.contains("`import Monzo  dates MM/DD/YYYY` or `import Monzo  dates DD/MM/YYYY` (or add `dates FORMAT` to the `import` line it has); nothing written"),
            "\(result.stderr)")
        #expect(!result.stdout.contains("read two ways"))
        #expect(try folder.read("budget.tally") == Self.budget)
        // Declared, the same file is read day first: 1, 5 and 11 March.
        _ = try folder.write(Self.budget + "import Monzo  dates DD/MM/YYYY\n", to: "budget.tally")
        let declared = TallyInProcess.run(["import", folder.path("budget.tally"), folder.path("monzo.csv"), "--wallet", "Monzo", "--today", "2026-12-01"])
        #expect(declared.status == 0, "\(declared.stdout)\(declared.stderr)")
        let written = try folder.read("budget.tally")
        #expect(written.contains("2026-03-01") && written.contains("2026-03-05") && written.contains("2026-03-11"), "\(written)")
    }
}
