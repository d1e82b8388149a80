import Foundation
import TallyTestSupport
import XCTest

/// `tally fmt` and `tally record` write through `AtomicFile`: a read-only file is refused
/// with exit 2 and left alone (checked on the mode bits, so also when running as root),
/// and a file that is rewritten keeps its owner, group and permissions.
final class FileOwnershipTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("owner")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    private func write(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, mode), 0)
        return path
    }

    private func status(_ path: String) -> stat {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return info
    }

    private let messy = "currency   EUR\n2026-01-01   Cash   Fun   -1.00\n"

    func testFmtRefusesAReadOnlyFileAndLeavesItAlone() throws {
        let path = try write("budget.tally", messy, mode: 0o444)
        let before = status(path)
        let result = try TallyBinary.run(["fmt", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "tally fmt: cannot write `\(path)`: the file is read-only (its owner has no write permission); nothing was written\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), messy)
        let after = status(path)
        XCTAssertEqual(after.st_ino, before.st_ino)
        XCTAssertEqual(after.st_mode, before.st_mode)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["budget.tally"])
        // Checking and showing the diff still work: they write nothing.
        XCTAssertEqual(try TallyBinary.run(["fmt", "--check", path]).status, 1)
    }

    /// Needs root to give a file another owner; the read-only refusal above runs either way.
    func testFmtAndRecordKeepOwnerGroupAndMode() throws {
        try XCTSkipUnless(getuid() == 0, "giving a file another owner needs root")
        let budget = try write("budget.tally", messy, mode: 0o2640)
        XCTAssertEqual(chown(budget, 12345, 23456), 0)
        XCTAssertEqual(chmod(budget, 0o2640), 0)  // chown clears set-group-id
        let result = try TallyBinary.run(["fmt", budget])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: budget, encoding: .utf8), "currency EUR\n2026-01-01 Cash  Fun  -1.00\n")
        var info = status(budget)
        XCTAssertEqual([info.st_uid, info.st_gid], [12345, 23456])
        XCTAssertEqual(info.st_mode & 0o7777, 0o2640)

        let rules = try write(
            "rules.tally",
            """
            currency EUR
            wallet Checking bank opening 2000.00 on 2026-09-01
            expense Housing:Rent
            every month on 1 from 2026-10-01 as rent "Landlord" Checking Housing:Rent -950.00

            """, mode: 0o640)
        XCTAssertEqual(chown(rules, 12345, 23456), 0)
        let recorded = try TallyBinary.run(["record", rules, "rent", "--today", "2026-10-01"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(try String(contentsOfFile: rules, encoding: .utf8).contains("2026-10-01"))
        info = status(rules)
        XCTAssertEqual([info.st_uid, info.st_gid], [12345, 23456])
        XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    }

    /// Another user may write the file but not give a new file its owner: the rename would
    /// hand the file to them, so nothing is written (it used to be, owner and group changed).
    func testARewriteThatCannotKeepTheOwnerIsRefused() throws {
        try XCTSkipUnless(
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "needs root and setpriv to run as another user")
        XCTAssertEqual(chmod(folder, 0o777), 0)
        let path = try write("shared.tally", messy, mode: 0o666)
        let result = try TallyBinary.runShell("/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$TALLY\" fmt '\(path)'")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("could not be kept; nothing was written"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), messy)
        let info = status(path)
        XCTAssertEqual([info.st_uid, info.st_gid], [0, 0])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["shared.tally"])
    }

    func testRecordRefusesAReadOnlyFile() throws {
        let text = """
            currency EUR
            wallet Checking bank opening 2000.00 on 2026-09-01
            expense Housing:Rent
            every month on 1 from 2026-10-01 as rent "Landlord" Checking Housing:Rent -950.00

            """
        let rules = try write("rules.tally", text, mode: 0o444)
        let result = try TallyBinary.run(["record", rules, "rent", "--today", "2026-10-01"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("the file is read-only"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: rules, encoding: .utf8), text)
    }
}
