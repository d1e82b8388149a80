import Foundation
import TallyFormat
import TallySyntax
import TallyTestSupport
import XCTest

/// The formatter over every `.tally` file in the repository: the examples, the error
/// examples (each a file with a mistake) and every test fixture.
final class RepositoryFormatTests: XCTestCase {
    func testEveryRepositoryFileFormatsSafely() throws {
        let files = TestSupport.allTallyFiles()
        XCTAssertGreaterThan(files.count, 60)
        for path in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            FormatAssertions.check(bytes, path)
        }
    }

    /// Entries with syntax errors stay byte for byte: every line that carries a syntax
    /// diagnostic in an error example is found unchanged in the formatted text.
    func testLinesWithSyntaxErrorsAreKeptExactly() throws {
        for path in TestSupport.files(in: "examples/errors", withExtension: "tally") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let tree = Parser.parse(SourceText(path: path, bytes: bytes))
            guard case .formatted(let output) = Formatter.format(tree) else { continue }
            let text = String(decoding: output, as: UTF8.self)
            let index = LineIndex(tree.source)
            for diagnostic in tree.diagnostics where diagnostic.code.isSyntaxError {
                let range = index.contentRange(ofLine: index.line(containing: diagnostic.range.start))
                let lineText = String(decoding: bytes[range.start ..< range.end], as: UTF8.self)
                XCTAssertTrue(text.contains(lineText), "\(path): `\(lineText)` changed")
            }
        }
    }
}
