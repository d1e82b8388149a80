import Foundation
import TallyFormat
import TallySyntax
import TallyTestSupport
import XCTest

/// Input beside expected output: every `Fixtures/NAME.tally` formats to
/// `Fixtures/NAME.formatted`, byte for byte, and every case also passes the guard and
/// is idempotent. `TALLY_RECORD=1` re-records the expected files.
final class FormatGoldenTests: XCTestCase {
    static let folder = "Tests/TallyFormatTests/Fixtures"

    func testEveryFixtureFormatsToItsGolden() throws {
        let inputs = TestSupport.files(in: Self.folder, withExtension: "tally")
        XCTAssertGreaterThanOrEqual(inputs.count, 15)
        for input in inputs {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: input)))
            let name = URL(fileURLWithPath: input).lastPathComponent
            guard let output = FormatAssertions.check(bytes, name) else { continue }
            let golden = String(input.dropLast(".tally".count)) + ".formatted"
            if let problem = compareBytes(output, golden) { XCTFail("\(name): \(problem)") }
        }
    }

    /// The golden files of the formatter hold exact bytes (byte-order marks, CRLF), so
    /// they are compared as bytes rather than through `String`.
    private func compareBytes(_ actual: [UInt8], _ path: String) -> String? {
        let existing = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        if TestSupport.recording || existing == nil {
            try? Data(actual).write(to: URL(fileURLWithPath: path))
            if existing == actual || TestSupport.recording { return nil }
            return "recorded missing golden file \(path); check it and run the tests again"
        }
        if existing == actual { return nil }
        return "output differs from \(path) (TALLY_RECORD=1 re-records)\n"
            + TestSupport.diff(String(decoding: existing ?? [], as: UTF8.self), String(decoding: actual, as: UTF8.self))
    }

    /// Every formatted golden is itself canonical.
    func testGoldensAreFixedPoints() throws {
        for golden in TestSupport.files(in: Self.folder, withExtension: "formatted") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: golden)))
            XCTAssertEqual(Formatter.format(Parser.parse(SourceText(path: golden, bytes: bytes))), .unchanged, golden)
        }
    }
}

/// The example in Grammar.md's "Canonical layout" is what it claims to be.
final class CanonicalLayoutDocumentationTests: XCTestCase {
    func testGrammarExampleIsCanonical() throws {
        let grammar = try String(contentsOfFile: TestSupport.path("Grammar.md"), encoding: .utf8)
        let section = try XCTUnwrap(grammar.range(of: "## 6. Canonical layout"))
        let rest = grammar[section.upperBound...]
        // A whole budget or a fragment (docs/doc-examples.md): the block after its fence line.
        let fence = try XCTUnwrap(rest.range(of: "```tally"))
        let open = try XCTUnwrap(rest[fence.upperBound...].range(of: "\n"))
        let close = try XCTUnwrap(rest[open.upperBound...].range(of: "```"))
        let example = String(rest[open.upperBound ..< close.lowerBound])
        XCTAssertGreaterThan(example.count, 100)
        XCTAssertEqual(Formatter.format(Parser.parse(example)), .unchanged)
        FormatAssertions.check(Array(example.utf8), "Grammar.md example")
    }
}
