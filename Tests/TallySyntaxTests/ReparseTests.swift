import Foundation
import TallyTestSupport
import XCTest

@testable import TallySyntax

/// Re-reading a file after an edit gives exactly the tree a whole parse of the new text
/// gives (same tokens, nodes and diagnostics in the same order), after every kind of edit
/// an editor makes, one at a time and in long chains where each tree comes from the last.
final class ReparseTests: XCTestCase {
    func testEditsToEveryRepositoryFileReparseIdentically() throws {
        var random = TestSupport.SeededGenerator(seed: 0x5EED_0F)
        let files = TestSupport.allTallyFiles()
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            var tree = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
            for step in 0 ..< 40 {
                let edited = Self.edit(tree.source.bytes, using: &random)
                tree = assertReparseIdentical(edited, previous: tree, "\(file), edit \(step)")
            }
        }
    }

    func testEditsAroundLineBreaksDatesAndErrors() {
        let texts = [
            "\u{FEFF}2026-01-01 Cash Food -1\n2026-01-02 Cash Food -2\n",
            "2026-01-01 Cash Food -1\r\n2026-01-02 Cash Food -2\r\n2026-01-03 Cash Food -3",
            "; comment\n2026-01-01 Cash Food\n  ; indented comment\n2026-01-02 Cash\n    Food -1\n",
            "2026-01-01 Cash Food\nFood -1\n2026-01-02 Cash Food -1\n",
            "wallet Cash EUR\n  opened: 2026-01-01\n2026-01-02 \"unterminated\n2026-01-03 'x Cash -1\n",
            "2026-01-01 Cash Food 1,250.00\n2026-01-02 Cash Food €12\n2026-1-5 Cash Food -1 eur\n"
        ]
        // Every single-byte deletion, and an insertion of each interesting text at every offset.
        let insertions = ["\n", "\r\n", "2026-01-09 ", " ", "    Food -1\n", "\"", "x", "2026-01-0"].map { Array($0.utf8) }
        for text in texts {
            let bytes = Array(text.utf8)
            let tree = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
            for i in bytes.indices {
                var deleted = bytes
                deleted.remove(at: i)
                assertReparseIdentical(deleted, previous: tree, "\(text.debugDescription) without byte \(i)")
            }
            for i in 0 ... bytes.count {
                for insertion in insertions {
                    var inserted = bytes
                    inserted.insert(contentsOf: insertion, at: i)
                    assertReparseIdentical(inserted, previous: tree, "\(text.debugDescription) + \(insertion) at \(i)")
                }
            }
        }
    }

    /// A large file edited a few bytes at a time, as typing does: each tree is the previous
    /// one re-read, and only the changed region is parsed.
    func testTypingInALargeFileReparsesOnlyTheEditedRegion() {
        var random = TestSupport.SeededGenerator(seed: 7)
        var text = "option currency EUR\nwallet Cash EUR\ncategory Food expense\n"
        for day in 0 ..< 1000 {
            let date = String(format: "2026-%02d-%02d", 1 + day % 12, 1 + day % 28)
            text += day % 3 == 0 ? "\(date) Cash \"Shop\"\n    Food -1\n    Food -2.25\n" : "\(date) Cash Food -\(day % 97).50\n"
        }
        var tree = Parser.parse(SourceText(path: "input.tally", bytes: Array(text.utf8)))
        for step in 0 ..< 120 {
            var bytes = tree.source.bytes
            let at = Int.random(in: 0 ..< bytes.count, using: &random)
            if step % 2 == 0 {
                bytes.insert(contentsOf: Array(["1", "\n", " ", "2026-03-04 Cash Food -1\n", "\""].randomElement(using: &random)!.utf8), at: at)
            } else {
                bytes.removeSubrange(at ..< min(bytes.count, at + Int.random(in: 1 ... 12, using: &random)))
            }
            let whole = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
            let reparsed = Parser.reparse(SourceText(path: "input.tally", bytes: bytes), previous: tree) { _ in
                XCTFail("step \(step): a small edit parsed the whole file")
                return whole
            }
            assertIdentical(reparsed, whole, "typing step \(step)")
            tree = reparsed
        }
    }

    func testCutsLieAroundTheChangeOnDateLines() throws {
        let old = Array("2026-01-01 A B 1\n2026-01-02 A B 2\n2026-01-03 A B 3\n2026-01-04 A B 4\n".utf8)
        var new = old
        new[32] = UInt8(ascii: "5")  // the amount on the second line
        let cuts = try XCTUnwrap(Parser.changedRegion(from: old, to: new))
        XCTAssertEqual(cuts.start, 17, "from the start of the edited line")
        XCTAssertEqual(cuts.oldEnd, 34, "to the start of the next date line")
        XCTAssertEqual(cuts.newEnd, 34)
        XCTAssertNil(Parser.changedRegion(from: old, to: old))
        let tree = Parser.parse(SourceText(path: "input.tally", bytes: old))
        XCTAssertTrue(
            Parser.reparse(SourceText(path: "input.tally", bytes: old), previous: tree) === tree,
            "unchanged bytes keep the tree")
    }

    func testAnotherPathOrAWholeRewriteParsesTheWholeFile() {
        let tree = Parser.parse(SourceText(path: "a.tally", text: "2026-01-01 A B 1\n2026-01-02 A B 2\n"))
        var wholeParses = 0
        let parseWhole: (SourceText) -> SyntaxTree = {
            wholeParses += 1; return Parser.parse($0)
        }
        let moved = Parser.reparse(
            SourceText(path: "b.tally", text: "2026-01-01 A B 1\n2026-01-02 A B 3\n"),
            previous: tree, parseWhole: parseWhole)
        XCTAssertEqual(moved.source.path, "b.tally")
        let rewritten = Parser.reparse(SourceText(path: "a.tally", text: "wallet X EUR\n"), previous: tree, parseWhole: parseWhole)
        assertIdentical(rewritten, Parser.parse(SourceText(path: "a.tally", text: "wallet X EUR\n")), "rewrite")
        XCTAssertEqual(wholeParses, 2)
    }

    // MARK: Helpers

    /// One random edit of the kinds editors make: typing, deleting a selection, pasting
    /// a line, breaking or joining lines, near entry starts more often than not.
    static func edit(_ bytes: [UInt8], using random: inout TestSupport.SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let pieces = [
            "\n", "\r\n", " ", "    ", "2026-02-03 Cash Food -1\n", "    Food -1\n", "; note\n", "\"", "1",
            "2026-13-01 ", "x", "\u{FEFF}", "€", ",", "\t", "  key: value\n", "include \"x.tally\"\n"
        ].map { Array($0.utf8) }
        guard !bytes.isEmpty else { return pieces.randomElement(using: &random)! }
        var i = Int.random(in: 0 ... bytes.count, using: &random)
        if Bool.random(using: &random) {
            // Near the start of a line, where entries begin and cuts go.
            while i > 0 && bytes[i - 1] != 0x0A { i -= 1 }
            i = min(bytes.count, i + Int.random(in: 0 ... 2, using: &random))
        }
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0:
            bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: i)
        case 1:
            bytes.removeSubrange(i ..< min(bytes.count, i + Int.random(in: 1 ... 30, using: &random)))
        case 2:
            let end = min(bytes.count, i + Int.random(in: 0 ... 8, using: &random))
            bytes.replaceSubrange(i ..< end, with: pieces.randomElement(using: &random)!)
        default:
            let length = min(Int.random(in: 1 ... 60, using: &random), bytes.count - min(i, bytes.count))
            bytes.insert(contentsOf: bytes[i ..< i + length], at: i)
        }
        return bytes
    }

    @discardableResult
    private func assertReparseIdentical(
        _ bytes: [UInt8], previous: SyntaxTree, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> SyntaxTree {
        let source = SourceText(path: "input.tally", bytes: bytes)
        let reparsed = Parser.reparse(source, previous: previous)
        assertIdentical(reparsed, Parser.parse(source), label, file: file, line: line)
        return reparsed
    }

    private func assertIdentical(
        _ a: SyntaxTree, _ b: SyntaxTree, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.source.bytes, b.source.bytes, "\(label): bytes", file: file, line: line)
        XCTAssertEqual(a.tokenKinds, b.tokenKinds, "\(label): token kinds", file: file, line: line)
        XCTAssertEqual(a.tokenStarts, b.tokenStarts, "\(label): token starts", file: file, line: line)
        XCTAssertEqual(a.nodes.map(\.fields), b.nodes.map(\.fields), "\(label): nodes", file: file, line: line)
        XCTAssertEqual(a.diagnostics, b.diagnostics, "\(label): diagnostics", file: file, line: line)
    }
}

private extension NodeRecord {
    var fields: [UInt32] { [UInt32(kind.rawValue), firstToken, endToken, subtreeEnd] }
}
