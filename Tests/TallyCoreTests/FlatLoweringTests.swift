import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCore

/// The flat path of lowering (plain transactions read from the tree's arrays) must give
/// exactly what the general path gives: the same entries, field by field, and the same
/// diagnostics in the same order, on clean, faulty and damaged files alike.
final class FlatLoweringTests: XCTestCase {
    /// Lowers `budget` with and without the flat path and fails on any difference.
    func assertBothPathsAgree(_ budget: Budget, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        var flat = Lowering()
        flat.lower(budget)
        var general = Lowering()
        general.usesFlatPath = false
        general.lower(budget)
        XCTAssertEqual(flat.entries.count, general.entries.count, name, file: file, line: line)
        for (a, b) in zip(flat.entries, general.entries) {
            func described(_ e: Entry) -> String {
                "\(e.date) \(e.kind) \(String(reflecting: e.payee)) \(String(reflecting: e.note)) \(e.tags) "
                    + "\(String(reflecting: e.bankID)) \(String(reflecting: e.goal)) \(String(reflecting: e.rule)) "
                    + "\(String(reflecting: e.by)) \(e.location) \(e.order)"
            }
            let (x, y) = (described(a), described(b))
            if x != y {
                XCTFail("\(name): entries differ\n\(x)\n\(y)", file: file, line: line)
                return
            }
        }
        func described(_ d: Diagnostic) -> String { "\(d.code) \(d.file) \(d.range) \(d.message) \(d.help ?? "") \(d.fixes.count)" }
        XCTAssertEqual(flat.diagnostics.map(described), general.diagnostics.map(described), name, file: file, line: line)
        XCTAssertEqual(flat.walletSeen, general.walletSeen, name, file: file, line: line)
        XCTAssertEqual(flat.walletUsed, general.walletUsed, name, file: file, line: line)
    }

    /// The flat reading of an entry's payee, note, tags and bank id equals the typed
    /// views' on every dated entry of `budget`.
    func assertPartsMatchTheViews(_ budget: Budget, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        var lowering = Lowering()
        for budgetFile in budget.files {
            let flat = FlatSyntax(budgetFile.tree)
            for node in budgetFile.tree.entries where node.kind.isDatedEntry {
                let parts = lowering.datedParts(node.index, flat)
                let view = AnyDated(node: node)
                XCTAssertEqual(parts.payee, view.payee, name, file: file, line: line)
                XCTAssertEqual(parts.note, view.note, name, file: file, line: line)
                XCTAssertEqual(parts.tags, view.tags, name, file: file, line: line)
                XCTAssertEqual(parts.bankID, view.metadata("id"), name, file: file, line: line)
            }
        }
    }

    func testExamplesLowerAlikeOnBothPaths() throws {
        let files = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 40)
        for path in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
            assertBothPathsAgree(budget, path)
            assertPartsMatchTheViews(budget, path)
        }
    }

    func testTrickyTransactionsLowerAlikeOnBothPaths() throws {
        let text = """
            currency EUR
            currency JPY decimals 0
            wallet Checking bank opening 100.00
            wallet 'Old Amex' credit limit 500
            wallet 'Tab\\'s' cash
            wallet Yen currency JPY
            expense Food:Groceries, 'Eating out', Fun
            income Salary
            goal Trip 500.00
            payee "Tesco" Food:Groceries
            every month on 1 from 2026-01-01 as rent Checking Fun -10.00
            2026-01-02 "ACME" "January" Checking Salary +2800.00 #work #a
            2026-01-03 'Old Amex' 'Eating out' -12.50 by Ben goal Trip rule rent
            2026-01-03 'Tab\\'s' Fun -1.00 by 'Ann Lee'
            2026-01-04 "Tesco" Checking -66.20
                id: "DE-1"
                receipt: 44
            2026-01-04 "Tesco" Checking -66.20
                id: DE-2
            2026-01-05 "Nobody" Checking -3.00
            2026-01-05 Checking Food:Grocerie -3.00
            2026-01-05 Chequing Fun -3.00
            2026-01-05 Checking Fun -3.001
            2026-01-05 Checking Fun -3.00 USD
            2026-01-05 Checking Fun -3.00 EUR
            2026-01-05 Yen Fun -300
            2026-01-05 Yen Fun -300.5
            2026-01-05 Checking Fun 99999999999999999999
            2026-01-05 Checking Fun -3.00 goal Trp rule rnt by
            2026-01-05 Checking Fun
            2026-01-06 "Rewe" Checking
                Food:Groceries  -20.00
                Fun
            2026-01-06 "Rewe" Checking Fun -20.00
                Food:Groceries  -20.00
            2026-01-06 Checking -30.00
                Food:Groceries  -20.00
                Fun             -11.00
            2026-01-06 Checking
                Food:Groceries
                Fun
            2026-01-06 Checking -5.00
                Food:Groceries
                Fun
                Nope  -1.00
            2026-01-06 Checking
                Food:Groceries  -1.005
                Fun  -2.00 USD
            2026-01-06 'Old Amex'
                Food:Groceries  -9000000000000000000
                Fun  -9000000000000000000
            2026-01-06 Checking
                Food:Groceries  -1.00 #t "n"
                'Eating out'  -2.00
                id: S-1
            2026-01-07 "Caf\\"e" "n\\"ote" Checking Fun -2.00 #x
            2026-01-08 "Café" Checking Fun -2.00
            2026-01-09 transfer Checking -> Yen 10.00 = 1500
            2026-01-09 transfer Checking -> Yen 10.00 @ 150 JPY
            2026-01-09 transfer Checking -> Yen 10.00
            2026-01-09 transfer Checking -> 'Old Amex' 10.00 goal Trip #t
            2026-01-09 transfer Chequing -> 'Old Amex' 10.001
                id: T-1
            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": text])).load("m.tally")
        assertBothPathsAgree(budget, "tricky")
        assertPartsMatchTheViews(budget, "tricky")
        var lowering = Lowering()
        lowering.lower(budget)
        // The file has entries of every shape the flat path reads; a test of nothing cannot pass.
        XCTAssertGreaterThanOrEqual(lowering.entries.count, 8)
        XCTAssertGreaterThan(lowering.diagnostics.count, 5)
    }

    func testDamagedExamplesLowerAlikeOnBothPaths() throws {
        var random = TestSupport.SeededGenerator(seed: 0xF1A7)
        let sources = try TestSupport.files(in: "examples", withExtension: "tally").map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let interesting: [UInt8] = Array(" \t\n\"'\\;,#=@->.%:0123456789-+".utf8) + [0x00, 0xFF]
        for round in 0 ..< 200 {
            var bytes = sources[round % sources.count]
            for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                guard !bytes.isEmpty else { break }
                let i = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 3, using: &random) {
                case 0: bytes.removeSubrange(i ..< min(bytes.count, i + Int.random(in: 1 ... 20, using: &random)))
                case 1: bytes.swapAt(i, Int.random(in: 0 ..< bytes.count, using: &random))
                default: bytes[i] = interesting.randomElement(using: &random)!
                }
            }
            let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": String(decoding: bytes, as: UTF8.self)])).load("m.tally")
            assertBothPathsAgree(budget, "round \(round)")
            assertPartsMatchTheViews(budget, "round \(round)")
        }
    }
}
