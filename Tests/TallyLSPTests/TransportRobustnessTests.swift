import Foundation
import TallyLSP
import XCTest

/// The stdio transport over real pipes: hostile bytes in, the server answers and keeps serving.
final class TransportRobustnessTests: XCTestCase {
    /// A server running `StdioTransport` on a background thread, with pipes for its input and output.
    final class PipedServer: @unchecked Sendable {
        let toServer = Pipe()
        let fromServer = Pipe()
        private var reader = FrameReader()
        private var pending: [JSON] = []
        private let done = DispatchSemaphore(value: 0)
        private var status: Int32?

        init() {
            let configuration = TestClient.configuration
            let input = toServer.fileHandleForReading.fileDescriptor
            let output = fromServer.fileHandleForWriting.fileDescriptor
            Thread.detachNewThread { [self] in
                status = StdioTransport.run(configuration: configuration, input: input, output: output, log: { _ in })
                try? fromServer.fileHandleForWriting.close()
                done.signal()
            }
        }

        func write(_ bytes: [UInt8]) { toServer.fileHandleForWriting.write(Data(bytes)) }
        func write(_ text: String) { write(Array(text.utf8)) }
        func send(_ message: JSON) { write(frame(message.bytes)) }

        /// The next message from the server (blocking until it comes).
        func next() -> JSON? {
            while pending.isEmpty {
                let data = fromServer.fileHandleForReading.availableData
                if data.isEmpty { return nil }
                for event in reader.feed([UInt8](data)) {
                    if case .message(let body) = event, let json = try? JSON.parse(body) { pending.append(json) }
                }
            }
            return pending.removeFirst()
        }

        /// The next answer to request `id`, skipping notifications.
        func answer(_ id: Int) -> JSON? {
            while let message = next() {
                if message["id"] == .int(id) { return message }
            }
            return nil
        }

        func closeInput() { try? toServer.fileHandleForWriting.close() }

        func exitStatus() -> Int32? {
            done.wait()
            return status
        }
    }

    private func request(_ id: Int, _ method: String, _ params: JSON = [:]) -> JSON {
        ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
    }

    func testGarbageAndBrokenFramesAreSurvived() {
        let server = PipedServer()
        server.write("\u{0}\u{1}\u{2} hello \r\n\r\n")
        server.write([0xFF, 0xFE, 0xC0])
        server.send(request(1, "initialize", ["capabilities": [:]]))
        XCTAssertNotNil(server.answer(1)?["result"])
        server.write("Content-Length: nope\r\n\r\n{}")
        server.write("Content-Length: 5\r\n\r\n{\"jso")  // truncated body: a parse error
        XCTAssertEqual(server.next()?["error"]?["code"], -32700)
        server.write("Content-Length: 900\r\n\r\n" + request(2, "tally/nothing").text)  // too long: cut at the next header
        server.send(request(3, "shutdown", .null))
        XCTAssertEqual(server.answer(2)?["error"]?["code"], -32601)
        XCTAssertEqual(server.answer(3)?["result"], .null)
        server.send(["jsonrpc": "2.0", "method": "exit"])
        XCTAssertEqual(server.exitStatus(), 0)
    }

    func testAHugeMessageIsAnsweredWithAnErrorAndServingGoesOn() {
        let server = PipedServer()
        server.send(request(1, "initialize", ["capabilities": [:]]))
        XCTAssertNotNil(server.answer(1)?["result"])
        // Larger than the 64 MiB limit; only the header is sent in full, then enough bytes.
        let length = 65 << 20
        server.write("Content-Length: \(length)\r\n\r\n")
        let block = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0 ..< 65 { server.write(block) }
        XCTAssertEqual(server.next()?["error"]?["code"], -32600)
        server.send(request(2, "shutdown", .null))
        XCTAssertEqual(server.answer(2)?["result"], .null)
        server.closeInput()
        XCTAssertEqual(server.exitStatus(), 0)
    }

