import Foundation
import TallyLSP
import TallySyntax
import XCTest

/// Text with named positions marked `⟨name⟩`; the markers are removed and remembered as
/// UTF-8 offsets, so a test shows exactly where a request points.
struct MarkedText {
    let text: String
    let offsets: [String: Int]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        while let open = rest.range(of: "⟨") {
            bytes += Array(rest[..<open.lowerBound].utf8)
            guard let close = rest[open.upperBound...].range(of: "⟩") else { break }
            offsets[String(rest[open.upperBound ..< close.lowerBound])] = bytes.count
            rest = rest[close.upperBound...]
        }
        bytes += Array(rest.utf8)
        text = String(decoding: bytes, as: UTF8.self)
        self.offsets = offsets
    }

    /// The client position of marker `name` in `encoding` ("utf-8" or "utf-16").
    func position(_ name: String, encoding: String = "utf-16") -> JSON {
        let index = LineIndex(SourceText(path: "", text: text))
        let offset = offsets[name]!
        if encoding == "utf-8" {
            let p = index.position(of: offset)
            return ["line": .int(p.line), "character": .int(p.byteColumn)]
        }
        let p = index.utf16Position(of: offset)
        return ["line": .int(p.line), "character": .int(p.column)]
    }

    /// The client range between markers `from` and `to`.
    func range(_ from: String, _ to: String, encoding: String = "utf-16") -> JSON {
        ["start": position(from, encoding: encoding), "end": position(to, encoding: encoding)]
    }
}

/// Drives a server in-process: typed requests in, every message the server sent out.
final class TestClient: @unchecked Sendable {
    private var nextID = 1
    let server: LanguageServer
    /// A temporary folder for the test's files, removed at the end.
    let folder: URL

    init(configuration: ServerConfiguration = TestClient.configuration) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-lsp-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sink = SentMessages()
        // What the client sees is the printed text read back, as over a real pipe.
        server = LanguageServer(configuration: configuration, send: { sink.append((try? JSON.parse($0.bytes)) ?? .null) })
        self.sink = sink
    }

    private let sink: SentMessages

    static var configuration: ServerConfiguration {
        var c = ServerConfiguration()
        c.debounceMilliseconds = 0
        c.today = CivilDate(iso: "2026-11-22")
        c.diagnosticsDocumentation = "https://example.invalid/diagnostics.md"
        return c
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Everything the server sent so far.
    var messages: [JSON] { sink.all }

    /// Forgets what the server sent.
    func clear() { sink.clear() }

    /// Sends raw body bytes.
    func send(raw: String) { server.receive(Array(raw.utf8)) }

    /// Sends a request and returns the server's whole answer message.
    @discardableResult
    func request(_ method: String, _ params: JSON = .null) -> JSON {
        let id = nextID
        nextID += 1
        var message: [String: JSON] = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if params != .null { message["params"] = params }
        server.receive(JSON.object(message).bytes)
        return sink.all.last { $0["id"] == .int(id) } ?? .null
    }

    /// Sends a request and returns its result, failing the test on an error answer.
    func result(_ method: String, _ params: JSON = .null, file: StaticString = #filePath, line: UInt = #line) -> JSON {
        let answer = request(method, params)
        XCTAssertNil(answer["error"], "\(method) failed: \(answer.text)", file: file, line: line)
        return answer["result"] ?? .null
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSON = .null) {
        var message: [String: JSON] = ["jsonrpc": "2.0", "method": .string(method)]
        if params != .null { message["params"] = params }
        server.receive(JSON.object(message).bytes)
    }

    /// `initialize` and `initialized`, offering `encodings`, with the test folder (or its
    /// subfolder `workspaceFolder`) as the workspace folder unless `workspace` is false.
    @discardableResult
    func initialize(encodings: [String] = [], options: JSON = .null, workspace: Bool = true, workspaceFolder: String = "") -> JSON {
        var params: [String: JSON] = [
            "processId": .null,
            "capabilities": ["general": ["positionEncodings": .array(encodings.map { .string($0) })]]
        ]
        if options != .null { params["initializationOptions"] = options }
        if workspace {
            let path = workspaceFolder.isEmpty ? folder.path : folder.appendingPathComponent(workspaceFolder).path
            params["workspaceFolders"] = [["uri": .string(DocumentURI.uri(of: path)), "name": "test"]]
        }
        let result = self.result("initialize", .object(params))
        notify("initialized", [:])
        return result
    }

    /// The URI of a file in the test folder.
    func uri(_ name: String) -> String { DocumentURI.uri(of: folder.appendingPathComponent(name).path) }

    /// Writes a file into the test folder (on disk, not opened).
    func write(_ name: String, _ text: String) {
        try? Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// Opens a document.
    func open(_ name: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(name)), "languageId": "tally", "version": .int(version), "text": .string(text)]])
    }

    /// Sends one incremental change.
    func change(_ name: String, version: Int, range: JSON?, text: String) {
        var change: [String: JSON] = ["text": .string(text)]
        if let range { change["range"] = range }
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(name)), "version": .int(version)], "contentChanges": [.object(change)]])
    }

    /// The last diagnostics published for `name`, or nil when none were.
    func diagnostics(_ name: String) -> JSON? {
        sink.all.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri(name) }?["params"]
    }

    /// The codes of the last diagnostics published for `name`.
    func codes(_ name: String) -> [String] {
        diagnostics(name)?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }

    /// A text document position parameter object.
    func at(_ name: String, _ position: JSON) -> JSON {
        ["textDocument": ["uri": .string(uri(name))], "position": position]
    }
}

/// The server's outgoing messages, kept in order.
final class SentMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [JSON] = []

    func append(_ message: JSON) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    var all: [JSON] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }

    func clear() {
        lock.lock()
        messages = []
        lock.unlock()
    }
}
