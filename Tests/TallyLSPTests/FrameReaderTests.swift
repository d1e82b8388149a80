import TallyLSP
import TallyTestSupport
import XCTest

final class FrameReaderTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] { frame(Array(body.utf8)) }
    private func bodies(_ events: [FrameEvent]) -> [String] {
        events.compactMap { if case .message(let b) = $0 { return String(decoding: b, as: UTF8.self) } else { return nil } }
    }

    /// Opening a large budget sends it in one message; once it is read, the reader must
    /// not keep the megabytes it grew to (it did: the whole buffer, compacted, was "copied"
    /// into an array that kept the same storage, 16 MB for a 10 MB budget).
    func testGivesBackTheRoomOfALargeMessageOnceRead() {
        var reader = FrameReader()
        let body = Array(#"{"text":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20) + Array(#""}"#.utf8)
        let stream = frame(body) + framed("{}")
        var events: [FrameEvent] = []
        var offset = 0
        while offset < stream.count {
            let end = min(offset + (1 << 16), stream.count)
            events += reader.feed(stream[offset ..< end])
            offset = end
        }
        XCTAssertEqual(events.count, 2)
        XCTAssertLessThan(reader.bufferCapacity, 1 << 20)
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

    /// pygls, pytest-lsp and lsp-devtools write this header: the length, then the type.
    func testAContentTypeAfterTheLengthIsRead() {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
        let stream = Array("Content-Length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(body)".utf8)
        var whole = FrameReader()
        XCTAssertEqual(whole.feed(stream + stream), [.message(Array(body.utf8)), .message(Array(body.utf8))])
        var split = FrameReader()
        var events: [FrameEvent] = []
        for byte in stream + stream { events += split.feed([byte]) }
        XCTAssertEqual(events, [.message(Array(body.utf8)), .message(Array(body.utf8))])
    }

    func testHeadersInAnyOrderAndCaseAndUnknownOnesAreRead() {
        var reader = FrameReader()
        let headers = [
            "content-type: application/vscode-jsonrpc; charset=utf8\r\nCONTENT-LENGTH:2\r\n\r\n",
            "X-Unknown: 1\r\ncontent-Length: \t2 \r\nX-Other:\r\n\r\n",
            "Content-Length: 2\r\ncontent-type: application/json\r\nContent-Length: 2\r\n\r\n"
        ]
        var stream: [UInt8] = []
        for header in headers { stream += Array(header.utf8) + Array("{}".utf8) }
        // Headers before the length are part of the header, not bytes outside a message.
        XCTAssertEqual(reader.feed(stream), [.message(Array("{}".utf8)), .message(Array("{}".utf8)), .message(Array("{}".utf8))])
    }

    func testHeaderLinesBeforeTheLengthArrivingAloneAreKept() {
        var reader = FrameReader()
        var events = reader.feed(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8))
        events += reader.feed(Array("Content-Len".utf8))
        events += reader.feed(Array("gth: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(events, [.message(Array("{}".utf8))])
    }

    func testConflictingLengthsDropTheHeader() {
        var reader = FrameReader()
        let events = reader.feed(Array("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8) + framed("[]"))
        XCTAssertEqual(bodies(events), ["[]"])
        XCTAssertTrue(events.contains { if case .skipped = $0 { return true } else { return false } })
    }

    func testATooLongLengthIsCutBeforeAHeaderThatStartsWithItsType() {
        var reader = FrameReader()
        let next = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 7\r\n\r\n{\"b\":2}"
        let events = reader.feed(Array("Content-Length: 500\r\n\r\n{\"a\":1}".utf8) + Array(next.utf8))
        XCTAssertEqual(bodies(events), [#"{"a":1}"#, #"{"b":2}"#])
    }

    /// Any mix of header styles, cut into pieces of any size, gives back every body.
    func testEveryHeaderStyleInRandomPiecesGivesEveryBody() {
        var random = TestSupport.SeededGenerator(seed: 12)
        let styles: [(Int) -> String] = [
            { "Content-Length: \($0)\r\n\r\n" },
            { "Content-Length: \($0)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" },
            { "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \($0)\r\n\r\n" },
            { "content-length:\($0)\r\nX-Anything: 1\r\n\r\n" }
        ]
        for _ in 0 ..< 50 {
            var stream: [UInt8] = []
            var expected: [String] = []
            for n in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                let body = #"{"jsonrpc":"2.0","id":\#(n),"params":{"text":"\#(String(repeating: "é\\n", count: Int.random(in: 0...300, using: &random)))"}}"#
                expected.append(body)
                stream += Array(styles.randomElement(using: &random)!(body.utf8.count).utf8) + Array(body.utf8)
            }
            var reader = FrameReader()
            var events: [FrameEvent] = []
            var i = 0
            while i < stream.count {
                let n = Int.random(in: 1 ... 700, using: &random)
                events += reader.feed(stream[i ..< min(i + n, stream.count)])
                i += n
            }
            XCTAssertEqual(events, expected.map { .message(Array($0.utf8)) })
        }
    }

    /// Random bytes built from the pieces of headers never trap or hang the reader, never
    /// give a body over the limit, and a clean message after them is read.
    func testRandomHeaderPiecesAreSurvived() {
        var random = TestSupport.SeededGenerator(seed: 7)
        let pieces = ["Content-Length:", "content-type: a", " ", "12", "9999", "\r\n", "\r\n\r\n", "\n", ":", "{}", "x", "\u{0}", "é", "}Content-Type: x"]
        for _ in 0 ..< 500 {
            var reader = FrameReader(maximumBodyLength: 1000)
            var stream: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 60, using: &random) { stream += Array(pieces.randomElement(using: &random)!.utf8) }
            var events: [FrameEvent] = []
            var i = 0
            while i < stream.count {
                let n = Int.random(in: 1 ... 50, using: &random)
                events += reader.feed(stream[i ..< min(i + n, stream.count)])
                i += n
            }
            for event in events {
                if case .message(let body) = event { XCTAssertLessThanOrEqual(body.count, 1000) }
            }
            // A body the garbage left pending (up to 9999 bytes) ends by its length; only a
            // declared length beyond what follows (digits run together) may swallow the rest.
            events = reader.feed([UInt8](repeating: 0x20, count: 10_000) + framed(#"{"last":1}"#))
            let swallowed = events.contains { if case .tooLarge(let n, _) = $0 { return n > 9_000 } else { return false } }
            if !swallowed {
                XCTAssertEqual(bodies(events).last, #"{"last":1}"#, String(decoding: stream, as: UTF8.self).debugDescription)
            }
        }
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
            events += reader.feed(stream[i ..< min(i + 37, stream.count)])
            i += 37
        }
        XCTAssertEqual(events.first, .tooLarge(huge.utf8.count, start: Array(huge.utf8)))
        XCTAssertEqual(bodies(events), ["{}"])
    }

    func testAHugeMessageKeepsOnlyItsStart() {
        var reader = FrameReader(maximumBodyLength: 100)
        let huge = Array((#"{"id":3,"params":""# + String(repeating: "x", count: 10_000) + #""}"#).utf8)
        let stream = Array("Content-Type: application/vscode-jsonrpc\r\nContent-Length: \(huge.count)\r\n\r\n".utf8) + huge + framed("{}")
        var events: [FrameEvent] = []
        var i = 0
        while i < stream.count {
            events += reader.feed(stream[i ..< min(i + 37, stream.count)])
            i += 37
        }
        XCTAssertEqual(events, [.tooLarge(huge.count, start: Array(huge[..<FrameReader.startLength])), .message(Array("{}".utf8))])
    }

    func testAnEndlessHeaderIsGivenUpOn() {
        var reader = FrameReader()
        var events = reader.feed(Array(("Content-Length: 2" + String(repeating: "x", count: 10_000)).utf8))
        events += reader.feed(framed("{}"))
        XCTAssertEqual(bodies(events), ["{}"])
    }
}