    /// The header pygls-based clients (pytest-lsp, lsp-devtools) write: length, then type.
    func testAHeaderWithAContentTypeIsAnswered() {
        let server = PipedServer()
        let body = request(1, "initialize", ["capabilities": [:]]).bytes
        server.write(Array("Content-Length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + body)
        let shutdown = request(2, "shutdown", .null).bytes
        server.write(Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: \(shutdown.count)\r\n\r\n".utf8) + shutdown)
        server.send(request(3, "tally/nothing"))  // framed plainly: always answered, so a lost message fails rather than hangs
        var answers: [JSON] = []
        while let message = server.next() {
            answers.append(message)
            if message["id"] == 3 { break }
        }
        XCTAssertEqual(answers.map { $0["id"] }, [1, 2, 3])
        XCTAssertNotNil(answers.first?["result"]?["capabilities"])
        server.send(["jsonrpc": "2.0", "method": "exit"])
        XCTAssertEqual(server.exitStatus(), 0)
    }

    /// A request too large to read is answered under its own id when the id comes before
    /// the bulk of the body (as every client writes it), so the client's request does not
    /// wait forever.
    func testAHugeRequestIsAnsweredUnderItsId() {
        let server = PipedServer()
        server.send(request(1, "initialize", ["capabilities": [:]]))
        XCTAssertNotNil(server.answer(1)?["result"])
        let length = 65 << 20
        let start = Array(#"{"jsonrpc": "2.0", "id": "big-7", "method": "workspace/executeCommand", "params": {"id": 99, "arguments": ["#.utf8)
        server.write(Array("Content-Length: \(length)\r\n\r\n".utf8) + start)
        let block = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0 ..< 65 { server.write(block) }
        let answer = server.next()
        XCTAssertEqual(answer?["id"], "big-7")
        XCTAssertEqual(answer?["error"]?["code"], -32600)
        server.send(request(2, "shutdown", .null))
        XCTAssertEqual(server.answer(2)?["result"], .null)
        server.closeInput()
        XCTAssertEqual(server.exitStatus(), 0)
    }

    func testClosingTheInputWithoutShutdownEndsWithOne() {
        let server = PipedServer()
        server.send(request(1, "initialize", ["capabilities": [:]]))
        XCTAssertNotNil(server.answer(1))
        server.write("Content-Length: 40\r\n\r\n{\"trunc")
        server.closeInput()
        XCTAssertEqual(server.exitStatus(), 1)
    }

    func testABigDocumentOpensAndIsEditedOverThePipe() {
        let server = PipedServer()
        server.send(request(1, "initialize", ["capabilities": [:]]))
        XCTAssertNotNil(server.answer(1))
        var text = "currency EUR\nwallet Checking bank opening 100000.00 on 2025-01-01\nexpense Fun\n"
        for day in 0 ..< 2000 { text += "2025-\(String(format: "%02d", day % 12 + 1))-\(String(format: "%02d", day % 28 + 1)) Checking Fun -1.00\n" }
        server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": "file:///tmp/tally-big-test.tally", "languageId": "tally", "version": 1, "text": .string(text)]]])
        let published = server.next()
        XCTAssertEqual(published?["method"], "textDocument/publishDiagnostics")
        XCTAssertEqual(published?["params"]?["diagnostics"]?.arrayValue?.count, 0)
        server.send([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": "file:///tmp/tally-big-test.tally", "version": 2],
                "contentChanges": [["range": ["start": ["line": 1500, "character": 11], "end": ["line": 1500, "character": 19]], "text": "Chekcing"]]
            ]
        ])
        let edited = server.next()
        XCTAssertEqual(edited?["params"]?["version"], 2)
        XCTAssertEqual(edited?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }, ["E0401"])
        server.send(request(2, "shutdown", .null))
        XCTAssertEqual(server.answer(2)?["result"], .null)
        server.send(["jsonrpc": "2.0", "method": "exit"])
        XCTAssertEqual(server.exitStatus(), 0)
    }
}
