import Foundation
import TallyTestSupport
import XCTest

/// `tally fmt` as a user runs it: in place, `--check`, `--diff`, standard input, and
/// its usage mistakes.
final class FmtCommandTests: XCTestCase {
    let messy = "currency   EUR\n2026-01-01   Cash   Fun   -1.00\n2026-01-02 Cash Fun -22.00   ; lunch\n"
    let tidy = "currency EUR\n2026-01-01 Cash  Fun   -1.00\n2026-01-02 Cash  Fun  -22.00  ; lunch\n"

    private func temporaryFile(_ contents: String, name: String = "budget.tally") throws -> String {
        let temporary = try TemporaryFolder("fmt")
        addTeardownBlock { temporary.remove() }
        let folder = temporary.url
        let path = folder.appendingPathComponent(name).path
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testFormatsFilesInPlaceKeepingPermissions() throws {
        let path = try temporaryFile(messy)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let result = try TallyBinary.run(["fmt", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try contents(path), tidy)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o640)
    }

    func testFormattedFilesAreNotTouched() throws {
        let path = try temporaryFile(tidy)
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        XCTAssertEqual(try TallyBinary.run(["fmt", path]).status, 0)
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertEqual(modified, old)
    }

    func testCheckListsFilesThatWouldChangeAndWritesNothing() throws {
        let messyPath = try temporaryFile(messy, name: "messy.tally")
        let tidyPath = try temporaryFile(tidy, name: "tidy.tally")
        let result = try TallyBinary.run(["fmt", "--check", messyPath, tidyPath])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, messyPath + "\n")
        XCTAssertEqual(try contents(messyPath), messy)
        XCTAssertEqual(try TallyBinary.run(["fmt", "--check", tidyPath]).status, 0)
    }

    func testDiffPrintsAUnifiedDiff() throws {
        let path = try temporaryFile(messy)
        let result = try TallyBinary.run(["fmt", "--diff", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout,
            """
            --- \(path)
            +++ \(path)
            @@ -1,3 +1,3 @@
            -currency   EUR
            -2026-01-01   Cash   Fun   -1.00
            -2026-01-02 Cash Fun -22.00   ; lunch
            +currency EUR
            +2026-01-01 Cash  Fun   -1.00
            +2026-01-02 Cash  Fun  -22.00  ; lunch

            """)
        XCTAssertEqual(try contents(path), messy)
    }

    func testDiffHunksKeepThreeLinesOfContextAndMarkAMissingFinalNewline() throws {
        let lines = (1 ... 12).map { "2026-01-\(String(format: "%02d", $0)) Cash  Fun  -1.00" }
        let path = try temporaryFile(lines.joined(separator: "\n"))
        let result = try TallyBinary.run(["fmt", "--diff", path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                @@ -9,4 +9,4 @@
                 2026-01-09 Cash  Fun  -1.00
                 2026-01-10 Cash  Fun  -1.00
                 2026-01-11 Cash  Fun  -1.00
                -2026-01-12 Cash  Fun  -1.00
                \\ No newline at end of file
                +2026-01-12 Cash  Fun  -1.00

                """), result.stdout)
    }

    func testStandardInputToStandardOutput() throws {
        let result = try TallyBinary.run(["fmt", "-"], stdin: messy)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, tidy)
        let check = try TallyBinary.run(["fmt", "--check", "-"], stdin: messy)
        XCTAssertEqual(check.status, 1)
        XCTAssertEqual(check.stdout, "<stdin>\n")
    }

    func testEntriesWithSyntaxErrorsAreKeptAsWritten() throws {
        let input = "2026-02-30   Cash   Fun   -1.00\n2026-01-01   Cash   Fun   -1.00\n"
        let result = try TallyBinary.run(["fmt", "-"], stdin: input)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "2026-02-30   Cash   Fun   -1.00\n2026-01-01 Cash  Fun  -1.00\n")
    }

    func testUsageMistakesAndUnreadableFiles() throws {
        for arguments in [["fmt"], ["fmt", "--bogus", "x.tally"], ["fmt", "-", "-"]] {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("tally fmt: "), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
        let missing = try TallyBinary.run(["fmt", "no/such/file.tally"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "tally fmt: cannot read `no/such/file.tally`: no such file\n")
    }

    func testHelpListsEveryFlag() throws {
        let help = try TallyBinary.run(["help", "fmt"])
        XCTAssertEqual(help.status, 0)
        for flag in ["  --check", "  --diff", "  -h, --help"] { XCTAssertTrue(help.stdout.contains(flag), flag) }
        XCTAssertTrue(try TallyBinary.run(["--help"]).stdout.contains("fmt"))
    }
}
