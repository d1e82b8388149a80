import TallyLSP
import XCTest

final class FrameReaderTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] { frame(Array(body.utf8)) }
    private func bodies(_ events: [FrameEvent]) -> [String] {
        events.compactMap { if case .message(let b) = $0 { return String(decoding: b, as: UTF8.self) } else { return nil } }
    }

    func testReadsMessagesSplitAtEveryByte() {
        var reader = FrameReader()
        let stream = framed(#"{"a":1}"#) + framed(#"{"b":"é"}"#)
        var events: [FrameEvent] = []
        for byte in stream { events += reader.feed([byte]) }
        XCTAssertEqual(bodies(events), [#"{"a":1}"#, #"{"b":"é"}"#])
    }

    func testReadsSeveralMessagesInOneChunkAndOtherHeaders() {
        var reader = FrameReader()
        let stream = Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}".utf8) + framed("[]")
        XCTAssertEqual(bodies(reader.feed(stream)), ["{}", "[]"])
    }

    func testSkipsGarbageBeforeAHeader() {
        var reader = FrameReader()
        let events = reader.feed(Array("\u{0}\u{7f}garbage\r\n".utf8) + [0xFF, 0xFE] + framed("{}"))
        XCTAssertEqual(bodies(events), ["{}"])
        XCTAssertTrue(events.contains { if case .skipped = $0 { return true } else { return false } })
    }

    func testAHeaderWithoutLengthIsDroppedAndReadingGoesOn() {
        var reader = FrameReader()
        let events = reader.feed(Array("Content-Length: abc\r\n\r\n".utf8) + framed("{}"))
        XCTAssertEqual(bodies(events), ["{}"])
    }

    func testATooShortLengthGivesATruncatedBodyThenTheNextMessage() {
        var reader = FrameReader()
        let events = reader.feed(Array("Content-Length: 3\r\n\r\n{\"a\":1}".utf8) + framed("{}"))
        XCTAssertEqual(bodies(events).first, "{\"a")
        XCTAssertEqual(bodies(events).last, "{}")
    }

    func testATooLongLengthIsCutAtTheNextHeader() {
        var reader = FrameReader()
        let events = reader.feed(Array("Content-Length: 500\r\n\r\n{\"a\":1}".utf8) + framed(#"{"b":2}"#))
        XCTAssertEqual(bodies(events), [#"{"a":1}"#, #"{"b":2}"#])
    }

    func testAHugeMessageIsSkippedWithoutBeingKept() {
        var reader = FrameReader(maximumBodyLength: 100)
        let huge = "[" + String(repeating: "1,", count: 1000) + "1]"
        var events: [FrameEvent] = []
        let stream = framed(huge) + framed("{}")
        var i = 0
        while i < stream.count {
            events += reader.feed(stream[i..<min(i + 37, stream.count)])
            i += 37
        }
        XCTAssertEqual(events.first, .tooLarge(huge.utf8.count))
        XCTAssertEqual(bodies(events), ["{}"])
    }

    func testAnEndlessHeaderIsGivenUpOn() {
        var reader = FrameReader()
        var events = reader.feed(Array(("Content-Length: 2" + String(repeating: "x", count: 10_000)).utf8))
        events += reader.feed(framed("{}"))
        XCTAssertEqual(bodies(events), ["{}"])
    }
}
