import Foundation
import XCTest

/// Mistakes on the command line are never silently resolved: exit code 2, nothing on
/// standard output, one line on standard error that says what is wrong.
final class UsageMistakeTests: XCTestCase {
    let file = "examples/household.tally"

    func testMistakesAreOneLineUsageErrors() throws {
        let table: [([String], String)] = [
            (["report", file, "--html", "page.html", "--format", "json"], "`--html` writes HTML, `--format` asks for json"),
            (["register", file, "--format", "json", "--format", "csv"], "`--format` given twice, as `json` and `csv`"),
            (["balance", file, "--format=csv", "--format", "json"], "`--format` given twice"),
            (["insights", file, "--depth", "1", "--depth", "2"], "`--depth` given twice"),
            (["report", file, "--months", "-3"], "`--months`: `-3` must be a positive number"),
            (["report", file, "--depth", "-1"], "`--depth`: `-1` must be a positive number"),
            (["balance", file, "--monthly", "--yearly"], "`--monthly` and `--yearly` both set the columns"),
            (["balance", file, "--monthly", "--by", "owner"], "`--by` groups the one-day table"),
            (["balance", file, "--monthly", "--at", "2026-11-01"], "`--at` gives one day"),
            (["balance", file, "--depth", "1"], "`--depth` needs columns over time"),
            (["insights", file, "--weekly", "--by", "month"], "`--by` steps the income against expense table"),
            (["help", "help"], "tally help: write `tally help COMMAND`"),
            (["help", "--help"], "tally help: write `tally help COMMAND`"),
            (["help", "check", "fmt"], "tally help: write `tally help COMMAND`")
        ]
        for (arguments, message) in table {
            let result = TallyInProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "page.html"))
    }

    /// The same value twice is no conflict; repeatable flags stay repeatable.
    func testRepeatingTheSameValueIsFine() throws {
        XCTAssertEqual(TallyInProcess.run(["register", file, "--format", "csv", "--format=csv"]).status, 0)
        XCTAssertEqual(TallyInProcess.run(["register", file, "--wallet", "Joint", "--wallet", "Visa"]).status, 0)
    }

    func testAllowAndDenyOfOneCodeConflict() throws {
        let result = TallyInProcess.run(["check", "--deny", "W0501", "--allow", "W0503,W0501", file])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("tally check: `W0501` is given to both `--deny` and `--allow`; choose one\n"), result.stderr)
        let format = TallyInProcess.run(["check", "--format", "json", "--format", "sarif", file])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("`--format` given twice"), format.stderr)
    }
}
