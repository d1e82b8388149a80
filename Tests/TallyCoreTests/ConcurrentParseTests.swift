import Foundation
import TallyCore
import TallySyntax
import TallyTestSupport
import XCTest

/// The loader's concurrent parse, forced on a small file, gives the whole-file tree. (The
/// cutting and joining themselves are tested exhaustively in `ChunkedParseTests`.)
final class ConcurrentParseTests: XCTestCase {
    func testConcurrentParseOfTheExamplesMatchesTheWholeFileParse() throws {
        for path in TestSupport.files(in: "examples", withExtension: "tally") {
            let source = SourceText(path: path, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
            let whole = Parser.parse(source)
            for chunks in [2, 3, 5] {
                XCTAssertGreaterThan(Parser.chunkBoundaries(of: source.bytes, into: chunks).count, 2, path)
                let concurrent = ConcurrentParse.parse(source, minimumSize: 0, chunks: chunks)
                XCTAssertEqual(concurrent.allTokenKinds, whole.allTokenKinds, path)
                XCTAssertEqual(concurrent.allTokenStarts, whole.allTokenStarts, path)
                XCTAssertEqual(concurrent.nodeCount, whole.nodeCount, path)
                XCTAssertEqual(concurrent.root.descendants.map(\.range), whole.root.descendants.map(\.range), path)
                XCTAssertEqual(concurrent.root.descendants.map { $0.childNodes.count }, whole.root.descendants.map { $0.childNodes.count }, path)
                XCTAssertEqual(concurrent.diagnostics, whole.diagnostics, path)
            }
        }
    }
}
