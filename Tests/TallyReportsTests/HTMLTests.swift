import Testing

@testable import TallyReports

/// ``HTML``: literal parts are markup, interpolated text is escaped, `HTML` is inserted
/// as it is, and only `HTML(unescaped:)` lets text through unescaped.
struct HTMLTests {
    @Test(arguments: [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")])
    func eachSpecialCharacterIsEscaped(character: String, entity: String) {
        let text = "a\(character)b"
        let html: HTML = "<td title=\"\(text)\">\(text)</td>"
        #expect(html.rendered == "<td title=\"a\(entity)b\">a\(entity)b</td>")
    }

    @Test func textIsEscapedWhateverItsType() {
        let name: Substring = "<b>"[...]
        let count = 3
        let html: HTML = "\(name) \(count) \(1.5)"
        #expect(html.rendered == "&lt;b&gt; 3 1.5")
    }

    /// Characters XML forbids become U+FFFD, as ``Markup/escape(_:)`` makes them.
    @Test func controlCharactersAreReplaced() {
        let html: HTML = "\("a\u{1}b")"
        #expect(html.rendered == "a\u{FFFD}b")
    }

    @Test func nestedHTMLIsNotEscapedAgain() {
        let cell: HTML = "<td>\("Tom & Jerry")</td>"
        let row: HTML = "<tr>\(cell)</tr>"
        #expect(row.rendered == "<tr><td>Tom &amp; Jerry</td></tr>")
        let table: HTML = "<table>\(row)\(row)</table>"
        #expect(table.rendered == "<table><tr><td>Tom &amp; Jerry</td></tr><tr><td>Tom &amp; Jerry</td></tr></table>")
    }

    @Test func literalsAreMarkupAndUnescapedIsRaw() {
        let literal: HTML = "<p class=\"x\">&nbsp;</p>"
        #expect(literal.rendered == "<p class=\"x\">&nbsp;</p>")
        let raw = HTML(unescaped: "a > b && c")
        #expect(raw.rendered == "a > b && c")
        let wrapped: HTML = "<style>\(raw)</style>"
        #expect(wrapped.rendered == "<style>a > b && c</style>")
    }

    @Test func joiningAndAppending() {
        let items: [HTML] = ["<li>\("a<")</li>", "<li>\("b&")</li>"]
        #expect(items.joined().rendered == "<li>a&lt;</li><li>b&amp;</li>")
        #expect(items.joined(separator: "\n").rendered == "<li>a&lt;</li>\n<li>b&amp;</li>")
        #expect(([] as [HTML]).joined(separator: ", ").isEmpty)
        var page: HTML = "<ul>"
        page += items[0] + items[1]
        page += "</ul>"
        #expect(page.rendered == "<ul><li>a&lt;</li><li>b&amp;</li></ul>")
        #expect(HTML().isEmpty && !page.isEmpty)
    }

    /// A conditional literal given as `HTML` stays markup; given as a `String` it is text.
    @Test func aConditionalLiteralIsMarkupOnlyAsHTML() {
        let numeric = true
        let markup: HTML = numeric ? " class=\"num\"" : ""
        let asText = numeric ? " class=\"num\"" : ""
        let cells: HTML = "<td\(markup)></td><td\(asText)></td>"
        #expect(cells.rendered == "<td class=\"num\"></td><td class=&quot;num&quot;></td>")
    }
}
