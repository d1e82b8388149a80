import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyLSP

/// Inlay hints and references are printed straight into the answer's bytes (a large
/// budget has a hint on nearly every line): the printed answer must be the plain
/// conversion of the providers' offsets through `LineIndex`, in both encodings, over the
/// examples and a text with emoji, CJK and CRLF.
@Suite struct DirectPrintedHintsTests {
    private func texts() throws -> [String] {
        var result = try TestSupport.files(in: "examples", withExtension: "tally").map { try String(contentsOfFile: $0, encoding: .utf8) }
        result.append(
            "currency   EUR\r\nwallet  Kasse cash opening 20.00 on 2026-11-01\r\nexpense 食品\r\nenvelope 食品 monthly 50.00\r\n"
                + "2026-11-02   \"😀 咖啡\"  Kasse 食品 -4.50 #tag ; note ✂\r\n2026-11-03 \"店\" Kasse 食品 -1.00\r\n")
        return result
    }

    private func position(_ offset: Int, _ lines: LineIndex, _ encoding: String) -> JSON {
        if encoding == "utf-8" {
            let p = lines.position(of: offset)
            return ["line": .int(p.line), "character": .int(p.byteColumn)]
        }
        let p = lines.utf16Position(of: offset)
        return ["line": .int(p.line), "character": .int(p.column)]
    }

    @Test func hintsAndReferencesMatchAPlainConversion() throws {
        var hintsSeen = 0
        var referencesSeen = 0
        for encoding in ["utf-16", "utf-8"] {
            for text in try texts() {
                let client = TestClient()
                _ = client.initialize(encodings: [encoding])
                client.open("a.tally", text)
                let path = client.folder.appendingPathComponent("a.tally").path
                let analysis = try #require(client.server.queue.sync { client.server.analyses.values.first { $0.file(path) != nil } })
                let lines = LineIndex(SourceText(path: path, text: text))
                let whole: JSON = ["start": ["line": 0, "character": 0], "end": ["line": .int(lines.lineStarts.count + 1), "character": 0]]
                let document: JSON = ["uri": .string(client.uri("a.tally"))]

                let hints = client.result("textDocument/inlayHint", ["textDocument": document, "range": whole])
                let expectedHints = InlayHintProvider.hints(
                    in: analysis, path: path, range: ByteRange(start: 0, end: text.utf8.count), options: InlayHintOptions())
                let plainHints: [JSON] = expectedHints.map {
                    ["position": position($0.offset, lines, encoding), "label": .string($0.label), "paddingLeft": true]
                }
                #expect(hints == .array(plainHints), "\(encoding)")
                hintsSeen += plainHints.count

                // References of the first expense category declared.
                guard let declaration = text.utf8.firstRange(of: "\nexpense ".utf8) else { continue }
                let offset = text.utf8.distance(from: text.utf8.startIndex, to: declaration.upperBound)
                let at = position(offset, lines, encoding)
                let references = client.result(
                    "textDocument/references", ["textDocument": document, "position": at, "context": ["includeDeclaration": true]])
                let plainReferences: [JSON] = NavigationProvider.references(in: analysis, path: path, offset: offset, includeDeclaration: true).map {
                    ["uri": .string(client.uri("a.tally")), "range": ["start": position($0.range.start, lines, encoding), "end": position($0.range.end, lines, encoding)]]
                }
                #expect(references == .array(plainReferences), "\(encoding)")
                referencesSeen += plainReferences.count
            }
        }
        #expect(hintsSeen > 20)
        #expect(referencesSeen > 5)
    }
}
