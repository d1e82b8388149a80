import TallyFormat
import TallySyntax
import Testing

/// ``Formatter/layingOutAppended(_:from:path:blockLimit:)`` around `tally-fmt` comments:
/// lines appended after a closed `off` region are laid out as `tally fmt` lays them out
/// (they used to be left as a tool spelled them, so `tally fmt --check` failed after the
/// write), and lines inside an open one stay as written.
@Suite struct AppendedLayoutTests {
    static let header = "currency EUR\nwallet Giro  bank\nwallet Cash  cash\nexpense Food, Fun\n\n"

    /// `text` with `lines` appended (as a tool spells them), then laid out.
    private func appending(_ lines: [String], to text: String) -> (start: Int, result: [UInt8]) {
        let bytes = Array(text.utf8)
        let appended = bytes + Array(lines.map { $0 + "\n" }.joined().utf8)
        return (bytes.count, Formatter.layingOutAppended(appended, from: bytes.count, path: "b.tally"))
    }

    private func isFormatted(_ bytes: [UInt8]) -> Bool {
        Formatter.format(Parser.parse(SourceText(path: "b.tally", bytes: bytes))) == .unchanged
    }

    @Test(arguments: [
        "2026-11-01 \"X\"  Giro  Food  -10.00\n; tally-fmt: off\n2026-11-02   \"X\" Giro Food -10.00\n; tally-fmt: on\n",
        "; tally-fmt: off\n2026-11-02   \"X\" Giro Food -10.00\n\n; tally-fmt: on\n2026-11-03 \"Y\"  Cash  Fun  -1.00\n"
    ])
    func afterAClosedRegionTheLinesAreLaidOut(_ body: String) {
        let text = Self.header + body
        #expect(isFormatted(Array(text.utf8)), "formatted to begin with")
        var current = text
        for line in ["2026-11-06 \"X\" Cash Food -2.50", "2026-11-07 \"The Corner Shop\" Giro Fun -23.40", "2026-11-08 \"A\" Cash Food -1.00"] {
            let (start, result) = appending([line], to: current)
            #expect(result.starts(with: Array(current.utf8)[..<start]), "no byte before the new line moves")
            #expect(isFormatted(result), "not formatted after appending:\n\(String(decoding: result, as: UTF8.self))")
            current = String(decoding: result, as: UTF8.self)
        }
    }

    /// An `off` without an `on` runs to the end of the file, across blank lines: what is
    /// appended there stays as written.
    @Test(arguments: ["; tally-fmt: off\n2026-11-02   \"X\" Giro Food -10.00\n", "; tally-fmt: off\n\n2026-11-02   \"X\" Giro Food -10.00\n\n"])
    func insideAnOpenRegionTheLinesStayAsWritten(_ body: String) {
        let line = "2026-11-06 \"X\" Cash Food -2.50"
        let (_, result) = appending([line], to: Self.header + body)
        #expect(String(decoding: result, as: UTF8.self) == Self.header + body + line + "\n")
        #expect(isFormatted(result))
    }

    /// Lines after the `off` that mention `tally-fmt` without being a directive (in a
    /// quoted text, in a comment that says something else) do not close the region: the
    /// search for the last directive reads on past them, and the new lines stay as written.
    @Test(arguments: ["2026-11-03 \"tally-fmt\" Giro Food -1.00\n", "2026-11-03 \"tally-fmt\" Giro Food -1.00  ; about tally-fmt\n"])
    func mentionsAfterAnOffAreNoDirective(_ mention: String) {
        let body = "; tally-fmt: off\n2026-11-02   \"X\" Giro Food -10.00\n" + mention
        let line = "2026-11-06 \"X\" Cash Food -2.50"
        let (_, result) = appending([line], to: Self.header + body)
        #expect(String(decoding: result, as: UTF8.self) == Self.header + body + line + "\n")
    }

    /// A `tally-fmt` inside a quoted text is no directive.
    @Test func aQuotedDirectiveIsText() {
        let text = Self.header + "2026-11-01 \"; tally-fmt: off\"  Giro  Food  -10.00\n"
        let (_, result) = appending(["2026-11-06 \"X\" Cash Food -2.50"], to: text)
        #expect(String(decoding: result, as: UTF8.self) == text + "2026-11-06 \"X\"                 Cash  Food   -2.50\n")
    }
}
