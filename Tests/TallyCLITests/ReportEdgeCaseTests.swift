import Foundation
import TallyTestSupport
import XCTest

/// Reports on budgets at the edges: months of net refunds, the last month of the
/// calendar, and an `--html` target that is not a page.
final class ReportEdgeCaseTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: String { temporary.path }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("report-edges")
        let budget = """
            currency EUR
            wallet Cash cash opening 100
            expense Food
            2026-10-03 Cash Food -100.00
            2026-11-03 Cash Food +20.00

            """
        try budget.write(toFile: folder + "/b.tally", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    func testAMonthOfNetRefundsGetsNoBar() throws {
        let result = TallyInProcess.run(["report", folder + "/b.tally", "--months", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("2026-11    0.00   -20.00    20.00\n"), result.stdout)
    }

    func testTheLastMonthOfTheCalendarIsShown() throws {
        let result = TallyInProcess.run(["report", folder + "/b.tally", "--month", "9999-12", "--months", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("9999-12"), result.stdout)
    }

    func testTheHTMLPageNeverReplacesABudgetOrAnotherFile() throws {
        let budgetPath = folder + "/b.tally"
        let before = try Data(contentsOf: URL(fileURLWithPath: budgetPath))
        let overBudget = TallyInProcess.run(["report", budgetPath, "--html", budgetPath])
        XCTAssertEqual(overBudget.status, 2)
        XCTAssertTrue(overBudget.stderr.contains("will not write"), overBudget.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: budgetPath)), before)

        let notes = folder + "/notes.txt"
        try "my notes\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let overNotes = TallyInProcess.run(["report", budgetPath, "--html", notes])
        XCTAssertEqual(overNotes.status, 2)
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "my notes\n")

        let page = folder + "/report.html"
        XCTAssertEqual(TallyInProcess.run(["report", budgetPath, "--html", page]).status, 0)
        XCTAssertEqual(TallyInProcess.run(["report", budgetPath, "--html", page]).status, 0, "an earlier page may be replaced")
    }
}
