import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

/// The syntax tree is lossless: writing it back gives the input byte for byte, for every
/// file in the repository and for randomly damaged copies of the examples.
final class RoundTripTests: XCTestCase {
    func testEveryRepositoryFileRoundTrips() throws {
        let files = TestSupport.allTallyFiles()
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            assertLossless(bytes, file)
        }
    }

    func testEdgeCasesRoundTrip() {
        let cases: [[UInt8]] = [
            [], [0x0A], [0x0D], [0x0D, 0x0A], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xFF, 0xFE, 0x00],
            Array("\"".utf8), Array("'".utf8), Array("2026-".utf8), Array("-".utf8), Array("->".utf8),
            Array("2026-01-01..".utf8), Array("..2026".utf8), Array("1%%".utf8), Array("#".utf8),
            Array("    \n\t\n".utf8), Array("a\\".utf8), Array("\"a\\".utf8),
            Array(String(repeating: "x", count: 100_000).utf8),
            Array(("2026-01-01 \"" + String(repeating: "long payee ", count: 20_000) + "\" Cash -1\n").utf8),
            Array(String(repeating: "2026-01-01 Cash Fun -1.00\n", count: 2000).utf8)
        ]
        for bytes in cases { assertLossless(bytes, "edge case \(bytes.prefix(12))") }
    }

    /// A few hundred copies of the examples with bytes deleted, duplicated, swapped and
    /// replaced: parsing never crashes or hangs, and the tree still gives the input back.
    func testMutatedExamplesRoundTrip() throws {
        var random = TestSupport.SeededGenerator(seed: 0x7A11_7A11)
        let examples = TestSupport.files(in: "examples", withExtension: "tally")
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        let sources = try examples.map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) }
        let interesting: [UInt8] = Array(" \t\n\r\"';,#=@->.%:0123456789".utf8) + [0x00, 0xC3, 0xFF, 0xE9]
        for round in 0 ..< 400 {
            var bytes = sources[round % sources.count]
            for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
                guard !bytes.isEmpty else { break }
                let i = Int.random(in: 0 ..< bytes.count, using: &random)
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0:
                    let length = min(Int.random(in: 1 ... 20, using: &random), bytes.count - i)
                    bytes.removeSubrange(i ..< i + length)
                case 1:
                    let length = min(Int.random(in: 1 ... 40, using: &random), bytes.count - i)
                    bytes.insert(contentsOf: bytes[i ..< i + length], at: i)
                case 2:
                    let j = Int.random(in: 0 ..< bytes.count, using: &random)
                    bytes.swapAt(i, j)
                default:
                    bytes[i] = interesting.randomElement(using: &random)!
                }
            }
            assertLossless(bytes, "mutation round \(round)")
        }
    }

    private func assertLossless(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let tree = Parser.parse(SourceText(path: "input.tally", bytes: bytes))
        var output: [UInt8] = []
        tree.root.write(into: &output)
        XCTAssertEqual(output, bytes, "\(label): the tree does not give the input back", file: file, line: line)
        XCTAssertEqual(tree.root.range, ByteRange(start: 0, end: bytes.count), label, file: file, line: line)
        // Every diagnostic points inside the file.
        for d in tree.diagnostics {
            XCTAssertLessThanOrEqual(d.range.end, bytes.count, "\(label): \(d.message)", file: file, line: line)
        }
        // Nodes nest properly and tokens tile the file.
        for node in tree.root.descendants {
            for child in node.childNodes {
                XCTAssertTrue(child.range.start >= node.range.start && child.range.end <= node.range.end, label, file: file, line: line)
            }
        }
    }
}
