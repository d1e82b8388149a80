import TallyFormat
import TallySyntax
import Testing

/// `Formatter.formattedLine`: one line laid out from its block alone, as `tally fmt` lays
/// out the whole file.
@Suite struct FormattedLineTests {
    static let text = """
        currency EUR
        wallet Giro bank

        2026-03-01 "Tesco Metro" Giro Food -20.00
        2026-03-02 "Bus" Giro Transport -2.00

        2026-03-03 "A" Giro Fun -1.00

        """

    static func line(_ prefix: String, in text: String, limit: Int = 2_000) -> String? {
        let bytes = Array(text.utf8)
        let start = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: prefix)!.lowerBound)
        return Formatter.formattedLine(at: start, in: bytes, path: "b.tally", blockLimit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aLineTakesItsBlocksColumnsOnly() {
        // Its block is the two lines between the blank ones: payees as wide as
        // "Tesco Metro" (13) plus two, categories as "Transport" (9) plus two, amounts on
        // the point under -20.00 (one more space before -2.00).
        #expect(Self.line("2026-03-02", in: Self.text) == "2026-03-02 \"Bus\"          Giro  Transport   -2.00")
        // The last block has one line: one field after another, two spaces apart.
        #expect(Self.line("2026-03-03", in: Self.text) == "2026-03-03 \"A\"  Giro  Fun  -1.00")
        // What the whole file's formatting writes for the same lines.
        guard case .formatted(let whole) = Formatter.format(Parser.parse(Self.text, path: "b.tally")) else {
            Issue.record("the file should need formatting")
            return
        }
        let lines = String(decoding: whole, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.contains(Self.line("2026-03-01", in: Self.text)!))
        #expect(lines.contains(Self.line("2026-03-02", in: Self.text)!))
    }

    @Test func noAnswerWhenTheBlockCannotTell() {
        // A `tally-fmt: off` region may start above the block: the caller keeps its layout.
        let off = "; tally-fmt: off\n2026-03-01 \"A\" Giro Fun -1.00\n"
        #expect(Self.line("2026-03-01", in: off) == nil)
        // A block longer than the limit is not read.
        #expect(Self.line("2026-03-02", in: Self.text, limit: 1) == nil)
    }
}
