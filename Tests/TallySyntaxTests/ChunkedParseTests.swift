import Foundation
import TallyTestSupport
import XCTest

@testable import TallySyntax

/// A file cut into chunks, each parsed on its own and joined, gives exactly the tree of a
/// whole-file parse: same tokens, same nodes, same diagnostics in the same order. Cuts are
/// forced at every possible place, far below the size where the loader would cut.
final class ChunkedParseTests: XCTestCase {
    func testEveryRepositoryFileParsesIdenticallyCutAtEveryEntry() throws {
        let files = TestSupport.allTallyFiles()
        XCTAssertGreaterThan(files.count, 20)
        var cuts = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            cuts += assertChunkedParseIdentical(bytes, file)
        }
        XCTAssertGreaterThan(cuts, 200, "the files offer few places to cut; the test proves little")
    }

    func testCutsNextToLineEndingsMarksCommentsAndErrors() {
        let cases = [
            "\u{FEFF}2026-01-01 Cash Food -1\n2026-01-02 Cash Food -2\n",
            "2026-01-01 Cash Food -1\r\n2026-01-02 Cash Food -2\r\n2026-01-03 Cash Food -3",
            "2026-01-01 Cash Food -1\r2026-01-02 Cash Food -2\n2026-01-03 x\n",
            "; comment\n2026-01-01 Cash Food\n  ; indented comment\n2026-01-02 Cash\n    Food -1\n",
            "2026-01-01 Cash Food\n\n    Food -1\n2026-01-02 Cash Food -1\n",
            "2026-01-01 Cash Food\nFood -1\n2026-01-02 Cash Food -1\n",
            "wallet Cash EUR\n  opened: 2026-01-01\n2026-01-02 \"unterminated\n2026-01-03 'x Cash -1\n",
            "2026-01-01 Cash Food -1 ; \u{01}\n2026-01-02\t\u{7F} Food -1\n2026-13-45 Cash Food -1\n",
            "2026-01-01 Cash \u{E9}\n2026-01-01\n2026-01-01 \n2026-01-01 ",
            "garbage !!\n2026-01-01 Cash Food -1\n   \n2026-01-02 Cash Food -1\n  key: value\n"
        ]
        for text in cases {
            assertChunkedParseIdentical(Array(text.utf8), text)
        }
        // Bytes that are not UTF-8 just before a cut.
        assertChunkedParseIdentical(
            [0xC3, 0x0A] + Array("2026-01-01 Cash Food -1\n".utf8) + [0xE9, 0x0D, 0x0A]
                + Array("2026-01-02 Cash Food -1\n".utf8), "invalid UTF-8")
    }

    /// A few hundred damaged copies of the examples, with damage aimed at the lines around
    /// entries (line endings, marks, comments, stray and error lines, split lines).
    func testMutatedExamplesParseIdentically() throws {
        var random = TestSupport.SeededGenerator(seed: 0xC4_0C5)
        let examples = TestSupport.files(in: "examples", withExtension: "tally")
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        let sources = try examples.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let insertions = [
            "\r\n", "\r", "\n", "\u{FEFF}", "; note\n", "  ; note\n", "    Food -1\n", "  key: 1\n",
            "garbage !!\n", "\"open\n", "2026-02-30 ", "\n\n", "\t", "Food 12\n"
        ].map { Array($0.utf8) }
        let interesting: [UInt8] = Array(" \t\n\r\"';,#=@->.%:0123456789".utf8) + [0x00, 0xC3, 0xFF, 0xE9]
        for round in 0 ..< 300 {
            var bytes = sources[round % sources.count]
            if round % 5 == 0 { bytes = crlf(bytes) }
            for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                guard !bytes.isEmpty else { break }
                var i = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0:
                    // At the start of a line, where cuts go.
                    while i > 0 && bytes[i - 1] != 0x0A { i -= 1 }
                    bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: i)
                case 1:
                    let length = min(Int.random(in: 1 ... 20, using: &random), bytes.count - i)
                    bytes.removeSubrange(i ..< i + length)
                case 2:
                    let length = min(Int.random(in: 1 ... 40, using: &random), bytes.count - i)
                    bytes.insert(contentsOf: bytes[i ..< i + length], at: i)
                default:
                    bytes[i] = interesting.randomElement(using: &random)!
                }
            }
            assertChunkedParseIdentical(bytes, "mutation round \(round)")
        }
    }

    /// A larger generated file cut the way the loader cuts, into 2, 3 and 8 chunks.
    func testGeneratedFileParsesIdenticallyInEvenChunks() throws {
        var random = TestSupport.SeededGenerator(seed: 42)
        var text = "option currency EUR\nwallet Cash EUR\nwallet Bank EUR\ncategory Food expense\ncategory Pay income\n"
        for day in 0 ..< 3000 {
            let date = String(format: "2026-%02d-%02d", 1 + day % 12, 1 + day % 28)
            switch Int.random(in: 0 ..< 6, using: &random) {
            case 0: text += "\(date) Cash Food -\(day % 97).50 #tag \"note\"\n"
            case 1: text += "\(date) Bank \"Shop\"\n    Food -1\n    Food -2.25\n  key: value\n"
            case 2: text += "\(date) Bank -> Cash 20\r\n"
            case 3: text += "; day \(day)\n\(date) Bank Pay 100\n\n"
            case 4: text += "\(date) Cash Fod -1\n    Food\n"
            default: text += "envelope Food monthly 300\n\(date) fill Food 10\n"
            }
        }
        let bytes = Array(text.utf8)
        for count in [2, 3, 8] {
            let boundaries = Parser.chunkBoundaries(of: bytes, into: count)
            XCTAssertEqual(boundaries.count, count + 1)
            assertIdentical(chunked(bytes, boundaries), Parser.parse(SourceText(path: "input.tally", bytes: bytes)), "\(count) chunks")
        }
    }

    func testCutsStartDateLines() {
        let bytes = Array("wallet Cash EUR\n  2026-01-01 x\n2026-01-01x\n2026-01-02 Cash\n".utf8)
        XCTAssertEqual(Parser.chunkBoundaries(of: bytes, into: bytes.count), [0, 43, bytes.count])
        XCTAssertEqual(Parser.chunkBoundaries(of: [], into: 2), [0, 0])
    }

    // MARK: Helpers

    /// Compares the whole-file parse with one cut at every possible place; returns the
    /// number of cuts.
    @discardableResult
    private func assertChunkedParseIdentical(
        _ bytes: [UInt8], _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let whole = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
        let boundaries = Parser.chunkBoundaries(of: bytes, into: max(bytes.count, 2))
        assertIdentical(chunked(bytes, boundaries), whole, label, file: file, line: line)
        return boundaries.count - 2
    }

    private func chunked(_ bytes: [UInt8], _ boundaries: [Int]) -> SyntaxTree {
        let source = SourceText(path: "input.tally", bytes: bytes)
        let chunks = (0 ..< boundaries.count - 1).map { Parser.parseChunk(source, range: boundaries[$0] ..< boundaries[$0 + 1]) }
        return Parser.join(chunks, of: source)
    }

    private func assertIdentical(
        _ a: SyntaxTree, _ b: SyntaxTree, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.tokenKinds, b.tokenKinds, "\(label): token kinds", file: file, line: line)
        XCTAssertEqual(a.tokenStarts, b.tokenStarts, "\(label): token starts", file: file, line: line)
        XCTAssertEqual(a.nodes.map(\.fields), b.nodes.map(\.fields), "\(label): nodes", file: file, line: line)
        XCTAssertEqual(a.diagnostics, b.diagnostics, "\(label): diagnostics", file: file, line: line)
    }

    private func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for b in bytes {
            if b == 0x0A { result.append(0x0D) }
            result.append(b)
        }
        return result
    }
}

private extension NodeRecord {
    var fields: [UInt32] { [UInt32(kind.rawValue), firstToken, endToken, subtreeEnd] }
}
