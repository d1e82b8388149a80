import Foundation
import TallyFormat
import TallySyntax
import Testing

@testable import TallyLSP

/// A formatting request that changes most lines of a large file is answered with one
/// edit replacing the document by its formatted text (in both encodings, over CJK and
/// emoji): the text `Formatter.format` gives, ending at the document's last position.
@Suite struct WholeDocumentFormattingTests {
    @Test func mostLinesChangedIsOneWholeEdit() throws {
        var text = "currency EUR\nwallet   Kasse cash\nexpense 食品\n"
        for i in 0 ..< 1_200 { text += "2026-11-\(10 + i % 10)   \"😀 咖啡 \\\"\(i)\\\"\"   Kasse   食品   -\(i).50\n" }
        text += "2026-11-30 \"end\" Kasse 食品 -1.00"  // no final line break
        let tree = Parser.parse(SourceText(path: "a.tally", text: text))
        guard case .formatted(let expected) = Formatter.format(tree) else { Issue.record("nothing to format"); return }
        let lines = LineIndex(tree.source)
        for encoding in ["utf-16", "utf-8"] {
            let client = TestClient()
            _ = client.initialize(encodings: [encoding])
            client.open("a.tally", text)
            let document: JSON = ["textDocument": ["uri": .string(client.uri("a.tally"))], "options": ["tabSize": 4, "insertSpaces": true]]
            let edits = try #require(client.result("textDocument/formatting", document).arrayValue)
            #expect(edits.count == 1)
            #expect(edits.first?["newText"]?.stringValue == String(decoding: expected, as: UTF8.self))
            let end = lines.position(of: text.utf8.count)
            let character = encoding == "utf-8" ? end.byteColumn : lines.utf16Position(of: text.utf8.count).column
            #expect(edits.first?["range"] == ["start": ["line": 0, "character": 0], "end": ["line": .int(end.line), "character": .int(character)]])
        }
    }
}
