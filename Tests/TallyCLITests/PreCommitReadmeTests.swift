import Foundation
import TallyTestSupport
import XCTest

/// The pre-commit configuration in editors/README.md, as written (only its `repo:` URL
/// and `rev:` commit filled in, with this repository and its HEAD), installed in a budget
/// repository split over files: committing a change to one included file runs the hooks
/// on that file alone, and they pass.
final class PreCommitReadmeTests: XCTestCase {
    /// The README's YAML block under "## pre-commit".
    private func readmeSnippet() throws -> String {
        let readme = try String(contentsOfFile: TestSupport.path("editors/README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "## pre-commit"))
        let start = try XCTUnwrap(readme.range(of: "```yaml\n", range: section.upperBound ..< readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound ..< readme.endIndex))
        return String(readme[start.upperBound ..< end.lowerBound])
    }

    func testTheReadmeSnippetPinsACommitAndPassesASplitBudget() throws {
        let preCommit = try ExternalTool.require("pre-commit")
        let git = try ExternalTool.require("git")
        let snippet = try readmeSnippet()
        // A tag that does not exist (`v0.1.0`) failed; the README pins a commit id.
        let rev = try XCTUnwrap(snippet.split(separator: "\n").first { $0.contains("rev:") })
        // Quoted: YAML reads an unquoted all-digit id as a number (`pre-commit autoupdate` fails).
        XCTAssertNotNil(rev.range(of: #"rev: "[0-9a-f]{40}""#, options: .regularExpression), String(rev))

        let head = try git.run(["rev-parse", "HEAD"], in: TestSupport.repositoryRoot)
        guard head.status == 0 else { throw XCTSkip("the repository has no commit to pin: \(head.output)") }
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let config =
            snippet
            .replacingOccurrences(of: #"repo: \S+"#, with: "repo: \(TestSupport.repositoryRoot.path)", options: .regularExpression)
            .replacingOccurrences(of: #"rev: "[0-9a-f]{40}""#, with: "rev: \"\(commit)\"", options: .regularExpression)

        let temporary = try TemporaryFolder("pre-commit-readme")
        defer { temporary.remove() }
        let folder = temporary.url
        let budget = folder.appendingPathComponent("budget")
        try FileManager.default.copyItem(atPath: TestSupport.path("Tests/TallyCLITests/Fixtures/split-budget"), toPath: budget.path)
        try Data(config.utf8).write(to: budget.appendingPathComponent(".pre-commit-config.yaml"))
        let environment = [
            "PRE_COMMIT_HOME": folder.appendingPathComponent("cache").path,
            "GIT_AUTHOR_NAME": "Tally Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "Tally Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
            "NO_COLOR": "1"
        ]
        func run(_ tool: ExternalTool, _ arguments: [String]) throws -> ExternalTool.Result {
            try tool.run(arguments, in: budget, environment: environment, timeout: 180)
        }
        for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "--no-verify", "-m", "budget"]] {
            let result = try run(git, arguments)
            XCTAssertEqual(result.status, 0, result.output)
        }
        let install = try run(preCommit, ["install"])
        XCTAssertEqual(install.status, 0, install.output)

        // A new entry in the 2026 file only, laid out like its neighbours.
        let year = budget.appendingPathComponent("years/2026.tally")
        var text = try String(contentsOf: year, encoding: .utf8)
        let market = try XCTUnwrap(text.split(separator: "\n").last { $0.contains("\"Market\"") })
        text += market.replacingOccurrences(of: "2026-02-02", with: "2026-02-09").replacingOccurrences(of: "71.35", with: "12.80") + "\n"
        try Data(text.utf8).write(to: year)
        XCTAssertEqual(try run(git, ["add", "years/2026.tally"]).status, 0)
        // Before: `error[E0401]: unknown wallet 'Checking'` stopped the commit.
        let commitResult = try run(git, ["commit", "-m", "February shopping"])
        XCTAssertEqual(commitResult.status, 0, commitResult.output)
        XCTAssertTrue(commitResult.output.contains("tally check") && commitResult.output.contains("Passed"), commitResult.output)

        // A real mistake in the staged file still stops the commit.
        try Data((text + "2026-02-10 \"Shop\"  Checking  Fnu  -1.00\n").utf8).write(to: year)
        XCTAssertEqual(try run(git, ["add", "years/2026.tally"]).status, 0)
        let refused = try run(git, ["commit", "-m", "typo"])
        XCTAssertNotEqual(refused.status, 0, refused.output)
        XCTAssertTrue(refused.output.contains("years/2026.tally:6:30: error[E0401]: unknown category `Fnu`"), refused.output)
    }
}
