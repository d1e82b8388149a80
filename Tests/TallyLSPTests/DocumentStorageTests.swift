import TallySyntax
import Testing

@testable import TallyLSP

/// An edit writes the new text into the storage of the text before the previous edit,
/// once nothing else holds it (`Document.spare`): a large budget's edit then needs no
/// fresh pages for its text.
struct DocumentStorageTests {
    private func replace(_ document: inout Document, line: Int, from: Int, to: Int, with text: String, version: Int) {
        let range = LSPRange(start: Position(line: line, character: from), end: Position(line: line, character: to))
        document.apply([DocumentChange(range: range, text: text)], version: version, encoding: .utf16)
    }

    @Test func theSecondEditReusesTheFirstTextsStorage() {
        var document = Document(uri: "file:///b.tally", version: 1, text: "2026-01-01 Cash Food 1.00\n2026-01-02 Cash Food 2.00\n")
        let original = document.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        replace(&document, line: 0, from: 21, to: 25, with: "3.50", version: 2)
        // An array of the same size made now would take the first text's storage had the
        // document let it go (the allocator hands a freed block of that size out again).
        let squatter = [UInt8](repeating: 0, count: document.bytes.count)
        replace(&document, line: 1, from: 21, to: 25, with: "12.75", version: 3)
        #expect(squatter.count == 52)
        #expect(document.text == "2026-01-01 Cash Food 3.50\n2026-01-02 Cash Food 12.75\n")
        #expect(document.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == original)
        #expect(document.lines.lineStarts == [0, 26, 53])
    }

    /// While an analysis still holds the older text, the edit copies instead and leaves
    /// that text as it was.
    @Test func aTextStillHeldElsewhereIsNotWrittenInto() {
        var document = Document(uri: "file:///b.tally", version: 1, text: "2026-01-01 Cash Food 1.00\n")
        let held = document.bytes
        replace(&document, line: 0, from: 21, to: 25, with: "2.00", version: 2)
        replace(&document, line: 0, from: 21, to: 25, with: "3.00", version: 3)
        #expect(String(decoding: held, as: UTF8.self) == "2026-01-01 Cash Food 1.00\n")
        #expect(document.text == "2026-01-01 Cash Food 3.00\n")
    }
}
