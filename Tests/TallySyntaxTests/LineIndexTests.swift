import TallySyntax
import XCTest

final class LineIndexTests: XCTestCase {
    func testLinesEndAtAllThreeKindsOfLineBreak() {
        let index = LineIndex(SourceText(path: "x", text: "a\r\nbb\rccc\nd"))
        XCTAssertEqual(index.lineStarts, [0, 3, 6, 10])
        XCTAssertEqual(index.contentRange(ofLine: 0), ByteRange(start: 0, end: 1))
        XCTAssertEqual(index.contentRange(ofLine: 1), ByteRange(start: 3, end: 5))
        XCTAssertEqual(index.contentRange(ofLine: 3), ByteRange(start: 10, end: 11))
    }

    func testColumnsInBytesScalarsAndUTF16() {
        // "é" is 2 bytes, 1 scalar, 1 UTF-16 unit; "😀" is 4 bytes, 1 scalar, 2 UTF-16 units.
        let text = "é😀x"
        let index = LineIndex(SourceText(path: "x", text: text))
        let offsetOfX = 6
        XCTAssertEqual(index.position(of: offsetOfX).byteColumn, 6)
        XCTAssertEqual(index.scalarPosition(of: offsetOfX).column, 2)
        XCTAssertEqual(index.utf16Position(of: offsetOfX).column, 3)
        XCTAssertEqual(index.offset(line: 0, utf16Column: 3), offsetOfX)
        XCTAssertEqual(index.offset(line: 0, scalarColumn: 2), offsetOfX)
    }

    func testOutOfRangePositionsAreClamped() {
        let index = LineIndex(SourceText(path: "x", text: "ab\ncd"))
        XCTAssertEqual(index.offset(line: 0, utf16Column: 99), 2)
        XCTAssertEqual(index.offset(line: 99, utf16Column: 0), 5)
        XCTAssertEqual(index.position(of: -5).line, 0)
        XCTAssertEqual(index.position(of: 500).line, 1)
    }

    func testInvalidUTF8CountsOneColumnPerByte() {
        let index = LineIndex(SourceText(path: "x", bytes: [0x61, 0xFF, 0xFE, 0x62]))
        XCTAssertEqual(index.scalarPosition(of: 3).column, 3)
        XCTAssertEqual(index.utf16Position(of: 3).column, 3)
    }
}
