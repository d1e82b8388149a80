import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCore

/// The checks run in two lanes at once on a large budget (`Walk+Lanes.swift`) give what
/// running them one after the other gives: the same figures and the same diagnostics in
/// the same order, the order of the checks.
final class WalkLanesTests: XCTestCase {
    /// One problem for each check, in the order the checks run: the ledger walk (W0505),
    /// envelopes (W0501), ready to assign (W0503), overlapping envelopes (W0504),
    /// recurring entries (W0506), goals (W0508) and unused wallets (I0512); the lanes
    /// alone would give walk, recurring, unused, then the envelope lane's four.
    let everyCheck = """
        currency EUR
        wallet Bank bank opening 10.00 on 2026-01-01
        wallet Spare cash
        income Salary
        expense Food, Food:Bakery, Fun
        envelope Food 50 monthly for Food from 2026-01-01
        envelope Bread 10 monthly for Food:Bakery from 2026-01-01
        goal Trip 1000 by 2026-01-10
        every month on 2 from 2026-01-02 as rent Bank Food -1.00
        2026-01-02 "Employer" Bank Salary 20.00
        2026-01-03 "Baker" Bank Food:Bakery -130.00
        2026-01-04 transfer Bank -> Bank 1.00 goal Trip
        2026-01-05 "Fair" Bank Fun -5.00

        """

    func testEachCheckReportsInItsPlaceBothWays() throws {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": everyCheck])).load("m.tally")
        let today = CivilDate(year: 2026, month: 1, day: 20)!
        let sequential = walk(budget, today: today, concurrently: false)
        let codes = sequential.diagnostics.map(\.code.rawValue)
        // Every check reported, in the order of the checks.
        let order = ["W0505", "W0501", "W0503", "W0504", "W0506", "W0508", "I0512"]
        XCTAssertEqual(codes.filter(order.contains).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }, order, "\(codes)")
        assertSame(walk(budget, today: today, concurrently: true), sequential, "every check")
    }

    func testExamplesAgreeBothWays() throws {
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 40)
        for path in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
            let today = CivilDate(year: 2026, month: 11, day: 22)!
            assertSame(walk(budget, today: today, concurrently: true), walk(budget, today: today, concurrently: false), path)
        }
    }

    /// A budget of `Walk.concurrentLanesThreshold` entries, walked as `Interpreter.run`
    /// walks it (the threshold left as it is), takes the two-lane path and agrees with the
    /// lanes run one after the other: the path large budgets take is the one checked. The
    /// 100k benchmark budget (100,000 entries, BENCHMARKS.md) is above the threshold.
    func testABudgetAtTheThresholdRunsTheLanesAtOnceAndAgrees() throws {
        var text = """
            currency EUR
            wallet Bank bank opening 100.00 on 2026-01-01
            income Salary
            expense Food
            envelope Food 50 monthly for Food from 2026-01-01

            """
        // Over 2026, 28 days a month, out of date order: one entry in ten is pay (30.00),
        // the rest food (1.00), so each month's envelope is overspent in the envelope lane
        // while the ledger lane walks the balance.
        for i in 0 ..< Walk.concurrentLanesThreshold {
            let month = i % 12 + 1, day = i / 12 % 28 + 1
            let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            text += i % 10 == 0 ? "\(date) Bank Salary 30.00\n" : "\(date) Bank Food -1.00\n"
        }
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["big.tally": text])).load("big.tally")
        let today = CivilDate(year: 2026, month: 12, day: 31)!
        var lowering = Lowering()
        lowering.lower(budget)
        var atOnce = Walk(lowering: lowering, today: today)
        atOnce.run()
        XCTAssertEqual(atOnce.entries.count, Walk.concurrentLanesThreshold)
        XCTAssertGreaterThanOrEqual(atOnce.entries.count, atOnce.lanesThreshold, "the walk takes the two-lane path")
        XCTAssertTrue(atOnce.diagnostics.contains { $0.code.rawValue == "W0501" }, "the envelope lane reported")
        var sequential = Walk(lowering: lowering, today: today)
        sequential.lanesThreshold = .max
        sequential.run()
        assertSame(atOnce, sequential, "at the threshold")
        XCTAssertLessThanOrEqual(Walk.concurrentLanesThreshold, 100_000, "the 100k benchmark budget must take the concurrent path")
    }

    // MARK: Helpers

    private func walk(_ budget: Budget, today: CivilDate, concurrently: Bool) -> Walk {
        var lowering = Lowering()
        lowering.lower(budget)
        var walk = Walk(lowering: lowering, today: today)
        walk.lanesThreshold = concurrently ? 0 : .max
        walk.run()
        return walk
    }

    private func assertSame(_ a: Walk, _ b: Walk, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.diagnostics, b.diagnostics, name, file: file, line: line)
        XCTAssertEqual("\(a.history)", "\(b.history)", name, file: file, line: line)
        XCTAssertEqual("\(a.balances)", "\(b.balances)", name, file: file, line: line)
        XCTAssertEqual("\(a.periods)", "\(b.periods)", name, file: file, line: line)
        XCTAssertEqual("\(a.envelopeSpans)", "\(b.envelopeSpans)", name, file: file, line: line)
        XCTAssertEqual("\(a.goalHistory)", "\(b.goalHistory)", name, file: file, line: line)
        XCTAssertEqual("\(a.readyToAssign)", "\(b.readyToAssign)", name, file: file, line: line)
        XCTAssertEqual(a.totalsAreExact, b.totalsAreExact, name, file: file, line: line)
    }
}
