import Foundation
import XCTest

/// `-p/--period`, `-b/--begin` and `-e/--end` on every report, run through the built
/// binary: one grammar everywhere, `--end` not included, conflicts refused.
final class PeriodFlagTests: XCTestCase {
    let file = "examples/household.tally"
    let reports = ["balance", "envelopes", "goals", "register", "report", "insights", "due", "forecast"]

    func run(_ arguments: [String]) throws -> TallyBinary.Result {
        TallyInProcess.run(arguments)
    }

    func testEveryReportTakesThePeriodFlags() throws {
        for command in reports {
            for flags in [["-p", "2026q4"], ["--period", "next month"], ["-b", "2026-10", "-e", "2026-12"], ["--begin=2026-11-01"], ["-e", "2027"]] {
                let result = try run([command, file] + flags)
                XCTAssertEqual(result.status, 0, "\(command) \(flags): \(result.stderr)")
            }
            let help = try run(["help", command]).stdout
            XCTAssertTrue(help.contains("-p, --period PERIOD"), command)
            XCTAssertTrue(help.contains("-e, --end PERIOD") && help.contains("not included"), command)
        }
    }

    /// `-b 2026-10 -e 2026-12` is October and November: the same rows as `-p "2026-10..2026-11"`
    /// and as `-p "from 2026-10 to 2026-11"`.
    func testEndIsNotIncluded() throws {
        let begin = try run(["register", file, "-b", "2026-10", "-e", "2026-12", "--format", "csv"])
        let range = try run(["register", file, "-p", "2026-10..2026-11", "--format", "csv"])
        let words = try run(["register", file, "-p", "from 2026-10 to 2026-11", "--format", "csv"])
        XCTAssertEqual(begin.status, 0, begin.stderr)
        XCTAssertEqual(begin.stdout, range.stdout)
        XCTAssertEqual(begin.stdout, words.stdout)
        let dates = begin.stdout.split(separator: "\r\n").dropFirst().map { String($0.prefix(10)) }
        XCTAssertFalse(dates.isEmpty)
        XCTAssertTrue(dates.allSatisfy { $0 >= "2026-10-01" && $0 <= "2026-11-30" }, "\(dates)")
        XCTAssertTrue(dates.contains { $0.hasPrefix("2026-10") } && dates.contains { $0.hasPrefix("2026-11") })
    }

    /// Balances and goals are shown at the period's last day.
    func testBalanceAtThePeriodsEnd() throws {
        XCTAssertTrue(try run(["balance", file, "-e", "2026-11"]).stdout.hasPrefix("Balances at the end of 2026-10-31\n"))
        XCTAssertTrue(try run(["balance", file, "-p", "last month"]).stdout.hasPrefix("Balances at the end of 2026-10-31\n"))
        XCTAssertTrue(try run(["balance", file, "-p", "2026q3", "--format", "json"]).stdout.contains("\"date\": \"2026-09-30\""))
        XCTAssertTrue(try run(["goals", file, "-p", "2026-06", "--format", "json"]).stdout.contains("\"date\": \"2026-06-30\""))
        XCTAssertTrue(try run(["report", file, "-p", "2026q3", "--format", "json"]).stdout.contains("\"month\": \"2026-09\""))
        XCTAssertTrue(try run(["insights", file, "-p", "2026q3", "--format", "json"]).stdout.contains("\"start\": \"2026-07-01\",\n  \"end\": \"2026-09-30\""))
        XCTAssertTrue(try run(["forecast", file, "-e", "2027", "--format", "json"]).stdout.contains("\"until\": \"2026-12-31\""))
    }

    func testConflictsAreUsageErrors() throws {
        for (arguments, fragment) in [
            (["register", file, "-p", "2026", "-b", "2026-03"], "`--period` and `--begin`/`--end`"),
            (["balance", file, "--at", "2026-03-01", "-p", "2026"], "`--at 2026-03-01` and a period"),
            (["report", file, "--month", "2026-03", "-p", "2026-04"], "`--month` and a period"),
            (["due", file, "--days", "3", "-e", "2027"], "`--days` and a period"),
            (["forecast", file, "--until", "2027-01-01", "-e", "2027"], "`--until` and a period"),
            (["register", file, "-b", "2026-12", "-e", "2026-12"], "holds no days"),
            (["register", file, "-p", "next month..last month"], "holds no days")
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
        }
    }
}
