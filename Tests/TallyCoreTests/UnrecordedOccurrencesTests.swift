import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

/// `BudgetModel.unrecordedOccurrences` (what `tally record` writes) agrees with the
/// checks `tally check` makes (W0506 overdue, I0507 due today) on every budget in the
/// repository, and counts records, skips and look-alike transactions.
final class UnrecordedOccurrencesTests: XCTestCase {
    func testAgreesWithTheRecurringChecksOnEveryFile() throws {
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        var compared = 0
        for path in TestSupport.allTallyFiles() {
            guard let budget = try? BudgetLoader().load(path) else { continue }
            let run = Interpreter.run(budget, today: today)
            let unrecorded = run.model.unrecordedOccurrences(through: today)
            var overdue = Set<SourceLocation>(), dueToday = Set<SourceLocation>()
            for (r, dates) in unrecorded.enumerated() {
                if dates.contains(where: { $0 < today }) { overdue.insert(run.model.rules[r].location) }
                if dates.last == today { dueToday.insert(run.model.rules[r].location) }
            }
            let reported = { (code: DiagnosticCode) in
                Set(run.diagnostics.filter { $0.code == code }.map { SourceLocation(file: $0.file, range: $0.range) })
            }
            XCTAssertEqual(overdue, reported(.recurringOverdue), path)
            XCTAssertEqual(dueToday, reported(.recurringDueToday), path)
            compared += overdue.count + dueToday.count
        }
        XCTAssertGreaterThan(compared, 0, "some file in the repository has something due")
    }

    func testRecordsSkipsAndLookalikesEachCountOnce() throws {
        let source = """
            currency EUR
            wallet Checking bank opening 5000.00 on 2026-01-01
            expense Rent
            every month on 1 from 2026-01-01 as rent Checking Rent -900.00
            2026-01-01 Checking Rent -900.00 rule rent
            2026-02-01 skip rent
            2026-02-27 Checking Rent -900.00
            2026-05-03 Checking Rent -900.00 rule rent

            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": source])).load("b.tally")
        let model = Interpreter.run(budget, today: CivilDate(year: 2026, month: 6, day: 1)!).model
        let dates = model.unrecordedOccurrences(through: CivilDate(year: 2026, month: 7, day: 1)!)[0].map(\.description)
        // Jan recorded, Feb skipped, Mar by the look-alike of Feb 27 (a week early at most),
        // Apr missing, May recorded late, Jun and Jul open.
        XCTAssertEqual(dates, ["2026-04-01", "2026-06-01", "2026-07-01"])
    }
}
