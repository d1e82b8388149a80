import TallyLSP
import XCTest

/// A buffer sent in a message larger than the server reads gets one E0106 on the file
/// itself, so that a file the server never saw does not look clean.
final class OversizedMessageTests: XCTestCase {
    private let budget = "currency EUR\nwallet Cash cash\n\n2026-11-02 Chash Food -5.00\n"

    /// The first bytes of a `method` message about `uri`, cut inside the document's text as
    /// the frame reader keeps them.
    private func start(_ method: String, uri: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","method":"\#(method)","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"2026-01-01 aaaa"#.utf8)
    }

    func testTheMethodAndURIAreReadFromACutStart() {
        let read = MessageStart.documentMethod(in: start("textDocument/didChange", uri: "file:///b/a.tally"))
        XCTAssertEqual(read?.method, "textDocument/didChange")
        XCTAssertEqual(read?.uri, "file:///b/a.tally")
        let paramsFirst = MessageStart.documentMethod(in: Array(#"{"params":{"textDocument":{"version":1,"uri":"file:///x.tally","text":"ab"},"x":1},"method":"textDocument/didOpen","#.utf8))
        XCTAssertEqual(paramsFirst?.uri, "file:///x.tally", "members in any order")
        XCTAssertEqual(paramsFirst?.method, "textDocument/didOpen")
        XCTAssertNil(MessageStart.documentMethod(in: Array(#"{"method":"textDocument/didOpen","params":{"textDocument":{"text":"aaaa"#.utf8)), "the text came before the uri and was cut")
        XCTAssertNil(MessageStart.documentMethod(in: Array(#"{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///cut"#.utf8)), "a cut uri is no uri")
        XCTAssertNil(MessageStart.documentMethod(in: Array("\u{FF}garbage".utf8)))
    }

    func testAnOversizedChangeReplacesTheFilesDiagnosticsWithE0106UntilReopened() throws {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", budget)
        XCTAssertEqual(client.codes("a.tally"), ["E0401"])

        client.server.receiveTooLarge(70_000_000, start: start("textDocument/didChange", uri: client.uri("a.tally")))
        XCTAssertEqual(client.codes("a.tally"), ["E0106"])
        let d = try XCTUnwrap(client.diagnostics("a.tally")?["diagnostics"]?.arrayValue?.first)
        XCTAssertEqual(d["severity"], 1)
        XCTAssertEqual(d["range"], ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]])
        XCTAssertTrue(d["message"]?.stringValue?.contains("70000000 bytes, more than the 64 MiB") == true, d.text)
        XCTAssertEqual(d["codeDescription"]?["href"], "https://example.invalid/diagnostics.md#e0106-too-large-for-the-editor")
        XCTAssertNil(client.openDocument("a.tally"), "the server's copy is not the client's any more")

        // A later analysis (another file changes) keeps E0106 on it.
        client.open("b.tally", "currency EUR\n")
        XCTAssertEqual(client.codes("a.tally"), ["E0106"])

        client.open("a.tally", budget, version: 3)
        XCTAssertEqual(client.codes("a.tally"), ["E0401"], "opened again at a readable size, it is checked again")
    }

    func testAnOversizedOpenOfANewFileShowsE0106AndClosingClearsIt() {
        let client = TestClient()
        client.initialize()
        client.server.receiveTooLarge(80 << 20, start: start("textDocument/didOpen", uri: client.uri("big.tally")))
        XCTAssertEqual(client.codes("big.tally"), ["E0106"])
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(client.uri("big.tally"))]])
        client.server.waitUntilIdle()
        XCTAssertEqual(client.diagnostics("big.tally")?["diagnostics"], [])
    }

    func testAnOversizedRequestNamesNoFile() {
        let client = TestClient()
        client.initialize()
        client.clear()
        client.server.receiveTooLarge(70_000_000, start: Array(#"{"jsonrpc":"2.0","id":9,"method":"workspace/executeCommand","params":{"textDocument":{"uri":"file:///x.tally"}"#.utf8))
        XCTAssertFalse(client.messages.contains { $0["method"] == "textDocument/publishDiagnostics" })
        XCTAssertEqual(client.messages.last?["error"]?["code"], -32600)
    }
}

extension TestClient {
    /// The server's copy of an open buffer, by file name.
    func openDocument(_ name: String) -> (text: String, version: Int)? { server.openDocument(uri(name)) }
}
