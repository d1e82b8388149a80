import Foundation
import TallySyntax
import XCTest

@testable import TallyLSP

/// `$/cancelRequest` is honoured: a request cancelled while it waits in the queue is
/// answered with RequestCancelled (-32800) without running, one cancelled while it runs
/// stops and gets the same error, and the whole-file providers stop when asked.
final class CancellationTests: XCTestCase {
    /// Collects what the server sends; `onSend` runs for each message, on the server's queue.
    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [JSON] = []
        var onSend: (JSON) -> Void = { _ in }

        func append(_ message: JSON) {
            let parsed = (try? JSON.parse(message.bytes)) ?? .null
            lock.lock()
            messages.append(parsed)
            lock.unlock()
            onSend(parsed)
        }

        var all: [JSON] {
            lock.lock()
            defer { lock.unlock() }
            return messages
        }

        func answer(_ id: Int) -> JSON? { all.last { $0["id"] == .int(id) } }
    }

    private func body(_ message: JSON) -> [UInt8] { message.bytes }

    private func request(_ id: Int, _ method: String, _ params: JSON) -> [UInt8] {
        body(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
    }

    private func cancel(_ id: Int) -> [UInt8] {
        body(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": .int(id)]])
    }

    private func notification(_ method: String, _ params: JSON) -> [UInt8] {
        body(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    private let uri = "file:///tmp/tally-cancel-test/m.tally"
    private var text: String {
        var text = "currency EUR\nwallet Cash cash\nexpense Food\n"
        for day in 0 ..< 400 { text += "2026-01-\(String(format: "%02d", day % 28 + 1)) \"Shop\" Cash Food -\(day).00\n" }
        return text
    }

    private func startedServer(_ sink: Sink) -> LanguageServer {
        let server = LanguageServer(configuration: TestClient.configuration, send: { sink.append($0) })
        server.receive(request(1, "initialize", ["processId": .null, "capabilities": [:]]))
        server.receive(notification("initialized", [:]))
        server.receive(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "tally", "version": 1, "text": .string(text)]]))
        return server
    }

    /// Requests queued behind a busy server and cancelled before their turn are answered
    /// with -32800 and never run; the request after them is answered as usual.
    func testRequestsCancelledWhileQueuedAreAnsweredWithRequestCancelled() {
        let sink = Sink()
        let server = startedServer(sink)
        // Hold the queue, as a long request would, while the reader goes on posting.
        let hold = DispatchSemaphore(value: 0)
        server.queue.async { hold.wait() }
        for id in 10 ..< 15 {
            XCTAssertNil(server.post(request(id, "textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])))
            XCTAssertNil(server.post(cancel(id)))
        }
        XCTAssertNil(server.post(request(20, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])))
        hold.signal()
        server.waitUntilIdle()
        for id in 10 ..< 15 {
            XCTAssertEqual(sink.answer(id)?["error"]?["code"], .int(-32800), "request \(id)")
            XCTAssertNil(sink.answer(id)?["result"], "request \(id)")
        }
        XCTAssertNotNil(sink.answer(20)?["result"]?.arrayValue)
        // The marks were forgotten when the notifications were handled in their turn.
        for id in 10 ..< 15 { XCTAssertFalse(server.cancelled.isCancelled(.int(id))) }
    }

    /// A cancellation that arrives while the request runs (here: while it brings the
    /// analysis up to date and publishes diagnostics) replaces its answer with -32800.
    func testARequestCancelledWhileItRunsIsAnsweredWithRequestCancelled() {
        let sink = Sink()
        let server = LanguageServer(
            configuration: {
                var c = TestClient.configuration; c.debounceMilliseconds = 10_000; return c
            }(),
            send: { sink.append($0) })
        server.receive(request(1, "initialize", ["processId": .null, "capabilities": [:]]))
        server.receive(notification("initialized", [:]))
        // With a long debounce, the hover itself runs the analysis and its diagnostics go
        // out while the hover is being answered: the client cancels at that moment.
        sink.onSend = { message in
            if message["method"] == "textDocument/publishDiagnostics" { server.cancelled.cancel(.int(7)) }
        }
        server.receive(notification("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "tally", "version": 1, "text": .string(text)]]))
        server.receive(request(7, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 8]]))
        XCTAssertEqual(sink.answer(7)?["error"]?["code"], .int(-32800))
        // Another request is answered normally.
        sink.onSend = { _ in }
        server.receive(request(8, "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 1, "character": 8]]))
        XCTAssertNil(sink.answer(8)?["error"])
    }

    /// A cancellation for a request already answered, or for an id never sent, changes nothing.
    func testLateOrUnknownCancellationsAreHarmless() {
        let sink = Sink()
        let server = startedServer(sink)
        server.receive(request(5, "textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]]))
        XCTAssertNil(server.post(cancel(5)))
        XCTAssertNil(server.post(cancel(99)))
        XCTAssertNil(server.post(body(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": ["not": "an id"]]])))
        server.waitUntilIdle()
        XCTAssertNotNil(sink.answer(5)?["result"])
        XCTAssertFalse(server.cancelled.isCancelled(.int(5)))
        XCTAssertFalse(server.cancelled.isCancelled(.int(99)))
        XCTAssertNil(server.post(request(6, "textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]])))
        server.waitUntilIdle()
        XCTAssertNotNil(sink.answer(6)?["result"])
    }

    /// Cancellations sent before `initialize`, or in a message that is not a notification,
    /// leave no mark behind.
    func testMarksGoEvenWhenTheNotificationIsNotHandled() {
        let sink = Sink()
        let server = LanguageServer(configuration: TestClient.configuration, send: { sink.append($0) })
        XCTAssertNil(server.post(cancel(3)))
        XCTAssertNil(server.post(body(["jsonrpc": "2.0", "id": 4, "method": "$/cancelRequest", "params": ["id": 5]])))
        server.waitUntilIdle()
        XCTAssertFalse(server.cancelled.isCancelled(.int(3)))
        XCTAssertFalse(server.cancelled.isCancelled(.int(5)))
    }

    /// `post` returns the exit status once `exit` was handled, after everything before it.
    func testPostReturnsTheExitStatus() {
        let sink = Sink()
        let server = startedServer(sink)
        XCTAssertNil(server.post(request(2, "shutdown", .null)))
        XCTAssertEqual(server.post(body(["jsonrpc": "2.0", "method": "exit"])), 0)
        XCTAssertNotNil(sink.answer(2))
    }

    /// The whole-file providers stop when asked, with what they found so far.
    func testWholeFileProvidersStopWhenAsked() {
        var big = "currency EUR\nwallet Cash cash\nexpense Food\n"
        for day in 0 ..< 6_000 { big += "2026-01-\(String(format: "%02d", day % 28 + 1)) \"Shop\" Cash Food -\(day).00 #t\n" }
        let tree = Parser.parse(SourceText(path: "m.tally", text: big))
        XCTAssertGreaterThan(SemanticTokenProvider.tokens(tree: tree).count, 20_000)
        XCTAssertTrue(SemanticTokenProvider.tokens(tree: tree, shouldStop: { true }).isEmpty)
        XCTAssertGreaterThan(SymbolProvider.documentSymbols(tree: tree).count, 3)
        XCTAssertTrue(SymbolProvider.documentSymbols(tree: tree, shouldStop: { true }).isEmpty)
        XCTAssertFalse(FoldingProvider.ranges(tree: tree).isEmpty)
        XCTAssertTrue(FoldingProvider.ranges(tree: tree, shouldStop: { true }).isEmpty)
        // Asked after the first stretch: fewer tokens than the whole file.
        var asked = 0
        let partial = SemanticTokenProvider.tokens(
            tree: tree,
            shouldStop: {
                asked += 1; return asked > 1
            })
        XCTAssertLessThan(partial.count, SemanticTokenProvider.tokens(tree: tree).count)
    }
}
