import Foundation
import TallyTestSupport
import XCTest

/// Bad input to every report flag gives one line on standard error that names the flag,
/// exit code 2, and nothing on standard output.
final class ReportUsageTests: XCTestCase {
    let file = "examples/household.tally"

    func assertUsage(_ arguments: [String], mentions fragment: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try TallyBinary.run(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "\(arguments)", file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line expected for \(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)", file: file, line: line)
    }

    func testBadPeriodsAndDates() throws {
        for period in ["someday", "2026-13", "2026-02-30", "2026-03-31..2026-01-01", "26", "2026-1", "..", "2026q5"] {
            try assertUsage(["register", file, "--period", period], mentions: "`--period`")
        }
        try assertUsage(["envelopes", file, "--period", "next-fortnight"], mentions: "`--period`")
        try assertUsage(["insights", file, "-p", "2026-Q5"], mentions: "`--period`")
        try assertUsage(["due", file, "-b", "someday"], mentions: "`--begin`")
        try assertUsage(["forecast", file, "-e", "later"], mentions: "`--end`")
        try assertUsage(["balance", file, "--at", "2026-02-30"], mentions: "`--at`")
        try assertUsage(["goals", file, "--at", "yesterday"], mentions: "`--at`")
        for command in ["balance", "envelopes", "goals", "register", "report", "insights", "due", "forecast"] {
            try assertUsage([command, file, "--today", "22.11.2026"], mentions: "`--today`")
        }
        try assertUsage(["forecast", file, "--until", "soon"], mentions: "`--until`")
        try assertUsage(["forecast", file, "--until", "2020-01-01"], mentions: "`--until`")
        try assertUsage(["report", file, "--month", "2026"], mentions: "`--month`")
        try assertUsage(["report", file, "--month", "2026-13"], mentions: "`--month`")
    }

    func testUnknownNamesInFilters() throws {
        try assertUsage(["register", file, "--wallet", "Jiont"], mentions: "`--wallet`: no wallet named `Jiont`; did you mean `Joint`?")
        try assertUsage(["due", file, "--wallet", "Nope"], mentions: "`--wallet`")
        try assertUsage(["forecast", file, "--wallet", "Nope"], mentions: "`--wallet`")
        try assertUsage(["register", file, "--category", "Fod"], mentions: "`--category`: no category named `Fod`")
        try assertUsage(["insights", file, "--category", "Nope"], mentions: "`--category`")
        try assertUsage(["register", file, "--type", "refund"], mentions: "`--type`")
        try assertUsage(["envelopes", file, "--envelope", "Grocerys"], mentions: "`--envelope`: no envelope named `Grocerys`; did you mean `Groceries`?")
    }

    func testBadChoicesAndCounts() throws {
        try assertUsage(["register", file, "--sort", "size"], mentions: "`--sort`")
        try assertUsage(["register", file, "--format", "xml"], mentions: "`--format`")
        try assertUsage(["balance", file, "--format", "html"], mentions: "`--format`")
        try assertUsage(["balance", file, "--by", "colour"], mentions: "`--by`")
        try assertUsage(["insights", file, "--by", "fortnight"], mentions: "`--by`")
        try assertUsage(["due", file, "--days", "-3"], mentions: "`--days`")
        try assertUsage(["due", file, "--days", "many"], mentions: "`--days`")
        try assertUsage(["report", file, "--months", "0"], mentions: "`--months`")
        try assertUsage(["report", file, "--depth", "0"], mentions: "`--depth`")
        try assertUsage(["insights", file, "--depth", "deep"], mentions: "`--depth`")
        try assertUsage(["report", file, "--category", "Nope"], mentions: "`--category`")
        try assertUsage(["register", file, "--csv-separator", "ab"], mentions: "`--csv-separator`")
        try assertUsage(["register", file, "--color", "sometimes"], mentions: "`--color`")
        try assertUsage(["register", file, "--desc=yes"], mentions: "`--desc`")
        try assertUsage(["register", file, "--period"], mentions: "`--period`")
    }

    func testUnknownFlagsFilesAndMissingFiles() throws {
        try assertUsage(["balance", file, "--sort", "date"], mentions: "unknown option `--sort` for `tally balance`")
        try assertUsage(["goals", file, "--sort", "date"], mentions: "unknown option `--sort`")
        try assertUsage(["register"], mentions: "needs a budget file")
        try assertUsage(["balance", file, file], mentions: "reads one budget file")
        try assertUsage(["report", "no/such/file.tally"], mentions: "cannot read `no/such/file.tally`")
    }

    /// Garbage in a file is not a usage error: the report still runs on what could be
    /// read, and says on standard error that the budget has errors.
    func testBudgetWithErrorsStillReports() throws {
        let result = try TallyBinary.run(["balance", "-"], stdin: "currency EUR\nwallet Cash cash opening 10\n2026-01-01 Cash Nope -x\n\u{0}\u{1}garbage\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("10.00 EUR"), result.stdout)
        XCTAssertTrue(result.stderr.contains("run `tally check`"), result.stderr)
    }

    /// Each report's help lists every flag on a line of its own, as completions need.
    func testHelpListsEveryFlag() throws {
        let flags = [
            "balance": ["--at", "--by", "--format", "--today", "--csv-separator", "--color"],
            "register": ["--period", "--wallet", "--category", "--tag", "--payee", "--type", "--search", "--sort", "--desc"],
            "report": ["--month", "--months", "--html", "--format", "--depth", "--wallet"],
            "insights": ["--by", "--period", "--depth"], "due": ["--days"], "forecast": ["--until", "--events"],
            "envelopes": ["--period", "--at", "--envelope"], "goals": ["--at"]
        ]
        for (command, list) in flags {
            let help = try TallyBinary.run(["help", command])
            XCTAssertEqual(help.status, 0)
            for flag in list {
                // A flag's line may start with its short spelling: `  -p, --period`.
                XCTAssertTrue(
                    help.stdout.split(separator: "\n").contains { $0.hasPrefix("  " + flag) || ($0.hasPrefix("  -") && $0.contains(", " + flag + " ")) },
                    "\(command) help lacks \(flag)")
            }
            for line in help.stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(command) help: \(line)")
            }
        }
    }
}
