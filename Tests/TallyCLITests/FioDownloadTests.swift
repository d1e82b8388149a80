import Foundation
import TallyTestSupport
import XCTest

/// `tally import --from fio` against a replay of Fio banka's API on 127.0.0.1
/// (`Fixtures/fio-api/replay.py`, started by each test and stopped after it): the
/// movements since the last imported Fio movement, each once; the token never in any
/// output or in the budget; and a refused, busy, cut or dropped download writes nothing.
/// XCTest, for `ExternalTool`'s skip-or-fail rule for python3.
final class FioDownloadTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var server: Process!
    private var port = 0
    private var log: String { temporary.path("requests.log") }

    override func setUpWithError() throws {
        let python = try ExternalTool.require("python3")
        temporary = try TemporaryFolder("fio-download")
        let fixtures = TestSupport.path("Tests/TallyCLITests/Fixtures")
        let budget = try String(contentsOfFile: fixtures + "/import/formats-budget.tally", encoding: .utf8)
            .replacingOccurrences(of: #"import Ucet       account "2000123456""#, with: #"import Ucet       account "2000123456"  token "env:FIO_TOKEN""#)
        _ = try temporary.write(budget, to: "budget.tally")
        server = Process()
        server.executableURL = python.url
        server.arguments = [fixtures + "/fio-api/replay.py", fixtures + "/import/fio.json", log]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        // The first line is the port the server listens on.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        port = try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the replay server did not say its port")
    }

    override func tearDownWithError() throws {
        if server?.isRunning == true { server.terminate() }
        server?.waitUntilExit()
        temporary?.remove()
    }

    private func importFio(token: String) -> TallyBinary.Result {
        TallyInProcess.run(
            ["import", temporary.path("budget.tally"), "--from", "fio", "--today", "2026-04-03"],
            environment: ["FIO_TOKEN": token, "TALLY_FIO_TEST_URL": "http://127.0.0.1:\(port)"])
    }

    private func requests() throws -> [String] { try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init) }

    func testTheMovementsSinceTheLastImportedOneArriveOnceAndTheTokenIsNeverShown() throws {
        let token = "good-7Hq2VxP0"
        let first = importFio(token: token)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Import into Ucet from Fio banka (Fio JSON): 3 movements\n  added            3"), first.stdout)
        XCTAssertTrue(first.stdout.contains("balance          2026-03-31 assert Ucet 54001.00"), first.stdout)
        let once = try temporary.read("budget.tally")
        XCTAssertTrue(once.contains(#"id: "26540001377""#))
        // No movement imported from Fio yet: the last 90 days, 2026-01-04 through today.
        XCTAssertEqual(try requests(), ["/periods/\(token)/2026-01-04/2026-04-03/transactions.json"])
        // Again: from the day of the last Fio movement (2026-03-15); nothing new.
        let second = importFio(token: token)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("  added            0\n"), second.stdout)
        XCTAssertEqual(try requests().last, "/periods/\(token)/2026-03-15/2026-04-03/transactions.json")
        XCTAssertEqual(try temporary.read("budget.tally"), once)
        for text in [first.stdout, first.stderr, second.stdout, second.stderr, once] { XCTAssertFalse(text.contains("7Hq2VxP0")) }
    }

    func testARefusedBusyCutOrDroppedDownloadWritesNothingAndSaysWhy() throws {
        let before = try temporary.read("budget.tally")
        let cases: [(token: String, says: String)] = [
            ("bad-9sK3mW1z", "Fio banka: the bank refused the request (HTTP 500): the token is mistyped, expired"),
            ("busy-4Tn8Rq2c", "Fio banka: the bank allows one download per token every 30 seconds"),
            ("cut-6Lp1Zx7v", "the download cannot be read whole: not well-formed JSON"),
            ("drop-2Wd5Yh8k", "Fio banka: the download failed: the connection failed or was cut off before the whole answer came")
        ]
        for (token, says) in cases {
            let result = importFio(token: token)
            XCTAssertEqual(result.status, 2, "\(token): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(says) && result.stderr.hasSuffix("; nothing written\n"), "\(token): \(result.stderr)")
            // Said once, in words: no doubled prefix, no error number.
            XCTAssertFalse(result.stderr.contains("Fio banka: Fio banka") || result.stderr.contains("URLError"), result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains(String(token.dropFirst(token.firstIndex(of: "-")!.utf16Offset(in: token) + 1))), result.stderr)
            XCTAssertEqual(try temporary.read("budget.tally"), before, token)
        }
    }

    func testAMissingTokenOrAForeignTestURLIsRefusedBeforeAnyRequest() throws {
        let unset = TallyInProcess.run(
            ["import", temporary.path("budget.tally"), "--from", "fio", "--today", "2026-04-03"], environment: ["TALLY_FIO_TEST_URL": "http://127.0.0.1:\(port)"])
        XCTAssertEqual(unset.status, 2)
        XCTAssertTrue(unset.stderr.contains("the environment variable FIO_TOKEN, which the profile names for the token, is not set"), unset.stderr)
        let foreign = TallyInProcess.run(
            ["import", temporary.path("budget.tally"), "--from", "fio", "--today", "2026-04-03"],
            environment: ["FIO_TOKEN": "good-1", "TALLY_FIO_TEST_URL": "http://192.0.2.1:\(port)"])
        XCTAssertEqual(foreign.status, 2)
        XCTAssertTrue(foreign.stderr.contains("may name only this machine"), foreign.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: log), "no request should have been made")
    }
}
