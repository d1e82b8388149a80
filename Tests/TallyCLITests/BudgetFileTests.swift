import Foundation
import TallyTestSupport
import XCTest

/// The budget need not be named every time: `-f/--file` (repeatable), `TALLY_FILE`, and
/// options before the command; commands have short names. Run through the built binary.
final class BudgetFileTests: XCTestCase {
    let file = "examples/household.tally"

    func testFileFlagEnvironmentAndPositionalAgree() throws {
        let named = try TallyBinary.run(["balance", file])
        XCTAssertEqual(named.status, 0, named.stderr)
        for (arguments, environment) in [
            (["balance", "-f", file], [:]),
            (["balance", "--file=" + file], [:]),
            (["balance"], ["TALLY_FILE": file]),
            (["balance", file], ["TALLY_FILE": "examples/student.tally"]),  // a named file wins
            (["--today", "2026-11-22", "-f", file, "balance"], [:]),
            (["-f", file, "bal"], [:])
        ] {
            let result = try TallyBinary.run(arguments, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, named.stdout, "\(arguments) \(environment)")
        }
    }

    /// Two files read as one budget: the register holds the entries of both.
    func testRepeatedFileFlagReadsTheFilesAsOne() throws {
        let temporary = try TemporaryFolder("files")
        defer { temporary.remove() }
        let folder = temporary.url
        let a = folder.appendingPathComponent("a.tally"), b = folder.appendingPathComponent("b.tally")
        try "currency EUR\nwallet Cash cash opening 100\nexpense Food\n2026-11-01 \"Bakery\" Cash Food -3.00\n".write(to: a, atomically: true, encoding: .utf8)
        try "2026-11-02 \"Market\" Cash Food -7.00\n".write(to: b, atomically: true, encoding: .utf8)
        let result = try TallyBinary.run(["register", "-f", a.path, "-f", b.path, "--format", "csv"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains("Bakery") && result.stdout.contains("Market,,,-7.00,EUR,90.00"), result.stdout)
    }

    func testMissingAndUnreadableFiles() throws {
        let none = try TallyBinary.run(["balance"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("-f FILE, or set TALLY_FILE"), none.stderr)
        let missing = try TallyBinary.run(["balance", "-f", file, "-f", "no/such.tally"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "tally balance: cannot read `no/such.tally`: no such file\n")
        let env = try TallyBinary.run(["goals"], environment: ["TALLY_FILE": "no/such.tally"])
        XCTAssertEqual(env.status, 2)
        XCTAssertTrue(env.stderr.contains("cannot read `no/such.tally`"), env.stderr)
        let two = try TallyBinary.run(["balance", file, file])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.contains("reads one budget file"), two.stderr)
    }

    func testShortNamesAndPrefixes() throws {
        for (short, full) in [("bal", "balance"), ("reg", "register"), ("env", "envelopes"), ("fore", "forecast"), ("ins", "insights"), ("go", "goals")] {
            let a = try TallyBinary.run([short, file]), b = try TallyBinary.run([full, file])
            XCTAssertEqual(a.status, 0, "\(short): \(a.stderr)")
            XCTAssertEqual(a.stdout, b.stdout, short)
            XCTAssertEqual(try TallyBinary.run(["help", short]).stdout, try TallyBinary.run(["help", full]).stdout)
        }
        let ambiguous = try TallyBinary.run(["re", file])
        XCTAssertEqual(ambiguous.status, 2)
        XCTAssertTrue(ambiguous.stderr.hasPrefix("tally: `re` could be `register`, `report`, `record`"), ambiguous.stderr)
        XCTAssertTrue(try TallyBinary.run(["--help"]).stdout.contains("Short names: bal (balance), reg (register), env (envelopes)"))
    }
}
