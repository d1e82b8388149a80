import TallyFormat
import TallySyntax
import XCTest

/// The library entry points the language server calls: edits for a whole document or a
/// range, and the guard's refusal.
final class FormatEditsTests: XCTestCase {
    let text = "2026-01-01   Cash   Fun   -1.00\n2026-01-02 Cash Fun -22.00\n\n2026-02-01   Cash   Fun   -3.00\n"

    func testWholeDocumentEditsTouchOnlyWhitespace() {
        let tree = Parser.parse(text)
        let edits = Formatter.edits(tree)
        XCTAssertFalse(edits.isEmpty)
        for edit in edits {
            XCTAssertTrue(edit.replacement.allSatisfy { $0 == " " || $0 == "\n" }, "\(edit)")
            let replaced = tree.source.text(in: edit.range)
            XCTAssertTrue(replaced.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" }, "\(edit)")
        }
        XCTAssertEqual(
            String(decoding: FormatAssertions.apply(edits, to: Array(text.utf8)), as: UTF8.self),
            "2026-01-01 Cash  Fun   -1.00\n2026-01-02 Cash  Fun  -22.00\n\n2026-02-01 Cash  Fun  -3.00\n")
    }

    func testRangeEditsStayInsideTheLinesOfTheRange() {
        let tree = Parser.parse(text)
        // The last line only: the first block keeps its layout.
        let start = text.utf8.count - "2026-02-01   Cash   Fun   -3.00\n".utf8.count
        let edits = Formatter.edits(tree, range: ByteRange(start: start + 3, end: start + 5))
        XCTAssertFalse(edits.isEmpty)
        XCTAssertTrue(edits.allSatisfy { $0.range.start >= start }, "\(edits)")
        XCTAssertEqual(
            String(decoding: FormatAssertions.apply(edits, to: Array(text.utf8)), as: UTF8.self),
            "2026-01-01   Cash   Fun   -1.00\n2026-01-02 Cash Fun -22.00\n\n2026-02-01 Cash  Fun  -3.00\n")
        // A cursor (an empty range) formats the line it is on.
        XCTAssertEqual(Formatter.edits(tree, range: .empty(at: 0)).map(\.range.start).max().map { $0 < 33 }, true)
    }

    /// Asked to stop (the server's request was cancelled), the formatter returns no edits;
    /// asked only after the layout, the same.
    func testEditsStopWhenAsked() {
        let tree = Parser.parse(text)
        XCTAssertEqual(Formatter.edits(tree, shouldStop: { true }), [])
        var asked = 0
        XCTAssertEqual(
            Formatter.edits(
                tree,
                shouldStop: {
                    asked += 1; return asked > 1
                }), [])
        XCTAssertEqual(asked, 2)
        XCTAssertFalse(Formatter.edits(tree, shouldStop: { false }).isEmpty)
    }

    func testFormattedDocumentHasNoEdits() {
        let tree = Parser.parse("2026-01-01 Cash  Fun  -1.00\n")
        XCTAssertEqual(Formatter.format(tree), .unchanged)
        XCTAssertEqual(Formatter.edits(tree), [])
    }

    func testGuardRefusesAnyChangeBeyondWhitespace() {
        let tree = Parser.parse("2026-01-01 Cash Fun -1.00\n")
        XCTAssertNil(WhitespaceGuard.check(original: tree, formatted: Array("2026-01-01  Cash Fun  -1.00\n".utf8)))
        // A changed byte, a lost comment, a joined line: all refused.
        XCTAssertNotNil(WhitespaceGuard.check(original: tree, formatted: Array("2026-01-01 Cash Fun -1.01\n".utf8)))
        let commented = Parser.parse("2026-01-01 Cash Fun -1.00 ; x\n")
        XCTAssertNotNil(WhitespaceGuard.check(original: commented, formatted: Array("2026-01-01 Cash Fun -1.00\n".utf8)))
        let split = Parser.parse("2026-01-01 \"S\" Cash\n    Fun -1.00\n")
        XCTAssertNotNil(WhitespaceGuard.check(original: split, formatted: Array("2026-01-01 \"S\" Cash Fun -1.00\n".utf8)))
        // Same bytes without whitespace, different structure: a split pulled out to column 1.
        XCTAssertNotNil(WhitespaceGuard.check(original: split, formatted: Array("2026-01-01 \"S\" Cash\nFun -1.00\n".utf8)))
        // `id:` is a key before a space and a name before a comment.
        let key = Parser.parse("2026-01-01 Cash Fun -1.00\n    id: x\n")
        XCTAssertNotNil(WhitespaceGuard.check(original: key, formatted: Array("2026-01-01 Cash Fun -1.00\n    id:x\n".utf8)))
    }

    func testEmptyAndBlankDocuments() {
        XCTAssertEqual(Formatter.format(Parser.parse("")), .unchanged)
        XCTAssertEqual(Formatter.format(Parser.parse("\n\n  \n")), .formatted([]))
        XCTAssertEqual(Formatter.format(Parser.parse("; only a comment")), .formatted(Array("; only a comment\n".utf8)))
    }
}
