import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCore

/// Entries lowered in two parts and joined (as large budgets are, on two cores) give
/// exactly what lowering them in one pass gives: the same entries field by field, in the
/// same order and numbering, the same diagnostics in the same order, the same wallets
/// seen — wherever the cut falls.
final class ConcurrentLoweringTests: XCTestCase {
    func testExamplesLowerAlikeCutBeforeEveryEntry() throws {
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 40)
        var cuts = 0
        for path in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
            cuts += assertEveryCutAgrees(budget, path)
        }
        XCTAssertGreaterThan(cuts, 300)
    }

    func testCutsAcrossIncludedFilesAgree() throws {
        let budget = try BudgetLoader(
            provider: InMemoryFileProvider([
                "main.tally": """
                include "b.tally"
                currency EUR
                wallet Cash cash
                expense Food
                2026-01-02 Cash Food -1.00 #a
                2026-01-03 Cash Fod -2.00
                """,
                "b.tally": """
                wallet Bank bank
                2026-01-01 "Shop" Bank Food -3.00
                2026-01-01 Bnk Food -3.00
                2026-01-04 transfer Bank -> Cash 5.00
                """
            ])
        ).load("main.tally")
        XCTAssertEqual(budget.files.count, 2)
        XCTAssertGreaterThan(assertEveryCutAgrees(budget, "two files"), 8)
    }

    func testLargeBudgetsTakeTheConcurrentPath() throws {
        let path = TestSupport.path("examples/household.tally")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
        XCTAssertNotNil(EntryRange.halves(of: budget, minimumNodes: 0))
        var whole = Lowering()
        whole.concurrentLoweringThreshold = .max
        whole.lower(budget)
        var concurrent = Lowering()
        concurrent.concurrentLoweringThreshold = 0
        concurrent.lower(budget)
        assertSame(concurrent, whole, "concurrent")
    }

    // MARK: Helpers

    /// Compares the one-pass lowering with a cut before every top-level node of every file;
    /// returns the number of cuts.
    private func assertEveryCutAgrees(_ budget: Budget, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var whole = Lowering()
        whole.concurrentLoweringThreshold = .max
        whole.lower(budget)
        var cuts = 0
        for (k, budgetFile) in budget.files.enumerated() {
            let flat = FlatSyntax(budgetFile.tree)
            var node = 1
            while true {
                var parts = Lowering()
                parts.cutForTesting = (k, node)
                parts.lower(budget)
                assertSame(parts, whole, "\(name) cut at \(k):\(node)", file: file, line: line)
                cuts += 1
                guard node < flat.nodeCount else { break }
                node = flat.subtreeEnd(node)
            }
        }
        return cuts
    }

    private func assertSame(_ a: Lowering, _ b: Lowering, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        func described(_ e: Entry) -> String {
            "\(e.date) \(e.kind) \(String(reflecting: e.payee)) \(String(reflecting: e.note)) \(e.tags) "
                + "\(String(reflecting: e.bankID)) \(String(reflecting: e.goal)) \(String(reflecting: e.rule)) "
                + "\(String(reflecting: e.by)) \(e.location) \(e.order)"
        }
        XCTAssertEqual(a.entries.map(described), b.entries.map(described), name, file: file, line: line)
        XCTAssertEqual(a.diagnostics, b.diagnostics, name, file: file, line: line)
        XCTAssertEqual(a.walletSeen, b.walletSeen, name, file: file, line: line)
        XCTAssertEqual(a.walletUsed, b.walletUsed, name, file: file, line: line)
    }
}
