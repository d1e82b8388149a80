import Foundation
import TallyTestSupport
import XCTest

/// Files that would flood the output: binary files (one E0105), files with thousands of
/// problems (at most 1,000 shown per file, and a line saying how many more), and one long
/// line with thousands of problems (excerpts cut to a window around each).
final class DiagnosticFloodTests: XCTestCase {
    private func temporaryFile(_ bytes: [UInt8], name: String = "budget.tally") throws -> String {
        let temporary = try TemporaryFolder("flood")
        addTeardownBlock { temporary.remove() }
        let folder = temporary.url
        let path = folder.appendingPathComponent(name).path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    private func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = TestSupport.SeededGenerator(seed: seed)
        return (0 ..< count).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
    }

    func testBinaryFileGetsOneDiagnostic() throws {
        for (count, seed) in [(300, UInt64(1)), (100_000, 2)] {
            let path = try temporaryFile(randomBytes(count, seed: seed))
            let text = try TallyBinary.run(["check", "--color", "never", path])
            XCTAssertEqual(text.status, 1)
            XCTAssertEqual(text.stdout.components(separatedBy: "error[").count - 1, 1, text.stdout)
            XCTAssertTrue(text.stdout.contains("error[E0105]: this is not a text file"), text.stdout)
            XCTAssertTrue(text.stdout.hasSuffix("checked 1 file: 1 error\n"), text.stdout)
            XCTAssertLessThan(text.stdout.split(separator: "\n").count, 10)
            let json = try TallyBinary.run(["check", "--format", "json", path])
            XCTAssertTrue(json.stdout.hasSuffix("\"errors\":1,\"warnings\":0,\"infos\":0}\n"), json.stdout)
        }
    }

    func testBinaryIncludeGetsOneDiagnosticAndTheRootIsStillChecked() throws {
        let binary = try temporaryFile(randomBytes(5000, seed: 3), name: "statement.pdf")
        let root = (binary as NSString).deletingLastPathComponent + "/budget.tally"
        try "include \"statement.pdf\"\nwallet Cash cash\nwallet Cash cash\n".write(toFile: root, atomically: false, encoding: .utf8)
        let result = try TallyBinary.run(["check", "--format", "json", root])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("\"code\":\"E0105\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("\"code\":\"E0402\""), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("\"errors\":2,\"warnings\":0,\"infos\":0}\n"), result.stdout)
    }

    /// 1,500 lines that are each an unknown directive: 1,000 shown, 500 counted.
    func testEachFileShowsAtMostAThousandDiagnosticsInEveryFormat() throws {
        let path = try temporaryFile(Array(String(repeating: "bogus\n", count: 1500).utf8))
        let text = try TallyBinary.run(["check", "--color", "never", path])
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stdout.components(separatedBy: "error[E0201]").count - 1, 1000)
        XCTAssertTrue(text.stdout.contains("\(path): note: 500 more diagnostics in this file not shown: only the first 1000 of 1500 are, errors first\n"), String(text.stdout.suffix(400)))
        XCTAssertTrue(text.stdout.hasSuffix("checked 1 file: 1500 errors\n"), String(text.stdout.suffix(200)))

        let json = try TallyBinary.run(["check", "--format", "json", path])
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(json.stdout.components(separatedBy: "\"code\":\"E0201\"").count - 1, 1000)
        XCTAssertTrue(json.stdout.contains("\"notShown\":[{\"file\":\(quoted(path)),\"count\":500,\"total\":1500}]"), String(json.stdout.suffix(300)))
        XCTAssertTrue(json.stdout.hasSuffix("\"errors\":1500,\"warnings\":0,\"infos\":0}\n"))

        let github = try TallyBinary.run(["check", "--format", "github", path])
        XCTAssertEqual(github.status, 1)
        let lines = github.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1001)
        XCTAssertTrue(lines.last!.hasPrefix("::notice file="), String(lines.last!))
        XCTAssertTrue(lines.last!.contains("500 more diagnostics in this file not shown"))

        let sarif = try TallyBinary.run(["check", "--format", "sarif", path])
        XCTAssertEqual(sarif.status, 1)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        let run = (log?["runs"] as? [[String: Any]])?.first
        XCTAssertEqual((run?["results"] as? [Any])?.count, 1000)
        let invocation = (run?["invocations"] as? [[String: Any]])?.first
        let notification = (invocation?["toolExecutionNotifications"] as? [[String: Any]])?.first
        XCTAssertEqual(
            (notification?["message"] as? [String: Any])?["text"] as? String,
            "500 more diagnostics in this file not shown: only the first 1000 of 1500 are, errors first")
    }

    /// `expense a,a,…` with 20,000 names: 19,999 duplicates on one 40 KB line. Each
    /// excerpt is a window of the line, so the output stays small, and columns are
    /// counted in one pass over the line (it used to take minutes in a debug build).
    func testOneLongLineOfDuplicatesPrintsShortExcerpts() throws {
        let line = "expense " + Array(repeating: "a", count: 20_000).joined(separator: ",") + "\n"
        let path = try temporaryFile(Array(line.utf8))
        let text = try TallyBinary.run(["check", "--color", "never", path])
        XCTAssertEqual(text.status, 1)
        XCTAssertEqual(text.stdout.components(separatedBy: "error[E0402]").count - 1, 1000)
        XCTAssertTrue(text.stdout.hasSuffix("checked 1 file: 19999 errors\n"), String(text.stdout.suffix(200)))
        let longest = text.stdout.split(separator: "\n").map(\.count).max() ?? 0
        XCTAssertLessThan(longest, 220, "excerpts are cut to a window of the line")
        // The last shown duplicate is the 1,001st name: column 9 + 2 × 1000.
        XCTAssertTrue(text.stdout.contains("\(path):1:2009: error[E0402]"), String(text.stdout.suffix(600)))
        XCTAssertTrue(text.stdout.contains("1 | …a,a,a"), String(text.stdout.prefix(600)))
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }
}

/// `tally fmt` leaves a file that is not text alone (it used to add a line break at its end).
final class FmtNotTextTests: XCTestCase {
    func testFmtRefusesAFileThatIsNotText() throws {
        let temporary = try TemporaryFolder("fmt-bin")
        addTeardownBlock { temporary.remove() }
        let folder = temporary.url
        var random = TestSupport.SeededGenerator(seed: 9)
        let bytes = (0 ..< 5000).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
        let path = folder.appendingPathComponent("budget.tally").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        for arguments in [["fmt", path], ["fmt", "--check", path]] {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "tally fmt: `\(path)` is not a text file (E0105); it was left alone\n")
            XCTAssertEqual(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), bytes)
        }
    }
}
