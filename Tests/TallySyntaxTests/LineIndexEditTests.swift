import TallyTestSupport
import XCTest

@testable import TallySyntax

/// An index updated after an edit equals the index of the edited text built from scratch,
/// whatever the line endings on either side of the edit.
final class LineIndexEditTests: XCTestCase {
    func testEditsAmongMixedLineEndingsGiveTheIndexOfTheNewText() {
        var random = TestSupport.SeededGenerator(seed: 0x11E5)
        let alphabet: [[UInt8]] = ["\n", "\r", "\r\n", "a", "bc", "2026-01-01 ", "é", "\n\n"].map { Array($0.utf8) }
        for round in 0 ..< 3000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &random) { bytes += alphabet.randomElement(using: &random)! }
            var index = LineIndex(SourceText(path: "a", bytes: bytes))
            // A few edits in a row, each applied to the index the one before left.
            for step in 0 ..< 4 {
                let start = Int.random(in: 0 ... bytes.count, using: &random)
                let end = Int.random(in: start ... min(bytes.count, start + 4), using: &random)
                var inserted: [UInt8] = []
                for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) { inserted += alphabet.randomElement(using: &random)! }
                bytes.replaceSubrange(start ..< end, with: inserted)
                index = index.replacing(start ..< end, insertedCount: inserted.count, in: bytes)
                let fresh = LineIndex(SourceText(path: "a", bytes: bytes))
                XCTAssertEqual(index.lineStarts, fresh.lineStarts, "round \(round), step \(step): \(bytes)")
                if index.lineStarts != fresh.lineStarts { return }
            }
        }
    }

    func testTypingAtTheEndOfALargeText() {
        var bytes = Array(String(repeating: "2026-01-01 Cash Food -1\n", count: 1000).utf8)
        var index = LineIndex(SourceText(path: "a", bytes: bytes))
        for character in "2026-01-02 Bank\r\n    Food -2\r" {
            let inserted = Array(String(character).utf8)
            let at = bytes.count
            bytes += inserted
            index = index.replacing(at ..< at, insertedCount: inserted.count, in: bytes)
        }
        XCTAssertEqual(index.lineStarts, LineIndex(SourceText(path: "a", bytes: bytes)).lineStarts)
        XCTAssertEqual(index.lineCount, 1003)
    }
}
