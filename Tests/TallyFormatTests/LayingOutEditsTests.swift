import TallyFormat
import TallySyntax
import Testing

/// `Formatter.layingOut(_:in:path:blockLimit:run:)`: edits made together with the layout of
/// the blocks they touch.
@Suite struct LayingOutEditsTests {
    static let path = "main.tally"

    /// `text` with `edits` laid out, applied.
    static func applied(_ edits: [TextEdit], to text: String, blockLimit: Int = 2_000) -> (text: String, edits: [TextEdit]) {
        let laidOut = Formatter.layingOut(edits, in: Array(text.utf8), path: path, blockLimit: blockLimit)
        var bytes = Array(text.utf8)
        for edit in laidOut.reversed() { bytes.replaceSubrange(edit.range.start ..< edit.range.end, with: Array(edit.replacement.utf8)) }
        return (String(decoding: bytes, as: UTF8.self), laidOut)
    }

    /// An edit replacing the first `old` in `text` by `new`.
    static func replacing(_ old: String, with new: String, in text: String) -> TextEdit {
        let r = text.range(of: old)!
        let start = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
        return TextEdit(range: ByteRange(start: start, end: start + old.utf8.count), replacement: new)
    }

    static func isFormatted(_ text: String) -> Bool {
        Formatter.format(Parser.parse(text, path: path)) == .unchanged
    }

    static let header = "currency EUR\nwallet A    bank\nwallet Bee  cash\nexpense Food, Fun\n\n"

    @Test func aFormattedBlockIsFormattedAgainAndOthersAreNotTouched() {
        let text = Self.header + "2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00\n\n2026-02-01 Bee  Fun  -3.00\n"
        #expect(Self.isFormatted(text))
        let edit = Self.replacing("01 A ", with: "01 Alpha-and-omega ", in: text)
        let result = Self.applied([edit], to: text)
        #expect(Self.isFormatted(result.text), "\(result.text)")
        #expect(result.text.contains("2026-01-01 Alpha-and-omega  Food  -1.00\n2026-01-02 Bee              Fun   -2.00\n\n"))
        // The block after the blank line is not edited.
        #expect(result.text.hasSuffix("\n\n2026-02-01 Bee  Fun  -3.00\n"))
        // Edits in order, apart; the name edit takes in the whitespace it touches.
        #expect(zip(result.edits, result.edits.dropFirst()).allSatisfy { $0.range.end <= $1.range.start })
        #expect(result.edits.contains { $0.replacement.hasPrefix("01 Alpha-and-omega  ") })
    }

    @Test func aBlockLaidOutByHandKeepsItsOtherLines() {
        let text = Self.header + "2026-01-01 A Food -1.00\n2026-01-02 Bee Fun -2.00\n"
        #expect(!Self.isFormatted(text))
        let result = Self.applied([Self.replacing("Bee Fun", with: "Beetle Fun", in: text)], to: text)
        #expect(result.text.hasSuffix("2026-01-01 A Food -1.00\n2026-01-02 Beetle  Fun   -2.00\n"), "\(result.text)")
    }

    @Test func anInsertedLineJoinsTheBlockAboveIt() {
        let text = Self.header + "2026-01-01 A  Food  -1.00\n\n2026-02-01 Bee  Fun  -3.00\n"
        #expect(Self.isFormatted(text))
        let at = text.utf8.count - "\n2026-02-01 Bee  Fun  -3.00\n".utf8.count
        let insert = TextEdit(range: .empty(at: at), replacement: "2026-01-02 Bee Fun -12.00\n")
        let result = Self.applied([insert], to: text)
        #expect(Self.isFormatted(result.text), "\(result.text)")
        #expect(result.text.contains("2026-01-01 A    Food   -1.00\n2026-01-02 Bee  Fun   -12.00\n\n2026-02-01 Bee  Fun  -3.00\n"))
    }

    @Test func aBlockOverTheLimitKeepsTheEditsAsTheyAre() {
        let text = Self.header + "2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00\n2026-01-03 Bee  Fun   -2.00\n"
        let edit = Self.replacing("01 A ", with: "01 Alpha ", in: text)
        #expect(Self.applied([edit], to: text, blockLimit: 1).edits == [edit])
        #expect(Self.applied([edit], to: text, blockLimit: 3).edits != [edit])
    }

    @Test func aRegionKeptAsWrittenKeepsTheEditsAsTheyAre() {
        let text = Self.header + "; tally-fmt: off\n\n2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00\n"
        let edit = Self.replacing("01 A ", with: "01 Alpha ", in: text)
        #expect(Self.applied([edit], to: text).edits == [edit])
        let on = text.replacingOccurrences(of: "; tally-fmt: off\n", with: "; tally-fmt: off\n; tally-fmt: on\n")
        #expect(Self.applied([Self.replacing("01 A ", with: "01 Alpha ", in: on)], to: on).edits.count > 1)
    }

    @Test func editsThatLeaveTheLayoutAsItIsStayAsTheyAre() {
        let text = Self.header + "2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00\n"
        let edit = Self.replacing("01 A ", with: "01 B ", in: text)
        #expect(Self.applied([edit], to: text).edits == [edit])
        // Overlapping edits are not this function's to sort out.
        let overlapping = [edit, TextEdit(range: ByteRange(start: edit.range.start + 1, end: edit.range.end + 1), replacement: "x")]
        #expect(Formatter.layingOut(overlapping, in: Array(text.utf8), path: Self.path).count == 2)
    }

    @Test func aFileWithoutItsLastLineBreakDoesNotGetOne() {
        let text = Self.header + "2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00"
        let result = Self.applied([Self.replacing("01 A ", with: "01 Alpha ", in: text)], to: text)
        #expect(result.text.hasSuffix("2026-01-01 Alpha  Food  -1.00\n2026-01-02 Bee    Fun   -2.00"), "\(result.text)")
    }

    @Test func windowsLineBreaksStayAsTheyAre() {
        let text = (Self.header + "2026-01-01 A    Food  -1.00\n2026-01-02 Bee  Fun   -2.00\n").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.isFormatted(text))
        let result = Self.applied([Self.replacing("01 A ", with: "01 Alpha ", in: text)], to: text)
        #expect(Self.isFormatted(result.text), "\(result.text)")
        #expect(result.text.hasSuffix("2026-01-01 Alpha  Food  -1.00\r\n2026-01-02 Bee    Fun   -2.00\r\n"))
    }
}
