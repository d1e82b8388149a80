import Foundation
import TallyTestSupport
import XCTest

/// Every report command's text, JSON and CSV output on the examples, pinned by golden
/// files: the cases are the lines of Fixtures/reports/commands.txt, each run with the
/// built binary as a user would.
final class ReportGoldenTests: XCTestCase {
    static let folder = "Tests/TallyCLITests/Fixtures/reports"

    func testEveryCaseMatchesItsGoldenFile() throws {
        let list = try String(contentsOfFile: TestSupport.path(Self.folder + "/commands.txt"), encoding: .utf8)
        var names = Set<String>()
        for line in list.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1)
            XCTAssertEqual(parts.count, 2, "malformed case line: \(line)")
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            XCTAssertTrue(names.insert(name).inserted, "two cases are named \(name)")
            let arguments = parts[1].split(separator: " ").map(String.init)
            let result = TallyInProcess.run(arguments)
            var actual = result.stdout
            if !result.stderr.isEmpty { actual += "--- stderr\n" + result.stderr }
            if result.status != 0 { actual += "--- exit \(result.status)\n" }
            if let problem = TestSupport.compareGolden(actual, path: TestSupport.path("\(Self.folder)/\(name).out")) {
                XCTFail("\(name): \(problem)")
            }
        }
        XCTAssertGreaterThan(names.count, 40)
    }

    /// A text report stays readable in an 80-column terminal.
    func testTextReportsFitEightyColumns() throws {
        for arguments in [
            ["balance"], ["envelopes"], ["goals"], ["register", "--period", "2026-11"], ["report"], ["report", "--months", "6"],
            ["insights"], ["due"], ["forecast", "--events"]
        ] {
            let result = TallyInProcess.run(arguments + ["examples/household.tally"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(arguments): \(line)")
            }
        }
    }

    /// Colour only on request or on a terminal, and never under NO_COLOR; without colour
    /// a negative amount still shows its minus sign.
    func testColourOnlyWhenAskedAndNeverUnderNoColor() throws {
        let plain = TallyInProcess.run(["balance", "examples/household.tally"])
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        XCTAssertTrue(plain.stdout.contains("-177.89"))
        let coloured = TallyInProcess.run(["balance", "examples/household.tally", "--color", "always"])
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[31m"))
        let auto = TallyInProcess.run(["balance", "examples/household.tally", "--color", "auto"], environment: ["NO_COLOR": "1"])
        XCTAssertFalse(auto.stdout.contains("\u{1B}["))
    }

    /// Every report reads standard input with `-`, as `tally check` does.
    func testStandardInput() throws {
        let text = try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8)
        let fromFile = TallyInProcess.run(["balance", "examples/household.tally", "--format", "json"])
        let fromStdin = try TallyBinary.run(["balance", "-", "--format", "json"], stdin: text)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        XCTAssertEqual(fromStdin.stdout, fromFile.stdout)
    }

    /// Every report's JSON output parses, whatever the command.
    func testJSONOutputParses() throws {
        for command in ["balance", "envelopes", "goals", "register", "report", "insights", "due", "forecast"] {
            for file in ["examples/household.tally", "examples/student.tally", "examples/multi-currency.tally"] {
                let result = TallyInProcess.run([command, file, "--format", "json"])
                XCTAssertEqual(result.status, 0, "\(command) \(file): \(result.stderr)")
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)), "\(command) \(file)")
            }
        }
    }

    /// The example in the README's Reports section is what the command prints.
    func testReadmeExampleIsTrue() throws {
        let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
        let prompt = "$ tally envelopes examples/household.tally --today 2026-11-22\n"
        let start = try XCTUnwrap(readme.range(of: prompt)).upperBound
        let end = try XCTUnwrap(readme.range(of: "```", range: start ..< readme.endIndex)).lowerBound
        let result = TallyInProcess.run(["envelopes", "examples/household.tally"])
        XCTAssertTrue(result.stdout.hasPrefix(String(readme[start ..< end])), result.stdout)
    }
}
