import Foundation
import TallyTestSupport
import XCTest

/// The `tally` command as a user meets it: help, version, usage mistakes, exit codes,
/// output formats and colour.
final class CommandLineTests: XCTestCase {
    func testHelpAndVersion() throws {
        let help = try TallyBinary.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE"))
        XCTAssertTrue(help.stdout.contains("check"))

        let checkHelp = try TallyBinary.run(["help", "check"])
        XCTAssertEqual(checkHelp.status, 0)
        XCTAssertTrue(checkHelp.stdout.contains("EXIT CODES"))
        XCTAssertEqual(try TallyBinary.run(["check", "--help"]).stdout, checkHelp.stdout)

        let version = try TallyBinary.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("tally 0."))
    }

    func testNoArgumentsPrintsUsageAndExitsTwo() throws {
        let result = try TallyBinary.run([])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("USAGE"))
        XCTAssertEqual(result.stdout, "")
    }

    func testUnknownCommandSuggestsTheClosest() throws {
        let result = try TallyBinary.run(["chek", "x.tally"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("unknown command `chek`; did you mean `check`?"), result.stderr)
        XCTAssertEqual(try TallyBinary.run(["help", "nope"]).status, 2)
        XCTAssertEqual(try TallyBinary.run(["--nope"]).status, 2)
    }

    func testUsageMistakesOfCheckExitTwo() throws {
        for arguments in [
            ["check"], ["check", "--bogus", "examples/household.tally"],
            ["check", "--format", "xml", "examples/household.tally"], ["check", "--format"]
        ] {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("tally check: "), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testUnreadableFilesExitTwo() throws {
        let missing = try TallyBinary.run(["check", "no/such/file.tally"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "tally check: cannot read `no/such/file.tally`: no such file\n")

        let directory = try TallyBinary.run(["check", "examples"])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("it is a directory"), directory.stderr)

        // A readable file is still checked and reported when another one is missing.
        let mixed = try TallyBinary.run(["check", "missing.tally", "examples/errors/E0204-invalid-date.tally"])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stdout.contains("E0204"))
    }

    func testExitCodesFollowSeverityAndStrictness() throws {
        XCTAssertEqual(try TallyBinary.run(["check", "examples/household.tally"]).status, 0)
        XCTAssertEqual(try TallyBinary.run(["check", "examples/errors/E0204-invalid-date.tally"]).status, 1)
        // Warnings alone pass, and fail under --strict.
        let warning = "examples/errors/W0217-inconsistent-indentation.tally"
        XCTAssertEqual(try TallyBinary.run(["check", warning]).status, 0)
        XCTAssertEqual(try TallyBinary.run(["check", "--strict", warning]).status, 1)
    }

    func testJSONOutputIsOneDocumentWithOneBasedPositions() throws {
        let result = try TallyBinary.run(["check", "--format", "json", "examples/errors/E0204-invalid-date.tally"])
        XCTAssertEqual(result.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(object["errors"] as? Int, diagnostics.count)
        XCTAssertEqual(object["warnings"] as? Int, 0)
        let first = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(first["file"] as? String, "examples/errors/E0204-invalid-date.tally")
        XCTAssertEqual(first["line"] as? Int, 6)
        XCTAssertEqual(first["column"] as? Int, 1)
        XCTAssertEqual(first["endLine"] as? Int, 6)
        XCTAssertEqual(first["endColumn"] as? Int, 11)
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["code"] as? String, "E0204")
        XCTAssertEqual(first["message"] as? String, "invalid date `2026-02-30`: February 2026 has 28 days")

        let clean = try TallyBinary.run(["check", "--format", "json", "examples/household.tally"])
        XCTAssertEqual(clean.stdout, "{\"diagnostics\":[],\"errors\":0,\"warnings\":0,\"infos\":0}\n")
    }

    func testColourOnlyWhenAskedOrOnATerminal() throws {
        let file = "examples/errors/E0204-invalid-date.tally"
        // Tests run with a pipe, not a terminal: no colour by default.
        XCTAssertFalse(try TallyBinary.run(["check", file]).stdout.contains("\u{1B}["))
        XCTAssertTrue(try TallyBinary.run(["check", "--color", "always", file]).stdout.contains("\u{1B}[1;31merror"))
        XCTAssertFalse(try TallyBinary.run(["check", "--color", "never", file]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try TallyBinary.run(["check", file], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }

    func testStandardInputIsReadForADash() throws {
        let result = try TallyBinary.run(["check", "-"], stdin: "wallet Cash cash\n2026-02-30 Cash Fun -1\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("<stdin>:2:1: error[E0204]"), result.stdout)
    }

    func testSeveralFilesAreCheckedTogether() throws {
        let result = try TallyBinary.run(["check", "examples/household.tally", "examples/student.tally", "examples/errors/E0302-include-cycle-a.tally"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasSuffix("checked 4 files: 1 error\n"), result.stdout)
    }

    func testSyntaxOnlySkipsTheBudgetChecks() throws {
        let file = "examples/errors/W0501-envelope-overspent.tally"
        XCTAssertTrue(try TallyBinary.run(["check", file]).stdout.contains("W0501"))
        XCTAssertEqual(try TallyBinary.run(["check", "--syntax-only", file]).stdout, "checked 1 file: no problems found\n")
        XCTAssertTrue(try TallyBinary.run(["check", "--syntax-only", "examples/errors/E0204-invalid-date.tally"]).stdout.contains("E0204"))
    }

    func testTodayComesFromTheFlagOrTheEnvironment() throws {
        let file = "examples/errors/W0511-future-dated.tally"
        XCTAssertTrue(try TallyBinary.run(["check", file]).stdout.contains("W0511"))
        XCTAssertFalse(try TallyBinary.run(["check", "--today", "2026-12-31", file]).stdout.contains("W0511"))
        XCTAssertFalse(try TallyBinary.run(["check", file], environment: ["TALLY_TODAY": "2027-01-01"]).stdout.contains("W0511"))
        let bad = try TallyBinary.run(["check", "--today", "2026-13-01", file])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("`2026-13-01` is not a date"), bad.stderr)
        XCTAssertEqual(try TallyBinary.run(["check", file], environment: ["TALLY_TODAY": "soon"]).status, 2)
    }

    func testAFileGivenTwiceIsCountedAndReportedOnce() throws {
        let file = "examples/errors/E0204-invalid-date.tally"
        let once = try TallyBinary.run(["check", file])
        let twice = try TallyBinary.run(["check", file, file])
        XCTAssertEqual(once.stdout, twice.stdout)
        XCTAssertTrue(twice.stdout.hasSuffix("checked 1 file: 4 errors\n"), twice.stdout)
    }

    func testQuietLeavesOutTheSummary() throws {
        XCTAssertEqual(try TallyBinary.run(["check", "-q", "examples/household.tally"]).stdout, "")
    }

    func testGarbageInputNeverCrashes() throws {
        var random = TestSupport.SeededGenerator(seed: 42)
        for _ in 0 ..< 5 {
            let bytes = (0 ..< 2000).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
            let result = try TallyBinary.run(["check", "-"], stdin: String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(result.status, 1)
        }
    }
}
