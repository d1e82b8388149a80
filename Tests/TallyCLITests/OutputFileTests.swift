import Foundation
import TallyTestSupport
import XCTest

/// `-o/--output FILE` on every report: the file holds what standard output would, in the
/// format of its extension, written atomically; nothing is written on a mistake.
final class OutputFileTests: XCTestCase {
    let file = "examples/household.tally"
    private var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("output")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    func testEveryReportWritesEachFormatByExtension() throws {
        for command in ["balance", "envelopes", "goals", "register", "report", "insights", "due", "forecast", "wallets", "categories"] {
            for (ext, format) in [("csv", "csv"), ("json", "json"), ("txt", "text")] {
                let path = folder.appendingPathComponent("\(command).\(ext)").path
                let written = TallyInProcess.run([command, file, "-o", path])
                XCTAssertEqual(written.status, 0, "\(command) \(ext): \(written.stderr)")
                XCTAssertEqual(written.stdout, "")
                let expected = TallyInProcess.run([command, file, "--format", format]).stdout
                XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), expected, "\(command) \(ext)")
            }
        }
        let page = folder.appendingPathComponent("month.html").path
        XCTAssertEqual(TallyInProcess.run(["--output=" + page, "report", file]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: page, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    func testMistakesWriteNothing() throws {
        let budgetCopy = folder.appendingPathComponent("copy.tally").path
        try "currency EUR\n".write(toFile: budgetCopy, atomically: true, encoding: .utf8)
        let table: [([String], String)] = [
            (["register", file, "-o", budgetCopy], "named like a budget file"),
            (["register", file, "-o", folder.appendingPathComponent("a.xlsx").path], "cannot tell the format"),
            (["register", file, "-o", folder.appendingPathComponent("a.csv").path, "--format", "json"], "means csv, `--format` asks for json"),
            (["register", file, "-o", folder.appendingPathComponent("a.csv").path, "-o", folder.appendingPathComponent("b.csv").path], "`--output` given twice"),
            (["register", file, "--wallet", "Nope", "-o", folder.appendingPathComponent("c.csv").path], "no wallet named `Nope`"),
            (["register", file, "-o"], "`--output` needs a file name")
        ]
        for (arguments, message) in table {
            let result = TallyInProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOfFile: budgetCopy, encoding: .utf8), "currency EUR\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["copy.tally"])
        let unwritable = TallyInProcess.run(["balance", file, "-o", "/no/such/folder/b.csv"])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.stderr.hasPrefix("tally balance: cannot write `/no/such/folder/b.csv`"), unwritable.stderr)
    }
}
