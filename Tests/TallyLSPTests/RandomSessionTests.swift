import Foundation
import TallyLSP
import TallyTestSupport
import XCTest

/// Seeded random sessions: hostile messages and random edits of a real example, after which
/// the server still answers and its text matches an independent replay of the edits.
final class RandomSessionTests: XCTestCase {
    private let methods = [
        "textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
        "textDocument/rename", "textDocument/prepareRename", "textDocument/inlayHint", "textDocument/codeLens",
        "textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/foldingRange",
        "textDocument/formatting", "textDocument/rangeFormatting", "textDocument/codeAction",
        "textDocument/documentLink", "workspace/symbol", "textDocument/didChange", "textDocument/didOpen"
    ]

    private func randomValue(_ rng: inout TestSupport.SeededGenerator, depth: Int = 0) -> JSON {
        switch Int.random(in: 0 ..< (depth > 2 ? 5 : 7), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int.random(in: -5 ... 5_000_000, using: &rng))
        case 3: return .string(["", "x", "file:///nowhere.tally", "😀", "\u{0}"].randomElement(using: &rng)!)
        case 4: return .double(Double.random(in: -1e6 ... 1e6, using: &rng))
        case 5: return .array((0 ..< Int.random(in: 0 ..< 3, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var members: [String: JSON] = [:]
            for key in ["textDocument", "uri", "position", "line", "character", "range", "start", "end", "newName", "query", "context", "text", "contentChanges"]
            where Bool.random(using: &rng) {
                members[key] = randomValue(&rng, depth: depth + 1)
            }
            return .object(members)
        }
    }

    func testRandomRequestsAreAnsweredAndTheServerKeepsServing() {
        var rng = TestSupport.SeededGenerator(seed: 6)
        let client = TestClient()
        client.initialize()
        let text = (try? String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8)) ?? ""
        client.open("a.tally", text)
        for round in 0 ..< 300 {
            let method = methods.randomElement(using: &rng)!
            var params = randomValue(&rng)
            if Bool.random(using: &rng), case .object(var members) = params {
                // Half the time, aim at the open document with a random position.
                members["textDocument"] = ["uri": .string(client.uri("a.tally"))]
                members["position"] = ["line": .int(Int.random(in: -2 ... 400, using: &rng)), "character": .int(Int.random(in: -2 ... 120, using: &rng))]
                params = .object(members)
            }
            if method.hasPrefix("textDocument/did") {
                client.notify(method, params)
            } else {
                let answer = client.request(method, params)
                XCTAssertTrue(answer["result"] != nil || answer["error"] != nil, "round \(round): \(method) got no answer")
            }
        }
        XCTAssertEqual(client.request("shutdown")["result"], .null)
    }

    func testRandomEditsMatchAnIndependentReplay() throws {
        var rng = TestSupport.SeededGenerator(seed: 2026)
        let client = TestClient()
        client.initialize()
        var expected = Array(try String(contentsOfFile: TestSupport.path("examples/household.tally"), encoding: .utf8).unicodeScalars)
        client.open("a.tally", String(String.UnicodeScalarView(expected)))
        let pieces = ["", "x", "😀", "咖啡", "\n", "\r\n", "2026-13-40 ", "\"", "  -1.00", "é"]
        for version in 2 ..< 150 {
            // Positions in UTF-16 units of the current text, computed here independently.
            func position(_ scalarIndex: Int) -> JSON {
                var line = 0, column = 0, i = 0
                while i < scalarIndex {
                    let s = expected[i]
                    if s == "\r" && i + 1 < expected.count && expected[i + 1] == "\n" { i += 1; continue }
                    if s == "\n" || s == "\r" { line += 1; column = 0 } else { column += s.value > 0xFFFF ? 2 : 1 }
                    i += 1
                }
                return ["line": .int(line), "character": .int(column)]
            }
            let a = Int.random(in: 0 ... expected.count, using: &rng)
            let b = min(expected.count, a + Int.random(in: 0 ... 12, using: &rng))
            // Never split a CRLF pair: an LSP position cannot point between its two characters.
            if a > 0 && a < expected.count && expected[a - 1] == "\r" && expected[a] == "\n" { continue }
            if b > 0 && b < expected.count && expected[b - 1] == "\r" && expected[b] == "\n" { continue }
            let insert = pieces.randomElement(using: &rng)!
            client.change("a.tally", version: version, range: ["start": position(a), "end": position(b)], text: insert)
            expected.replaceSubrange(a ..< b, with: insert.unicodeScalars)
        }
        XCTAssertEqual(client.server.openDocument(client.uri("a.tally"))?.text, String(String.UnicodeScalarView(expected)))
        XCTAssertNotNil(client.diagnostics("a.tally"))
    }
}
