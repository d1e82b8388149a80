import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyServe

/// `/api/register` in the budget's order is sent as it is written (no length, the
/// connection's end ends it), and is byte for byte what `tally register --format json`
/// prints; a sorted one is made whole first, then sent in pieces as well.
@Suite(.serialized) struct RegisterAPIStreamTests {
    @Test func theStreamedRegisterIsTheCommandLines() throws {
        let file = TestSupport.path("examples/household.tally")
        let serve = ServeTestApp(files: [file])
        for (query, flags) in [("", [String]()), ("?period=2026-11&wallet=Joint", ["--period", "2026-11", "--wallet", "Joint"]), ("?search=bakery", ["--search", "bakery"])] {
            let answer = serve.get("/api/register" + query)
            #expect(answer.stream != nil, "\(query) is streamed")
            let expected = ServeTestApp.cli(["register", "--format", "json", "--today", "2026-11-22"] + flags + [file])
            #expect(expected.code == 0)
            #expect(answer.text == expected.out, "\(query)")
        }
        // Sorted: the rows are made first, then written in pieces as well.
        let sorted = serve.get("/api/register?sort=amount&desc")
        #expect(sorted.stream != nil)
        #expect(sorted.text == ServeTestApp.cli(["register", "--format", "json", "--today", "2026-11-22", "--sort", "amount", "--desc", file]).out)
        #expect(serve.get("/api/register?wallet=Nope").status == .badRequest)
    }

    @Test func overTheSocketItHasNoLengthAndEndsWithTheConnection() throws {
        let file = TestSupport.path("examples/household.tally")
        let session = try ServeSession(files: [file], host: "127.0.0.1", port: 0, today: CivilDate(iso: "2026-11-22"))
        defer { session.stop() }
        let answer = LoopbackClient.get("/api/register", port: session.port, token: session.app.rules.token)
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let head = parts[0], body = parts.dropFirst().joined(separator: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("Connection: close"))
        #expect(!head.lowercased().contains("content-length"))
        let expected = ServeTestApp.cli(["register", "--format", "json", "--today", "2026-11-22", file])
        #expect(body == expected.out)
        // HEAD: the head alone.
        let cookie = LoopbackClient.cookie(port: session.port, token: session.app.rules.token)
        let headOnly = LoopbackClient.exchange(
            Array("HEAD /api/register HTTP/1.1\r\nHost: 127.0.0.1:\(session.port)\r\n\(cookie)\r\n".utf8), port: session.port)
        #expect(headOnly.hasPrefix("HTTP/1.1 200 OK\r\n") && headOnly.hasSuffix("\r\n\r\n"))
    }
}
