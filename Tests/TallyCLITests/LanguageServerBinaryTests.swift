import Foundation
import TallyTestSupport
import XCTest

/// `tally lsp` as editors run it: the built binary, a whole session over its standard input
/// and output. The framing here is written independently of the server's.
final class LanguageServerBinaryTests: XCTestCase {
    private func framed(_ object: [String: Any]) throws -> String {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    private func messages(in output: String) throws -> [[String: Any]] {
        var rest = Substring(output)
        var result: [[String: Any]] = []
        while let header = rest.range(of: "\r\n\r\n") {
            let length = try XCTUnwrap(Int(rest[..<header.lowerBound].replacingOccurrences(of: "Content-Length: ", with: "")))
            let bytes = Array(rest[header.upperBound...].utf8)
            let body = Data(bytes[0 ..< length])
            result.append(try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any]))
            rest = Substring(String(decoding: bytes[length...], as: UTF8.self))
        }
        XCTAssertTrue(rest.isEmpty, "stdout holds something besides protocol messages")
        return result
    }

    func testAWholeSessionOverStandardInputAndOutput() throws {
        let uri = "file:///nonexistent-tally-folder/budget.tally"
        let text = "currency EUR\nwallet Checking bank opening 10.00 on 2026-01-01\nexpense Fun\n2026-11-02 Chekcing Fun -5.00\n"
        var input = try framed(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["processId": NSNull(), "capabilities": ["general": ["positionEncodings": ["utf-16"]]]]])
        input += try framed(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        input += "garbage between messages"
        input += try framed(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "tally", "version": 1, "text": text]]])
        input += try framed([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["range": ["start": ["line": 3, "character": 11], "end": ["line": 3, "character": 19]], "text": "Checking"]]
            ]
        ])
        input += try framed(["jsonrpc": "2.0", "id": 2, "method": "tally/unknown", "params": [:]])
        input += try framed(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
        input += try framed(["jsonrpc": "2.0", "method": "exit"])

        let result = try TallyBinary.run(["lsp", "--debounce", "0"], stdin: input)
        // The server's version is the binary's: `tally 0.1.0 (commit …)` gives `0.1.0`.
        let version = try TallyBinary.run(["--version"]).stdout.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        XCTAssertEqual(result.status, 0, result.stderr)
        let sent = try messages(in: result.stdout)
        XCTAssertEqual((sent.first?["result"] as? [String: Any])?["serverInfo"] as? [String: String], ["name": "tally", "version": version])
        let published = sent.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.compactMap { $0["params"] as? [String: Any] }
        XCTAssertEqual(published.map { $0["version"] as? Int }, [1, 2])
        XCTAssertEqual(published.map { ($0["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } }, [["E0401"], []])
        let first = (published.first?["diagnostics"] as? [[String: Any]])?.first
        let href = (first?["codeDescription"] as? [String: Any])?["href"] as? String
        XCTAssertEqual(
            href, URL(fileURLWithPath: TestSupport.path("docs/diagnostics.md")).absoluteString + "#e0401-unknown-name",
            "diagnostics link to the documentation beside the binary's checkout")
        XCTAssertEqual(((sent.first { $0["id"] as? Int == 2 })?["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertTrue(sent.contains { $0["id"] as? Int == 3 && $0["result"] is NSNull })
        XCTAssertFalse(result.stderr.contains("Chekcing"), "the log must not hold file contents")
    }

    func testClosingStandardInputEndsTheServer() throws {
        let input = try framed(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        let result = try TallyBinary.run(["lsp"], stdin: input)
        XCTAssertEqual(result.status, 1, "no shutdown was asked for")
        XCTAssertEqual(try messages(in: result.stdout).count, 1)
    }

    func testUsageMistakesAreExitCodeTwo() throws {
        let result = try TallyBinary.run(["lsp", "--bogus"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("unknown option `--bogus`"), result.stderr)
        XCTAssertEqual(try TallyBinary.run(["lsp", "--debounce", "soon"]).status, 2)
        XCTAssertEqual(try TallyBinary.run(["lsp", "budget.tally"]).status, 2)
        XCTAssertEqual(try TallyBinary.run(["lsp", "--today", "2026-02-30"]).status, 2)
        XCTAssertEqual(try TallyBinary.run(["lsp"], environment: ["TALLY_TODAY": "soon"]).status, 2)
        XCTAssertTrue(try TallyBinary.run(["help", "lsp"]).stdout.contains("  --debounce MS"))
    }

    func testAnOpenedIncludedFileShowsWhatCheckShowsForTheRoot() throws {
        let temporary = try TemporaryFolder("lsp-check")
        defer { temporary.remove() }
        let folder = temporary.url
        let main = """
            currency EUR
            wallet Checking bank opening 100.00 on 2026-01-01
            wallet Checking cash
            expense Food:Groceries, Fun
            envelope Groceries 50 monthly for Food:Groceries
            include "part.tally"

            """
        let part = """
            2026-11-02 "Market" Checking Food:Groceries -42.50
            2026-11-03 "Market" Checking Food:Groceries -30.00
            2026-11-04 Chekcing Fun -5.00
            2026-11-05 Checking Fnu -1.00

            """
        try main.write(to: folder.appendingPathComponent("main.tally"), atomically: true, encoding: .utf8)
        try part.write(to: folder.appendingPathComponent("part.tally"), atomically: true, encoding: .utf8)

        let check = try TallyBinary.run(["check", "--format", "json", folder.appendingPathComponent("main.tally").path])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let expected = Set(
            (document["diagnostics"] as? [[String: Any]] ?? []).compactMap { d -> String? in
                guard let file = d["file"] as? String, let line = d["line"] as? Int, let code = d["code"] as? String else { return nil }
                return "\(URL(fileURLWithPath: file).lastPathComponent):\(line):\(code)"
            })
        XCTAssertTrue(expected.count >= 4, "the fixture should have problems in both files: \(expected)")

        let uri = "file://" + folder.appendingPathComponent("part.tally").path
        var input = try framed([
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": [
                "capabilities": [:], "workspaceFolders": [["uri": "file://" + folder.path, "name": "budget"]]
            ]
        ])
        input += try framed(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "tally", "version": 1, "text": part]]])
        input += try framed(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        input += try framed(["jsonrpc": "2.0", "method": "exit"])
        let session = try TallyBinary.run(["lsp", "--debounce", "0"], stdin: input)
        var shown = Set<String>()
        for message in try messages(in: session.stdout) where message["method"] as? String == "textDocument/publishDiagnostics" {
            let params = message["params"] as? [String: Any] ?? [:]
            let file = URL(string: params["uri"] as? String ?? "")?.lastPathComponent ?? "?"
            for d in params["diagnostics"] as? [[String: Any]] ?? [] {
                let line = ((d["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
                shown.insert("\(file):\(line + 1):\(d["code"] as? String ?? "?")")
            }
        }
        XCTAssertEqual(shown, expected)
    }
}
