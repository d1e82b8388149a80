import TallyFormat
import TallyLSP
import TallySyntax
import TallyTestSupport
import XCTest

/// Answers printed directly into bytes (outline, formatting edits) against a plain
/// conversion through `LineIndex`, over the examples and text with emoji, CJK and CRLF.
final class DirectPrintingTests: XCTestCase {
    private func texts() throws -> [String] {
        var result = try TestSupport.files(in: "examples", withExtension: "tally").map { try String(contentsOfFile: $0, encoding: .utf8) }
        result.append("currency   EUR\r\nwallet  Kasse cash\r\nexpense 食品\r\n2026-11-02   \"😀 咖啡\"  Kasse 食品 -4.50 #tag ; note ✂\r\n      食品 -1.00\r\n")
        return result
    }

    private func range(_ r: ByteRange, _ lines: LineIndex, _ encoding: String) -> JSON {
        func position(_ offset: Int) -> JSON {
            if encoding == "utf-8" {
                let p = lines.position(of: offset)
                return ["line": .int(p.line), "character": .int(p.byteColumn)]
            }
            let p = lines.utf16Position(of: offset)
            return ["line": .int(p.line), "character": .int(p.column)]
        }
        return ["start": position(r.start), "end": position(r.end)]
    }

    func testOutlineAndFormattingEditsMatchAPlainConversion() throws {
        var editsSeen = 0
        for encoding in ["utf-16", "utf-8"] {
            for text in try texts() {
                let client = TestClient()
                client.initialize(encodings: [encoding])
                client.open("a.tally", text)
                let tree = Parser.parse(SourceText(path: "a.tally", text: text))
                let lines = LineIndex(tree.source)

                func expected(_ symbol: SymbolInfo) -> JSON {
                    var members: [String: JSON] = [
                        "name": .string(symbol.name.isEmpty ? "?" : symbol.name),
                        "range": range(symbol.range, lines, encoding),
                        "selectionRange": range(symbol.selectionRange, lines, encoding)
                    ]
                    if let detail = symbol.detail { members["detail"] = .string(detail) }
                    if !symbol.children.isEmpty { members["children"] = .array(symbol.children.map(expected)) }
                    return .object(members)
                }
                func withoutKinds(_ json: JSON) -> JSON {
                    guard case .object(var members) = json else { return json }
                    members["kind"] = nil
                    if let children = members["children"]?.arrayValue { members["children"] = .array(children.map(withoutKinds)) }
                    return .object(members)
                }
                let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))], "options": ["tabSize": 4, "insertSpaces": true]]
                let outline = client.result("textDocument/documentSymbol", document).arrayValue ?? []
                XCTAssertEqual(outline.map(withoutKinds), SymbolProvider.documentSymbols(tree: tree).map(expected), encoding)
                XCTAssertFalse(outline.isEmpty)

                let edits = client.result("textDocument/formatting", document)
                let plain: [JSON] = Formatter.edits(tree).map { ["range": range($0.range, lines, encoding), "newText": .string($0.replacement)] }
                XCTAssertEqual(edits, .array(plain), encoding)
                editsSeen += plain.count
            }
        }
        XCTAssertGreaterThan(editsSeen, 0, "some text needs formatting")
    }
}
