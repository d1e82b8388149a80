import Foundation
import TallyCore
import TallyFormat
import TallySyntax
import TallyTestSupport
import XCTest

/// Formatting never changes what a budget means: the interpreter reports the same
/// problems, with the same messages, before and after.
final class FormatSemanticsTests: XCTestCase {
    let today = CivilDate(iso: "2026-11-22")!

    private func findings(_ text: String) throws -> [String] {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let (model, found) = Interpreter.run(budget, today: today)
        var facts = (budget.diagnostics + found).map { "\($0.code) \($0.severity) \($0.message)" }.sorted()
        // What the budget computes: every balance, envelope period and goal.
        for (i, wallet) in model.wallets.enumerated() { facts.append("wallet \(wallet.name) \(model.balance(of: i, at: today))") }
        for (i, envelope) in model.envelopes.enumerated() {
            for period in model.envelopeHistory(i) { facts.append("envelope \(envelope.name) \(period.start) \(period.spent) \(period.available)") }
        }
        for (i, goal) in model.goals.enumerated() { facts.append("goal \(goal.name) \(model.saved(towards: i, at: today))") }
        facts.append("entries \(model.entries.count)")
        return facts
    }

    /// Findings compared so far, so the test cannot pass by comparing nothing.
    private var compared = 0

    private func assertSameMeaning(_ bytes: [UInt8], _ label: String) throws {
        guard case .formatted(let output) = Formatter.format(Parser.parse(SourceText(path: "b.tally", bytes: bytes))) else { return }
        let before = try findings(String(decoding: bytes, as: UTF8.self))
        compared += before.count
        let after = try findings(String(decoding: output, as: UTF8.self))
            .filter { !$0.hasPrefix("W0217") }
        XCTAssertEqual(before.filter { !$0.hasPrefix("W0217") }, after, label)
    }

    func testExamplesMeanTheSameFormatted() throws {
        for path in TestSupport.files(in: "examples", withExtension: "tally") {
            try assertSameMeaning(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), path)
        }
        XCTAssertGreaterThan(compared, 10)
    }

    func testGeneratedBudgetsMeanTheSameFormatted() throws {
        var random = TestSupport.SeededGenerator(seed: 0x5E_3A_41)
        for round in 0 ..< 300 {
            try assertSameMeaning(Array(RandomBudget.make(using: &random).utf8), "round \(round)")
        }
        XCTAssertGreaterThan(compared, 300)
    }
}
