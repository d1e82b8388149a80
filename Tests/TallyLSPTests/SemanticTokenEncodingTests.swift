import TallyLSP
import TallySyntax
import TallyTestSupport
import XCTest

/// The server's fast, single-pass encoding of semantic tokens against a plain conversion of
/// each token through `LineIndex`, over real examples and text with emoji, CJK and CRLF.
final class SemanticTokenEncodingTests: XCTestCase {
    private func texts() throws -> [String] {
        var result = try TestSupport.files(in: "examples", withExtension: "tally").map { try String(contentsOfFile: $0, encoding: .utf8) }
        result.append("currency EUR\r\nwallet Kasse cash\r\nexpense 食品\r\n2026-11-02 \"😀 咖啡\" Kasse 食品 -4.50 #tag ; note ✂\r\n    食品 -1.00\r\n")
        return result
    }

    func testEncodedTokensMatchAPlainConversion() throws {
        for encoding in ["utf-16", "utf-8"] {
            for text in try texts() {
                let client = TestClient()
                client.initialize(encodings: [encoding])
                client.open("a.tally", text)
                let data = client.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(client.uri("a.tally"))]])["data"]?.arrayValue?.compactMap(\.intValue) ?? []

                let tree = Parser.parse(SourceText(path: "a.tally", text: text))
                let lines = LineIndex(tree.source)
                var expected: [[Int]] = []
                for token in SemanticTokenProvider.tokens(tree: tree) {
                    let (startLine, startColumn, endLine, endColumn): (Int, Int, Int, Int)
                    if encoding == "utf-8" {
                        let s = lines.position(of: token.range.start), e = lines.position(of: token.range.end)
                        (startLine, startColumn, endLine, endColumn) = (s.line, s.byteColumn, e.line, e.byteColumn)
                    } else {
                        let s = lines.utf16Position(of: token.range.start), e = lines.utf16Position(of: token.range.end)
                        (startLine, startColumn, endLine, endColumn) = (s.line, s.column, e.line, e.column)
                    }
                    guard startLine == endLine, endColumn > startColumn else { continue }
                    expected.append([startLine, startColumn, endColumn - startColumn, token.type.rawValue, Int(token.modifiers.rawValue)])
                }
                var decoded: [[Int]] = []
                var line = 0, column = 0
                for i in stride(from: 0, to: data.count, by: 5) {
                    line += data[i]
                    column = data[i] == 0 ? column + data[i + 1] : data[i + 1]
                    decoded.append([line, column, data[i + 2], data[i + 3], data[i + 4]])
                }
                XCTAssertFalse(expected.isEmpty)
                XCTAssertEqual(decoded, expected, encoding)
            }
        }
    }
}
