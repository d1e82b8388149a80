import Dispatch
import Foundation
import Testing

@testable import TallyLSP

/// Long requests are answered from a snapshot beside the server's queue (issue 39): a
/// hover sent while one runs is answered at once, from the last analysis; a cancellation
/// that arrives while one runs replaces its answer, however late its own turn comes; and
/// the answer describes the text as it was when the request's turn came.
///
/// Each test holds the queue the long requests run on, as a long request would, so what
/// runs when is decided by the test and not by the machine's speed.
@Suite struct SnapshotReadsTests {
    private let uri = "file:///tmp/tally-snapshot-test/m.tally"

    private func text(entries: Int) -> String {
        var text = "currency EUR\nwallet Cash cash\nexpense Food\n"
        for day in 0 ..< entries { text += "2026-01-\(String(format: "%02d", day % 28 + 1)) \"Shop\" Cash Food -\(day).00\n" }
        return text
    }

    private func message(_ members: [String: JSON]) -> [UInt8] {
        var members = members
        members["jsonrpc"] = "2.0"
        return JSON.object(members).bytes
    }

    private func request(_ id: Int, _ method: String, _ params: JSON) -> [UInt8] {
        message(["id": .int(id), "method": .string(method), "params": params])
    }

    private func started(_ sink: CancellationTests.Sink, entries: Int = 40) -> LanguageServer {
        let server = LanguageServer(configuration: TestClient.configuration, send: { sink.append($0) })
        server.receive(request(1, "initialize", ["processId": .null, "capabilities": [:]]))
        server.receive(message(["method": "initialized", "params": [:]]))
        server.receive(
            message([
                "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": .string(uri), "languageId": "tally", "version": 1, "text": .string(text(entries: entries))]]
            ]))
        server.waitUntilIdle()
        return server
    }

    /// Waits (at most 10 s) until the answer to `id` was sent.
    private func waitForAnswer(_ sink: CancellationTests.Sink, _ id: Int) -> JSON? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let answer = sink.answer(id) { return answer }
            usleep(2_000)
        }
        return nil
    }

    @Test func aHoverIsAnsweredWhileALongRequestRuns() throws {
        let sink = CancellationTests.Sink()
        let server = started(sink)
        let hold = DispatchSemaphore(value: 0)
        server.featureQueue.async { hold.wait() }
        #expect(server.post(request(10, "textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 0, "character": 0], "end": ["line": 50, "character": 0]]])) == nil)
        #expect(server.post(request(11, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 8]])) == nil)
        // The hover comes back while the inlay hint is still held.
        let hover = try #require(waitForAnswer(sink, 11))
        #expect(hover["result"]?["contents"] != nil)
        #expect(sink.answer(10) == nil)
        hold.signal()
        server.waitUntilIdle()
        #expect(sink.answer(10)?["result"]?.arrayValue?.isEmpty == false)
    }

    @Test func aCancellationWhoseTurnComesFirstStillStopsTheLongRequest() {
        let sink = CancellationTests.Sink()
        let server = started(sink)
        let hold = DispatchSemaphore(value: 0)
        server.featureQueue.async { hold.wait() }
        #expect(server.post(request(20, "textDocument/references", ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 8]])) == nil)
        // The request's turn has come: it waits on the held queue, already begun.
        server.queue.sync {}
        #expect(server.post(message(["method": "$/cancelRequest", "params": ["id": 20]])) == nil)
        // The cancellation's own turn on the server's queue comes and goes while the
        // references are still held: its mark must stay until they are answered.
        server.queue.sync {}
        #expect(server.cancelled.isCancelled(.int(20)))
        hold.signal()
        server.waitUntilIdle()
        #expect(sink.answer(20)?["error"]?["code"] == .int(-32800))
        let answeredWithResult = sink.answer(20)?["result"] != nil
        #expect(!answeredWithResult)
        #expect(!server.cancelled.isCancelled(.int(20)))
    }

    @Test func theAnswerDescribesTheTextAsItWasWhenItsTurnCame() {
        let sink = CancellationTests.Sink()
        let server = started(sink, entries: 3)
        let hold = DispatchSemaphore(value: 0)
        server.featureQueue.async { hold.wait() }
        #expect(server.post(request(30, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])) == nil)
        // An edit after the request: 3 entries become 9.
        #expect(
            server.post(
                message([
                    "method": "textDocument/didChange",
                    "params": ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(text(entries: 9))]]]
                ])) == nil)
        #expect(server.post(request(31, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])) == nil)
        hold.signal()
        server.waitUntilIdle()
        func entries(_ answer: JSON?) -> Int {
            func count(_ symbols: [JSON]) -> Int {
                symbols.reduce(0) { $0 + ($1["kind"] == .int(24) ? 1 : 0) + count($1["children"]?.arrayValue ?? []) }
            }
            return count(answer?["result"]?.arrayValue ?? [])
        }
        #expect(entries(sink.answer(30)) == 3)
        #expect(entries(sink.answer(31)) == 9)
    }
}
