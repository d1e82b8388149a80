import Foundation
import TallySyntax
import TallyTestSupport
import XCTest

/// Data-driven parser tests: each `Fixtures/parser/**/X.tally` has its expected tree and
/// diagnostics in `X.tree` beside it. Files under `ok/` must parse without diagnostics;
/// files under `err/` must produce some. Re-record with `TALLY_RECORD=1 swift test`.
final class ParserGoldenTests: XCTestCase {
    func testValidFixturesMatchTheirTreesAndHaveNoDiagnostics() throws {
        let files = TestSupport.files(in: "Tests/TallySyntaxTests/Fixtures/parser/ok", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 5)
        for file in files {
            let tree = try parse(file)
            XCTAssertEqual(tree.diagnostics.map(\.message), [], "\(file) should parse cleanly")
            check(tree, file)
        }
    }

    func testInvalidFixturesMatchTheirTreesAndReportProblems() throws {
        let files = TestSupport.files(in: "Tests/TallySyntaxTests/Fixtures/parser/err", withExtension: "tally")
        XCTAssertGreaterThan(files.count, 2)
        for file in files {
            let tree = try parse(file)
            XCTAssertFalse(tree.diagnostics.isEmpty, "\(file) should report problems")
            check(tree, file)
        }
    }

    func testTenMistakesGiveTenDiagnostics() throws {
        let tree = try parse(TestSupport.path("Tests/TallySyntaxTests/Fixtures/parser/err/ten-mistakes.tally"))
        // One diagnostic per broken line: recovery happens at every line start.
        let lines = Set(tree.diagnostics.map { LineIndex(tree.source).line(containing: $0.range.start) })
        XCTAssertEqual(lines.count, 10)
        XCTAssertEqual(tree.diagnostics.count, 10)
    }

    private func parse(_ file: String) throws -> SyntaxTree {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        return Parser.parse(SourceText(path: (file as NSString).lastPathComponent, bytes: bytes))
    }

    private func check(_ tree: SyntaxTree, _ file: String) {
        let expected = String(file.dropLast(".tally".count)) + ".tree"
        if let failure = TestSupport.compareGolden(tree.dump(), path: expected) {
            XCTFail(failure)
        }
    }
}
