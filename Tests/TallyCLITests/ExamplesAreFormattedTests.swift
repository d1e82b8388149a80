import Foundation
import TallyTestSupport
import XCTest

/// The examples are what users copy: they are kept in the canonical layout, so
/// `tally fmt --check` passes on them as it would in a user's CI.
final class ExamplesAreFormattedTests: XCTestCase {
    func testExamplesPassFmtCheck() throws {
        let examples = TestSupport.files(in: "examples", withExtension: "tally")
        XCTAssertGreaterThanOrEqual(examples.count, 3)
        let result = try TallyBinary.run(["fmt", "--check"] + examples)
        XCTAssertEqual(result.status, 0, "would change:\n" + result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// The README's "A taste of the format" block too.
    func testReadmeTasteIsFormatted() throws {
        let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## A taste of the format"))
        let open = try XCTUnwrap(readme[section.upperBound...].range(of: "```tally\n"))
        let close = try XCTUnwrap(readme[open.upperBound...].range(of: "```"))
        let taste = String(readme[open.upperBound ..< close.lowerBound])
        XCTAssertGreaterThan(taste.count, 200)
        let result = try TallyBinary.run(["fmt", "--check", "-"], stdin: taste)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}
