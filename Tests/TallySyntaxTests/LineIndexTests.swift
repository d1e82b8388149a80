import TallySyntax
import XCTest

final class LineIndexTests: XCTestCase {
    func testAnyColumnAClientSendsIsClampedNeverATrap() {
        let index = LineIndex(SourceText(path: "x", text: "ab\ncd\n"))
        XCTAssertEqual(index.offset(line: 1, byteColumn: Int.max), 5)
        XCTAssertEqual(index.offset(line: 1, byteColumn: Int.min), 3)
        XCTAssertEqual(index.offset(line: 1, utf16Column: Int.max), 5)
        XCTAssertEqual(index.offset(line: 1, scalarColumn: Int.max), 5)
    }

    func testLinesEndAtAllThreeKindsOfLineBreak() {
        let index = LineIndex(SourceText(path: "x", text: "a\r\nbb\rccc\nd"))
        XCTAssertEqual(index.lineStarts, [0, 3, 6, 10])
        XCTAssertEqual(index.contentRange(ofLine: 0), ByteRange(start: 0, end: 1))
        XCTAssertEqual(index.contentRange(ofLine: 1), ByteRange(start: 3, end: 5))
        XCTAssertEqual(index.contentRange(ofLine: 3), ByteRange(start: 10, end: 11))
    }

    func testLineBreaksAreFoundAtEveryPositionWithinAWord() {
        // The index skips eight bytes at a time; a break at any offset, a CR LF split
        // across two words, and bytes that differ from a break by one bit must all count.
        var random = SeededBytes(seed: 7)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x0B, 0x0C, 0x8A, 0x8D, 0x09, 0x20, 0x41, 0xFF, 0x00]
        for length in 0 ..< 80 {
            for _ in 0 ..< 20 {
                let bytes = (0 ..< length).map { _ in random.next() % 5 == 0 ? alphabet[Int(random.next() % 2)] : alphabet[Int(random.next() % UInt64(alphabet.count))] }
                var expected = [0]
                var i = 0
                while i < bytes.count {
                    if bytes[i] == 0x0A {
                        expected.append(i + 1)
                    } else if bytes[i] == 0x0D {
                        if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                        expected.append(i + 1)
                    }
                    i += 1
                }
                XCTAssertEqual(LineIndex(SourceText(path: "x", bytes: bytes)).lineStarts, expected, "\(bytes)")
            }
        }
    }

    /// A small deterministic generator (xorshift), so the test is the same on every run.
    struct SeededBytes {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
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
