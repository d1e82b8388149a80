import Foundation
import TallyInterop
import TallyTestSupport
import XCTest

/// Tally's `closed D` and beancount's `close D` are the same day (bookings up to and
/// including D): the export writes `close D`, the converter reads it back as `closed D`,
/// and bean-check accepts the assertion of the closing day (a `balance` on D+1) after
/// the close. docs/interop.md, "Closing dates", has the worked example tested here.
final class ClosingDateRoundTripTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("closing")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    func testTheClosingDaySurvivesABeancountRoundTrip() throws {
        let peer = try PeerJournal.require(.beancount)
        let budget = folder.appendingPathComponent("closing.tally")
        try """
        currency EUR

        wallet Checking    bank    opening 500.00 on 2026-01-01
        wallet 'Old Card'  credit  limit 1000  closed 2026-03-31

        expense Food

        2026-03-10 "Grocer"        'Old Card'  Food  -120.00
        2026-03-31 "last payment"  transfer Checking -> 'Old Card'  120.00
        2026-03-31 assert 'Old Card'  0.00

        """.write(to: budget, atomically: true, encoding: .utf8)
        XCTAssertEqual(try TallyBinary.run(["check", budget.path]).status, 0)

        let exported = folder.appendingPathComponent("closing.beancount").path
        let export = try TallyBinary.run(["export", "--to", "beancount", "-o", exported, budget.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let journal = try String(contentsOfFile: exported, encoding: .utf8)
        let close = try XCTUnwrap(journal.split(separator: "\n").first { $0.contains(" close ") }, journal)
        XCTAssertTrue(close.hasPrefix("2026-03-31 close Liabilities:"), String(close))
        // The end of March 31 is the start of April 1, after the close: beancount checks it.
        XCTAssertTrue(journal.contains("2026-04-01 balance Liabilities:"), journal)
        XCTAssertNil(try peer.check(exported))

        let converted = try TallyBinary.run(["convert", exported])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        XCTAssertTrue(converted.stdout.contains("closed 2026-03-31"), converted.stdout)
        XCTAssertFalse(converted.stdout.contains("closed 2026-04-01"), converted.stdout)
        XCTAssertTrue(converted.stdout.split(separator: "\n").contains { $0.hasPrefix("2026-03-31 assert") && $0.hasSuffix(" 0.00") }, converted.stdout)
    }

    func testABeancountPostingOnTheCloseDayStaysInside() throws {
        let peer = try PeerJournal.require(.beancount)
        let file = folder.appendingPathComponent("native.beancount").path
        try """
        2024-01-01 open Assets:Cash EUR
        2024-01-01 open Expenses:Food EUR
        2024-01-01 open Equity:Opening-Balances EUR

        2024-01-01 * "start"
          Assets:Cash      100.00 EUR
          Equity:Opening-Balances

        2024-01-31 * "last lunch"
          Expenses:Food    10.00 EUR
          Assets:Cash

        2024-01-31 close Assets:Cash

        """.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNil(try peer.check(file), "beancount books on the close day itself")
        let budget = folder.appendingPathComponent("native.tally").path
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, file])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let text = try String(contentsOfFile: budget, encoding: .utf8)
        XCTAssertTrue(text.contains("closed 2024-01-31"), text)
        let check = try TallyBinary.run(["check", budget])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}
