import Foundation
import TallyTestSupport
import XCTest

/// The hand-computed household scenario of the interpreter tests (its figures are worked
/// out in the comments of Fixtures/reports/scenario.tally), asserted again through the
/// JSON output of the report commands: what a script reading the reports would see.
final class ReportScenarioTests: XCTestCase {
    static let file = "Tests/TallyCLITests/Fixtures/reports/scenario.tally"

    /// Runs a report with `--format json` and returns the parsed document.
    func json(_ arguments: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let parts = arguments.split(separator: " ").map(String.init)
        let result = TallyInProcess.run([parts[0], Self.file, "--format", "json", "--today", "2026-03-31"] + parts.dropFirst())
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], file: file, line: line)
    }

    /// The object in `list` whose `name` is `name`.
    func item(_ document: [String: Any], _ key: String, named name: String) throws -> [String: Any] {
        let list = try XCTUnwrap(document[key] as? [[String: Any]])
        return try XCTUnwrap(list.first { $0["name"] as? String == name }, "\(name) in \(key)")
    }

    func testBalances() throws {
        let january = try json("balance --at 2026-01-31")
        XCTAssertEqual(try item(january, "wallets", named: "Checking")["balance"] as? String, "2340.00")
        let february = try json("balance --at 2026-02-15")
        XCTAssertEqual(try item(february, "wallets", named: "Checking")["balance"] as? String, "3530.00")
        let march = try json("balance")
        XCTAssertEqual(try item(march, "wallets", named: "Checking")["balance"] as? String, "5630.00")
        XCTAssertEqual(try item(march, "wallets", named: "Savings")["balance"] as? String, "400.00")
        let dollars = try item(march, "wallets", named: "Dollars")
        XCTAssertEqual(dollars["balance"] as? String, "88.00")
        XCTAssertEqual(dollars["currency"] as? String, "USD")
        XCTAssertEqual(dollars["converted"] as? String, "79.20")  // 88 USD at 0.90
        XCTAssertEqual(march["total"] as? String, "6109.20")  // 5630 + 400 + 79.20
    }

    func testEnvelopeFigures() throws {
        // On 10 February only what happened through that day counts: 180 carried + 300
        // planned, 230.00 spent on the 5th; the move of the 15th not yet: 480 − 230 = 250.
        let tenth = try item(try json("envelopes --at 2026-02-10"), "envelopes", named: "Groceries")
        XCTAssertEqual(tenth["carriedIn"] as? String, "180.00")
        XCTAssertEqual(tenth["moved"] as? String, "0.00")
        XCTAssertEqual(tenth["spent"] as? String, "230.00")
        XCTAssertEqual(tenth["available"] as? String, "250.00")
        XCTAssertEqual(tenth["overspent"] as? Bool, false)
        let february = try item(try json("envelopes --at 2026-02-28"), "envelopes", named: "Groceries")
        XCTAssertEqual(february["carriedIn"] as? String, "180.00")
        XCTAssertEqual(february["planned"] as? String, "300.00")
        XCTAssertEqual(february["moved"] as? String, "10.00")
        XCTAssertEqual(february["spent"] as? String, "508.00")
        XCTAssertEqual(february["available"] as? String, "-18.00")
        XCTAssertEqual(february["overspent"] as? Bool, true)
        let march = try item(try json("envelopes --period 2026-03"), "envelopes", named: "Groceries")
        XCTAssertEqual(march["carriedIn"] as? String, "-18.00")
        XCTAssertEqual(march["available"] as? String, "182.00")
        XCTAssertEqual(march["overspent"] as? Bool, false)
        let funJanuary = try item(try json("envelopes --period 2026-01"), "envelopes", named: "Fun-money")
        XCTAssertEqual(funJanuary["filled"] as? String, "100.00")
        XCTAssertEqual(funJanuary["available"] as? String, "60.00")
        // On 1 February the fill of the 3rd has not happened: nothing carried, nothing yet.
        let funFirst = try item(try json("envelopes --at 2026-02-01"), "envelopes", named: "Fun-money")
        XCTAssertEqual(funFirst["carriedIn"] as? String, "0.00")
        XCTAssertEqual(funFirst["available"] as? String, "0.00")
        // The whole month: 50 filled − 10 moved out − 20 spent = 20.
        let funFebruary = try item(try json("envelopes --period 2026-02"), "envelopes", named: "Fun-money")
        XCTAssertEqual(funFebruary["available"] as? String, "20.00")
    }

    func testGoalFigures() throws {
        XCTAssertEqual(try item(try json("goals --at 2026-01-31"), "goals", named: "Trip")["saved"] as? String, "200.00")
        let trip = try item(try json("goals"), "goals", named: "Trip")
        XCTAssertEqual(trip["saved"] as? String, "400.00")
        XCTAssertEqual(trip["target"] as? String, "1200.00")
        XCTAssertEqual(trip["percent"] as? String, "33.3")
        XCTAssertEqual(trip["by"] as? String, "2026-12-31")
        XCTAssertEqual(trip["outlook"] as? String, "88.89 EUR a month until 2026-12-31")  // 800 over 9 months
    }

    func testRegisterAndMonthlyReport() throws {
        let rows = try XCTUnwrap(try json("register --wallet Checking --period 2026-02")["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.last?["balance"] as? String, "3230.00")
        XCTAssertEqual(rows.count, 7)  // rent, salary, two grocery splits, groceries, two transfers
        let report = try json("report --month 2026-02")
        XCTAssertEqual(report["income"] as? String, "2500.00")
        XCTAssertEqual(report["expense"] as? String, "1328.00")  // 800 rent + 508 groceries + 20 fun
        let groceries = try item(report, "categories", named: "Food:Groceries")
        XCTAssertEqual(groceries["current"] as? String, "508.00")  // 490 EUR and 20 USD at 0.90
        XCTAssertEqual(groceries["previous"] as? String, "120.00")
        XCTAssertEqual(groceries["change"] as? String, "388.00")
    }

    func testDueRespectsTheSkip() throws {
        // March's rent is skipped, so nothing is overdue at the end of March.
        let due = try XCTUnwrap(try json("due --days 1")["occurrences"] as? [[String: Any]])
        XCTAssertEqual(due.map { $0["date"] as? String }, ["2026-04-01"])
        XCTAssertEqual(due.first?["status"] as? String, "upcoming")
        let forecast = try json("forecast --until 2026-04-30")
        XCTAssertEqual(try item(forecast, "wallets", named: "Checking")["projected"] as? String, "4830.00")
    }
}
