import TallyCore
import TallySyntax
import XCTest

/// The scanner finds what the parser finds: `include` directives in column 1, whatever the
/// line endings, and nothing else, with or without the line starts given.
final class IncludeScannerTests: XCTestCase {
    func testFindsTheIncludeDirectivesTheParserFinds() {
        let texts = [
            "include \"a.tally\"\ninclude \"sub/b.tally\"\n2026-01-01 Cash Food -1\n",
            "wallet Cash cash\r\ninclude \"a.tally\"\r\n\r\ninclude\t\"b.tally\"",
            "include \"a.tally\"\rinclude \"b.tally\"\r",
            "  include \"indented.tally\"\nincludes \"no.tally\"\ninclude\n; include \"comment.tally\"\ninclude \"last.tally\"",
            "",
            "include",
            "\u{FEFF}include \"after-bom.tally\"\n"
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = Parser.parse(SourceText(path: "dir/main.tally", bytes: bytes)).entries(of: .includeDirective)
                .compactMap { IncludeDirectiveSyntax($0)?.path }.map { "dir/" + $0 }
            XCTAssertEqual(IncludeScanner.includes(of: bytes, path: "dir/main.tally"), expected, text.debugDescription)
            let lines = LineIndex(SourceText(path: "dir/main.tally", bytes: bytes)).lineStarts
            XCTAssertEqual(IncludeScanner.includes(of: bytes, path: "dir/main.tally", lineStarts: lines), expected, text.debugDescription)
        }
        XCTAssertEqual(
            IncludeScanner.includes(of: Array("include \"a.tally\"\ninclude \"b.tally\"\n".utf8), path: "main.tally"),
            ["a.tally", "b.tally"])
    }
}
