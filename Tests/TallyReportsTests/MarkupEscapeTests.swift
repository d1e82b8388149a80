import Testing

@testable import TallyReports

/// ``Markup/escape(_:)`` returns plain text as it is and escapes the rest scalar by
/// scalar: every ASCII byte, alone and inside text, gives what the scalar walk gives.
struct MarkupEscapeTests {
    @Test func everyASCIICharacterEscapesAsBefore() {
        for value in 0 ..< 0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            let expected: String
            switch scalar {
            case "&": expected = "&amp;"
            case "<": expected = "&lt;"
            case ">": expected = "&gt;"
            case "\"": expected = "&quot;"
            case "'": expected = "&#39;"
            case "\t", "\n", "\r": expected = String(scalar)
            default: expected = value >= 0x20 && value != 0x7F ? String(scalar) : "\u{FFFD}"
            }
            #expect(Markup.escape("a" + String(scalar) + "b") == "a" + expected + "b", "\(value)")
        }
        #expect(Markup.escape("Rewe -12.50 Food:Groceries") == "Rewe -12.50 Food:Groceries")
        #expect(Markup.escape("Café <b> \u{85}") == "Café &lt;b&gt; \u{FFFD}")
    }
}
