import TallyCore
import TallySyntax
import XCTest

/// Duplicate bank ids are found whether ids are compared by their bytes (all ASCII) or
/// as strings (canonically equivalent spellings count as the same id).
final class BankIDTests: XCTestCase {
    func duplicateIDLines(_ ids: [String]) throws -> [Int] {
        var text = "currency EUR\nwallet Checking opening 100.00\nexpense Food\n"
        for (i, id) in ids.enumerated() {
            text += "2026-01-0\(i + 1) \"Shop \(i)\" Checking Food -1.00\n    id: \"\(id)\"\n"
        }
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let (_, diagnostics) = Interpreter.run(budget, today: CivilDate(year: 2026, month: 11, day: 22)!)
        let lines = LineIndex(budget.root.tree.source)
        return diagnostics.filter { $0.code == .duplicateID }.map { lines.position(of: $0.range.start).line }
    }

    func testASCIIIdsAreComparedByTheirBytes() throws {
        XCTAssertEqual(try duplicateIDLines(["A-1", "A-2", "A-1", "a-1"]), [7])
    }

    func testEquivalentSpellingsCountAsOneId() throws {
        // "é" precomposed, then as "e" and a combining accent: the same id to a reader.
        XCTAssertEqual(try duplicateIDLines(["Caf\u{E9}-1", "X-1", "Cafe\u{301}-1"]), [7])
    }

    func testAnIdMetAfterTheFirstThatIsNotASCIIIsStillCompared() throws {
        // Ids are compared by their bytes until the first one that is not ASCII: the
        // ASCII ids met before it still count. "K" and the Kelvin sign U+212A are the same
        // id to a reader (canonically equivalent); "B-1" repeats after the switch.
        XCTAssertEqual(try duplicateIDLines(["K-1", "B-1", "\u{212A}-1", "B-1"]), [7, 9])
    }
}
