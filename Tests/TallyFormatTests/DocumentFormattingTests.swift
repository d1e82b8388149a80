import TallyFormat
import TallySyntax
import Testing

/// What the language server answers a formatting request with: whitespace edits, or the
/// whole formatted text when most lines of a large file change, both giving the text
/// `Formatter.format` gives.
@Suite struct DocumentFormattingTests {
    /// `count` transactions written with too many spaces (every line changes), then
    /// after a blank line (a block of their own) `formatted` lines already in the layout.
    private func budget(unformatted count: Int, formatted: Int = 0) -> String {
        var text = ""
        for i in 0 ..< count { text += "2026-01-\(10 + i % 10)   Cash    Fun   -\(i).00\n" }
        if count > 0 && formatted > 0 { text += "\n" }
        for _ in 0 ..< formatted { text += "2026-02-01 Cash  Fun  -1.00\n" }
        return text
    }

    @Test func mostLinesChangedGivesTheWholeText() throws {
        let tree = Parser.parse(budget(unformatted: 30))
        guard case .formatted(let expected) = Formatter.format(tree) else { Issue.record("nothing to format"); return }
        // 30 lines change out of 30: at least 20 and more than half.
        guard case .whole(let text) = Formatter.documentFormatting(tree, wholeFrom: 20) else { Issue.record("not whole"); return }
        #expect(text == expected)
        // Under the threshold, the same text as edits, the ones `edits` gives.
        guard case .edits(let edits) = Formatter.documentFormatting(tree, wholeFrom: 31) else { Issue.record("no edits"); return }
        #expect(edits == Formatter.edits(tree))
        #expect(FormatAssertions.apply(edits, to: tree.source.bytes) == expected)
    }

    @Test func fewLinesChangedOrARangeGivesEdits() throws {
        // 20 lines change out of 51: not more than half.
        let tree = Parser.parse(budget(unformatted: 20, formatted: 30))
        guard case .edits(let edits) = Formatter.documentFormatting(tree, wholeFrom: 10) else { Issue.record("not edits"); return }
        #expect(edits == Formatter.edits(tree))
        // A range is always answered with edits.
        let range = ByteRange(start: 0, end: 40)
        guard case .edits(let ranged) = Formatter.documentFormatting(tree, range: range, wholeFrom: 1) else { Issue.record("not edits"); return }
        #expect(ranged == Formatter.edits(tree, range: range))
    }

    @Test func formattedTextAndStopsGiveNothing() {
        let tree = Parser.parse(budget(unformatted: 0, formatted: 40))
        #expect(isUnchanged(Formatter.documentFormatting(tree, wholeFrom: 1)))
        #expect(isUnchanged(Formatter.documentFormatting(Parser.parse(budget(unformatted: 40)), wholeFrom: 1, shouldStop: { true })))
    }

    /// Text that is not valid UTF-8 (E0101 in a comment) is never sent as one string:
    /// the edits carry whitespace alone.
    @Test func invalidUTF8GivesEdits() {
        var bytes = Array(budget(unformatted: 30).utf8)
        bytes += Array("; caf".utf8) + [0xE9] + [0x0A]
        let tree = Parser.parse(SourceText(path: "a.tally", bytes: bytes))
        guard case .edits(let edits) = Formatter.documentFormatting(tree, wholeFrom: 20) else { Issue.record("not edits"); return }
        #expect(edits.allSatisfy { $0.replacement.allSatisfy { $0 == " " || $0 == "\n" } })
    }

    private func isUnchanged(_ result: DocumentFormatting) -> Bool {
        if case .unchanged = result { return true }
        return false
    }
}
