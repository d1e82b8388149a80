import Foundation
import TallyTestSupport
import XCTest

/// `tally report --html FILE` and `--format html` hand the page of HTMLReport to the
/// user: to a file replaced atomically, or to standard output.
final class ReportHTMLFlagTests: XCTestCase {
    func testHTMLGoesToAFileOrToStandardOutput() throws {
        let temporary = try TemporaryFolder("html")
        defer { temporary.remove() }
        let folder = temporary.url
        let page = folder.appendingPathComponent("report.html").path
        // An older page is replaced whole, keeping its permissions.
        try "old".write(toFile: page, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: page)

        let written = try TallyBinary.run(["report", "examples/household.tally", "--html", page, "--month", "2026-10"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        let printed = try TallyBinary.run(["report", "examples/household.tally", "--format", "html", "--month", "2026-10"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(printed.stdout.contains("<svg"))
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), printed.stdout)
        let permissions = try FileManager.default.attributesOfItem(atPath: page)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(leftovers, ["report.html"], "no temporary file is left behind")
    }

    func testAnUnwritablePlaceIsOneLineAndExitTwo() throws {
        let result = try TallyBinary.run(["report", "examples/household.tally", "--html", "/no/such/folder/report.html"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write `/no/such/folder/report.html`"), result.stderr)
        let missing = try TallyBinary.run(["report", "examples/household.tally", "--html"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("`--html`"), missing.stderr)
    }
}
