import TallyTestSupport
import XCTest

@testable import TallySyntax

/// Files that are plainly not text (``TextSniffer``) get one E0105 and a lossless tree of
/// lines, whichever way they are parsed.
final class NotTextTests: XCTestCase {
    private func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = TestSupport.SeededGenerator(seed: seed)
        return (0 ..< count).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
    }

    func testTheRuleCountsSuspiciousBytesInTheFirst8KiB() {
        // 200 bytes with 20 NULs: exactly one in ten is not more than one in ten.
        let tenPercent = Array(repeating: UInt8(ascii: "a"), count: 180) + Array(repeating: 0, count: 20)
        XCTAssertNil(TextSniffer.evidence(tenPercent))
        // 21 of 200: more than one in ten, and at least 16.
        let more = Array(repeating: UInt8(ascii: "a"), count: 179) + Array(repeating: 0, count: 21)
        XCTAssertEqual(TextSniffer.evidence(more), .init(suspicious: 21, sampled: 200, hasNUL: true, first: 179))
        // 15 of 20 is more than a tenth, but fewer than 16: text.
        XCTAssertNil(TextSniffer.evidence(Array(repeating: UInt8(ascii: "a"), count: 5) + Array(repeating: 0, count: 15)))
        // `wallet Caf` + Latin-1 `é` and a stray 0xFF: 2 in 18, fewer than 16 (LexerTests reports each).
        XCTAssertNil(TextSniffer.evidence(Array("wallet Caf".utf8) + [0xE9, 0xFF] + Array(" cash\n".utf8)))
        // Latin-1 accents are invalid UTF-8: 20 `é` (0xE9) among 80 letters is 20 of 100.
        let word: [UInt8] = [0x61, 0x62, 0x63, 0x64, 0xE9]
        let latin1: [UInt8] = Array(repeating: word, count: 20).flatMap { $0 }
        XCTAssertEqual(TextSniffer.evidence(latin1)?.suspicious, 20)
        // C1 controls (2 bytes) and U+FFFD (3 bytes) count with all their bytes: 8 × 3 = 24 of 32.
        XCTAssertEqual(TextSniffer.evidence(Array(String(repeating: "\u{FFFD}a", count: 8).utf8))?.suspicious, 24)
        XCTAssertEqual(TextSniffer.evidence(Array(String(repeating: "\u{85}a", count: 8).utf8))?.suspicious, 16)
        // Valid UTF-8, tabs and line breaks are never suspicious.
        XCTAssertNil(TextSniffer.evidence(Array("€ £ ü\t\r\n".utf8)))
        XCTAssertNil(TextSniffer.evidence([]))
        // Only the first 8,192 bytes count: NULs after them change nothing.
        XCTAssertNil(TextSniffer.evidence(Array(repeating: UInt8(ascii: "a"), count: 8192) + Array(repeating: 0, count: 10_000)))
        // A character cut by the end of the sample is judged whole.
        let cut = Array(repeating: UInt8(ascii: "a"), count: 8191) + Array("€".utf8)
        XCTAssertNil(TextSniffer.evidence(Array(repeating: 0, count: 819) + cut.dropFirst(819)))
        // A text budget with one stray NUL stays text; its NUL is an E0104.
        let budget = "wallet Ca\u{0}sh cash\n2026-01-01 Cash Fun -1.00\n"
        XCTAssertEqual(Parser.parse(budget).diagnostics.map(\.code), [.controlCharacter])
    }

    func testNotTextGetsOneDiagnosticAndALosslessTree() {
        for (count, seed) in [(300, UInt64(1)), (100_000, 2), (40, 3)] {
            var bytes = randomBytes(count, seed: seed)
            if count == 40 { bytes = Array(repeating: [0, 0x0A, 0, 0x0D, 0x0D, 0x0A, 0x41, 0], count: 10).flatMap { $0 } }
            let tree = Parser.parse(SourceText(path: "x.bin", bytes: bytes))
            XCTAssertEqual(tree.diagnostics.map(\.code), [.notText], "\(count) bytes")
            var output: [UInt8] = []
            tree.root.write(into: &output)
            XCTAssertEqual(output, bytes)
            XCTAssertEqual(tree.root.range, ByteRange(start: 0, end: bytes.count))
            XCTAssertTrue(tree.root.childNodes.allSatisfy { $0.kind == .errorEntry })
            // No token spans a line break.
            for i in tree.tokenKinds.indices where tree.tokenKinds[i] == .unknown {
                let token = bytes[Int(tree.tokenStarts[i]) ..< Int(tree.tokenStarts[i + 1])]
                XCTAssertFalse(token.contains(0x0A) || token.contains(0x0D))
            }
        }
    }

    func testChunksAndReparsingGiveTheWholeFileTree() {
        // A binary file with date lines, so it can be cut, and a text file made binary by an edit.
        var bytes = randomBytes(4000, seed: 7)
        for k in stride(from: 500, to: 4000, by: 500) { bytes.replaceSubrange(k ..< k + 12, with: Array("\n2026-01-01 ".utf8)) }
        let source = SourceText(path: "x.bin", bytes: bytes)
        let boundaries = Parser.chunkBoundaries(of: bytes, into: 4)
        XCTAssertGreaterThan(boundaries.count, 2)
        let chunks = (0 ..< boundaries.count - 1).map { Parser.parseChunk(source, range: boundaries[$0] ..< boundaries[$0 + 1]) }
        let joined = Parser.join(chunks, of: source)
        let whole = Parser.parse(source)
        XCTAssertEqual(joined.tokenStarts, whole.tokenStarts)
        XCTAssertEqual(joined.diagnostics, whole.diagnostics)

        let text = String(repeating: "2026-01-01 Cash Fun -1.00\n", count: 400)
        let textTree = Parser.parse(text, path: "a.tally")
        let binary = SourceText(path: "a.tally", bytes: Array(repeating: 0, count: 1000) + Array(text.utf8))
        let reparsed = Parser.reparse(binary, previous: textTree)
        XCTAssertEqual(reparsed.diagnostics.map(\.code), [.notText])
        XCTAssertEqual(reparsed.tokenStarts, Parser.parse(binary).tokenStarts)
        let back = Parser.reparse(SourceText(path: "a.tally", text: text), previous: reparsed)
        XCTAssertEqual(back.tokenStarts, textTree.tokenStarts)
        XCTAssertEqual(back.diagnostics, [])
    }
}
