import Foundation
import Testing

@testable import TallyImport

/// The download helper's protocol (`HTTPFetchWire`) and `ProcessFetcher`'s side of it:
/// values of any bytes go and come back whole, a broken stream is refused, and a helper
/// that is missing, says nothing or outlives the deadline gives a plain failure.
struct ProcessFetcherTests {
    @Test func aRequestComesBackWholeWhateverItsBytes() throws {
        let request = HTTPFetchRequest(
            url: "https://example.test/a?b=c", method: "POST",
            headers: [HTTPHeaderField("Authorization", "Bearer s3cret"), HTTPHeaderField("Accept", "a\nb 12\n")],
            body: [0, 10, 13, 255, 32, 10], deadline: 2.5)
        #expect(HTTPFetchWire.request(from: HTTPFetchWire.encode(request)) == request)
    }

    @Test func anAnswerOrAFailureComesBackWhole() throws {
        let answer = HTTPFetchAnswer(status: 409, headers: ["content-type": "text/plain", "x": ""], body: Array("busy\n".utf8))
        #expect(try HTTPFetchWire.outcome(from: HTTPFetchWire.encode(.success(answer)))?.get() == answer)
        for failure in [HTTPFetchFailure.overDeadline(120), .connection("the server did not take the connection")] {
            let back = HTTPFetchWire.outcome(from: HTTPFetchWire.encode(.failure(failure)))
            #expect(back.map { if case .failure(let f) = $0 { f == failure } else { false } } == true)
        }
    }

    @Test func aBrokenStreamIsRefused() {
        let whole = HTTPFetchWire.encode(.success(HTTPFetchAnswer(status: 200, body: Array("{}".utf8))))
        // Every cut short of the whole stream breaks a record or lacks the status.
        for end in 0 ..< whole.count { #expect(HTTPFetchWire.outcome(from: Array(whole[..<end])) == nil, "cut at \(end)") }
        #expect(HTTPFetchWire.outcome(from: Array("version 1\n2\n".utf8)) == nil)
        #expect(HTTPFetchWire.request(from: Array("version 1\n1\nurl 99\nx\n".utf8)) == nil)
        #expect(HTTPFetchWire.outcome(from: Array("version 9999999999999999999\n".utf8)) == nil)
    }

    private func fetch(with helper: String, deadline: Double = 5) -> HTTPFetchFailure? {
        do {
            _ = try ProcessFetcher(helper: helper).fetch(HTTPFetchRequest(url: "http://127.0.0.1:9/x?token=s3cret", deadline: deadline))
            return nil
        } catch {
            return error
        }
    }

    @Test func aHelperThatCannotStartOrSaysNothingIsAPlainFailure() {
        guard case .connection(let words)? = fetch(with: "/nonexistent/tally-fetch") else {
            Issue.record("a missing helper fetched")
            return
        }
        #expect(words.contains("could not be started") && !words.contains("s3cret"))
        guard case .connection(let silent)? = fetch(with: "/bin/true") else {
            Issue.record("a silent helper fetched")
            return
        }
        #expect(silent.contains("stopped without an answer"))
    }

    @Test func aHelperPastTheDeadlineIsKilled() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("slow").path
        try "#!/bin/sh\nexec sleep 60\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let started = Date()
        // The helper keeps a deadline of 0.5 s itself; this one never answers, and is
        // killed a second after it.
        #expect(fetch(with: script, deadline: 0.5) == .overDeadline(0.5))
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 1.4 && elapsed < 10, "stopped after \(elapsed) s")
    }

    @Test func theBuiltHelperIsFoundBesideTheTests() {
        // The tests run from the build folder, where `tally-fetch` is built beside them.
        #expect(ProcessFetcher.locate()?.hasSuffix("/tally-fetch") == true)
    }
}
