import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

/// The interpreter gets whatever the parser recovered from damaged files, and must never
/// crash, hang or trap on it.
final class InterpreterRobustnessTests: XCTestCase {
    func testMutatedExamplesNeverCrashTheInterpreter() throws {
        var random = TestSupport.SeededGenerator(seed: 0xB0D6E7)
        let examples = TestSupport.files(in: "examples", withExtension: "tally")
        let sources = try examples.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let interesting: [UInt8] = Array(" \t\n\"';,#=@->.%:0123456789-+".utf8) + [0x00, 0xFF]
        let today = CivilDate(year: 2026, month: 11, day: 22)!
        for round in 0 ..< 300 {
            var bytes = sources[round % sources.count]
            for _ in 0 ..< Int.random(in: 1 ... 10, using: &random) {
                guard !bytes.isEmpty else { break }
                let i = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0: bytes.removeSubrange(i ..< min(bytes.count, i + Int.random(in: 1 ... 30, using: &random)))
                case 1: bytes.insert(contentsOf: bytes[i ..< min(bytes.count, i + 60)], at: i)
                case 2: bytes.swapAt(i, Int.random(in: 0 ..< bytes.count, using: &random))
                default: bytes[i] = interesting.randomElement(using: &random)!
                }
            }
            let provider = InMemoryFileProvider(["m.tally": String(decoding: bytes, as: UTF8.self)])
            let budget = try BudgetLoader(provider: provider).load("m.tally")
            let (model, diagnostics) = Interpreter.run(budget, today: today)
            // Every diagnostic points into the file, and queries answer.
            for d in diagnostics { XCTAssertLessThanOrEqual(d.range.end, budget.root.tree.source.bytes.count, d.message) }
            for w in model.wallets.indices { _ = model.balance(of: w, at: today) }
            for g in model.goals.indices { _ = model.goalStatus(g, at: today) }
        }
    }

    func testExtremeSchedulesAndAmountsStayBounded() throws {
        let text = """
            currency EUR
            wallet Cash cash opening 50000000000000000.00
            expense Fun
            income Salary
            envelope Daily 1 weekly for Fun rollover
            every day from 0001-01-01 until 0001-03-01 as old Cash Fun -0.01
            every 10000 years from 2026-01-01 Cash Fun -1
            every month on 31 from 9999-11-30 Cash Fun -1
            0001-01-02 Cash Salary +50000000000000000.00
            9999-12-31 Cash Fun -0.01
            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["x.tally": text])).load("x.tally")
        let (_, diagnostics) = Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!)
        XCTAssertTrue(diagnostics.contains { $0.code == .numericOverflow })
        XCTAssertTrue(diagnostics.contains { $0.code == .futureDated })
    }

    /// An alert on an envelope of a currency with 18 decimals once asked Money for a
    /// threshold at scale 20, which trapped.
    func testAnAlertInACurrencyWithEighteenDecimalsIsChecked() throws {
        let text = """
            currency ETH decimals 18
            wallet Chain cash opening 1
            expense Fees
            envelope Gas 0.001 monthly for Fees alert 50%
            2026-11-02 Chain Fees -0.0006
            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["x.tally": text])).load("x.tally")
        let (_, diagnostics) = Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!)
        XCTAssertEqual(diagnostics.map(\.code), [.envelopeAlert])
    }
}
