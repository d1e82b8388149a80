import Foundation
import TallySyntax
import TallyTestSupport
import Testing

@testable import TallyLSP

/// The one-pass semantic tokens agree with the plain walk over the tree, token for token,
/// on every example and fixture, and on text that does not parse.
@Suite struct SemanticTokenPassTests {
    @Test func theFastPassAgreesWithTheTreeWalkOnEveryExampleAndFixture() throws {
        let paths = TestSupport.allTallyFiles()
        #expect(paths.count > 50)
        for path in paths {
            // Bytes, not text: some fixtures are invalid UTF-8 on purpose.
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let tree = Parser.parse(SourceText(path: path, bytes: bytes))
            #expect(SemanticTokenProvider.tokens(tree: tree) == SemanticTokenProvider.tokensByWalkingTheTree(tree), "\(path)")
        }
    }

    @Test func theFastPassAgreesOnBrokenText() {
        let texts = [
            "", "\u{FEFF}currency EUR\n", "; only a comment", "2026-01-01 \"unterminated\n    stray\nwallet",
            "  indented first\n2026-13-45 Giro Fun -1\nenvelope 'X Y' monthly for A, 'B C' in Giro\n; c\n\n",
            "option severity W0511 off\noption week-start monday\n2026-01-01 Giro Fun -1.00 goal G rule r by 'Ann B'\n    id: \"x\"\n",
            "every month on 1 from 2026-01-01 as miete Giro Fun -1\r\n2026-01-01 skip miete ; x\r\n"
        ]
        for text in texts {
            let tree = Parser.parse(SourceText(path: "main.tally", text: text))
            #expect(SemanticTokenProvider.tokens(tree: tree) == SemanticTokenProvider.tokensByWalkingTheTree(tree), "\(text)")
        }
    }

    @Test func aRangeGivesTheTokensOfTheWholeFileThatOverlapIt() throws {
        let path = TestSupport.path("examples/household.tally")
        let tree = Parser.parse(SourceText(path: path, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        let all = SemanticTokenProvider.tokens(tree: tree)
        let size = tree.source.bytes.count
        #expect(size > 1000)
        for (start, end) in [(0, 0), (0, 1), (0, size), (size / 3, size / 3 + 400), (size / 2, size / 2 + 1), (size - 50, size), (size, size + 10)] {
            let range = ByteRange(start: start, end: end)
            let expected = all.filter { $0.range.start < max(end, start + 1) && start < $0.range.end }
            #expect(SemanticTokenProvider.tokens(tree: tree, in: range) == expected, "\(range)")
        }
    }
}
