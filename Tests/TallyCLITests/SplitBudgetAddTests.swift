import Foundation
import TallyTestSupport
import Testing

/// `tally add` as a process on a budget split by year (Grammar.md §3.9, "Where tools
/// write"): named by its year file, it reads the whole budget as `tally check` does,
/// writes into the file of the entry's year and leaves every file checked and formatted.
@Suite struct SplitBudgetAddTests {
    static let main = """
        currency EUR

        wallet Checking  bank  opening 1000.00 on 2024-12-31

        income  Salary
        expense Food

        include "years/2025.tally"
        include "years/2026.tally"

        """
    static let year2025 = "2025-01-31 \"ACME\"  Checking  Salary  +2000.00\n"
    static let year2026 = "2026-01-31 \"ACME\"   Checking  Salary  +2000.00\n2026-11-03 \"Tesco\"  Checking  Food      -40.00\n"

    @Test func addingFromAYearFileWritesIntoTheDatesYear() throws {
        let folder = try TemporaryFolder("split-add-cli")
        _ = try folder.write(Self.main, to: "main.tally")
        let y2025 = try folder.write(Self.year2025, to: "years/2025.tally")
        let y2026 = try folder.write(Self.year2026, to: "years/2026.tally")
        let added = try TallyBinary.run(["add", "years/2025.tally", "2026-11-05", "Tesco", "Checking", "Food", "12.5", "--today", "2026-11-22"], in: folder.url)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added to years/2026.tally: 2026-11-05 \"Tesco\"  Checking  Food      -12.50\n")
        #expect(try String(contentsOfFile: y2026, encoding: .utf8) == Self.year2026 + "2026-11-05 \"Tesco\"  Checking  Food      -12.50\n")
        #expect(try String(contentsOfFile: y2025, encoding: .utf8) == Self.year2025)
        let check = try TallyBinary.run(["check", "years/2026.tally", "--today", "2026-11-22"], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let format = try TallyBinary.run(["fmt", "--check", "main.tally", "years/2025.tally", "years/2026.tally"], in: folder.url)
        #expect(format.status == 0, "\(format.stdout)\(format.stderr)")
        // A year without its file: refused, exit 1, naming the file to create.
        let refused = try TallyBinary.run(["add", "main.tally", "2027-01-02", "Tesco", "Checking", "Food", "1", "--today", "2026-11-22"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("create `years/2027.tally` and include it from `main.tally`"), "\(refused.stderr)")
    }
}
