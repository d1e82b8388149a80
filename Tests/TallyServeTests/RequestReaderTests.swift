import Testing

@testable import TallyServe

/// The request reader: complete requests, requests still arriving, and every refusal with
/// its status, never a crash.
struct RequestReaderTests {
    let reader = RequestReader()

    func read(_ text: String) -> RequestReader.Outcome { reader.read(Array(text.utf8)) }

    func status(_ text: String) -> Int? {
        if case .refused(let status, _) = read(text) { return status.code }
        return nil
    }

    @Test func aGetIsReadWithItsPathQueryAndHeaders() throws {
        let text = "GET /register?period=2026-11&wallet=Cash%20box&q=a+b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Thing:  spaced  \r\n\r\n"
        guard case .complete(let request, let consumed) = read(text) else {
            Issue.record("not complete: \(read(text))")
            return
        }
        #expect(consumed == text.utf8.count)
        #expect(request.method == "GET")
        #expect(request.path == "/register")
        #expect(request.query.map { "\($0.0)=\($0.1)" } == ["period=2026-11", "wallet=Cash box", "q=a b"])
        #expect(request.header("host") == "127.0.0.1:8080")
        #expect(request.header("X-THING") == "spaced")
    }

    @Test func aPostWaitsForItsWholeBody() {
        let head = "POST /add HTTP/1.1\r\nHost: h\r\nContent-Length: 7\r\n\r\n"
        #expect(read(head + "amou") == .incomplete)
        guard case .complete(let request, _) = read(head + "amount=") else {
            Issue.record("not complete")
            return
        }
        #expect(request.body == Array("amount=".utf8))
    }

    @Test func bareLineFeedsAreAccepted() {
        guard case .complete(let request, _) = read("GET / HTTP/1.1\nHost: h\n\n") else {
            Issue.record("not complete")
            return
        }
        #expect(request.path == "/")
    }

    @Test func aHeadNotYetEndedIsIncomplete() {
        #expect(read("GET / HTTP/1.1\r\nHost: h\r\n") == .incomplete)
        #expect(read("") == .incomplete)
    }

    @Test func malformedRequestsAre400() {
        #expect(status("GET\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET  / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET http://evil.example/ HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET /a b HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nno colon here\r\nHost: h\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400, "no Host")
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400, "two Hosts")
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: h\u{01}\r\n\r\n") == 400)
        #expect(status("G\u{FF}T / HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
    }

    @Test func otherMethodsAre405AndOtherVersions505() {
        #expect(status("DELETE / HTTP/1.1\r\nHost: h\r\n\r\n") == 405)
        #expect(status("PUT / HTTP/1.1\r\nHost: h\r\n\r\n") == 405)
        #expect(status("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
        #expect(HTTPResponse.text("x", status: .methodNotAllowed).bytes().containsHeader("Allow: GET, HEAD, POST"))
    }

    @Test func oversizedRequestsAreRefusedBeforeTheyEnd() {
        let long = "GET /" + String(repeating: "a", count: 9000)
        #expect(status(long) == 414, "a request line too long, still arriving")
        #expect(status(long + " HTTP/1.1\r\nHost: h\r\n\r\n") == 414)
        let many = "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"
        #expect(status(many) == 431)
        let huge = "GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-Long: \(String(repeating: "b", count: 4000))\r\n", count: 9)
        #expect(status(huge) == 431, "headers too large, still arriving")
        #expect(status("POST /add HTTP/1.1\r\nHost: h\r\nContent-Length: 1048577\r\n\r\n") == 413)
        #expect(status("POST /add HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n") == 400)
    }

    @Test func postsNeedALengthAndNoTransferCoding() {
        #expect(status("POST /add HTTP/1.1\r\nHost: h\r\n\r\n") == 411)
        #expect(status("POST /add HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
    }

    @Test func percentEscapesThatDoNotDecodeLeaveNoPath() {
        #expect(FormData.decode("%zz") == nil)
        #expect(FormData.decode("a%00b") == nil)
        #expect(FormData.decode("%C3%A9") == "é")
        #expect(FormData.decode("%FF") == nil)
        #expect(FormData.pairs("a=1&b&=3&c=%").map { "\($0.0)=\($0.1)" } == ["a=1", "b=", "=3"])
    }

    /// Random bytes and random cuts of valid requests: an outcome every time, and a
    /// complete request never claims more bytes than it was given.
    @Test func randomInputAlwaysHasAnOutcome() {
        var generator = SplitMix(seed: 25)
        let valid = Array("POST /assign?x=1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nContent-Length: 5\r\n\r\nab=cd".utf8)
        for _ in 0 ..< 3000 {
            var bytes = Array(valid.prefix(Int(generator.next() % UInt64(valid.count + 1))))
            for _ in 0 ..< Int(generator.next() % 4) where !bytes.isEmpty {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if case .complete(_, let consumed) = reader.read(bytes) { #expect(consumed <= bytes.count) }
        }
    }
}

/// A small seeded generator, so a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension [UInt8] {
    func containsHeader(_ line: String) -> Bool { String(decoding: self, as: UTF8.self).contains(line + "\r\n") }
}
