import Foundation
import TallyTestSupport
import Testing

/// The examples are what users copy: they are kept in the canonical layout, so
/// `tally fmt --check` passes on them as it would in a user's CI.
@Suite struct ExamplesAreFormattedTests {
    @Test func examplesPassFmtCheck() throws {
        let examples = TestSupport.files(in: "examples", withExtension: "tally")
        #expect(examples.count >= 3)
        let result = try TallyBinary.run(["fmt", "--check"] + examples)
        #expect(result.status == 0, "would change:\n\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "")
    }

    /// The README's "A taste of the format" block too.
    @Test func readmeTasteIsFormatted() throws {
        let readme = try String(contentsOfFile: TestSupport.path("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## A taste of the format"))
        let open = try #require(readme[section.upperBound...].range(of: "```tally\n"))
        let close = try #require(readme[open.upperBound...].range(of: "```"))
        let taste = String(readme[open.upperBound ..< close.lowerBound])
        #expect(taste.count > 200)
        let result = try TallyBinary.run(["fmt", "--check", "-"], stdin: taste)
        #expect(result.status == 0, "\(result.stdout + result.stderr)")
    }
}
