import Foundation
import TallyTestSupport
import XCTest

/// The hooks in .pre-commit-hooks.yaml, run for real by `pre-commit try-repo` in a
/// temporary git repository with a good and a bad budget.
final class PreCommitHookTests: XCTestCase {
    private var temporary: TemporaryFolder?
    private var folder: URL { temporary!.url }
    private var preCommit: ExternalTool!

    override func setUpWithError() throws {
        preCommit = try ExternalTool.require("pre-commit")
        let git = try ExternalTool.require("git")
        temporary = try TemporaryFolder("pre-commit")
        let repository = folder.appendingPathComponent("budget")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestSupport.path("examples/household.tally"),
            toPath: repository.appendingPathComponent("good.tally").path)
        try FileManager.default.copyItem(
            atPath: TestSupport.path("examples/errors/E0204-invalid-date.tally"),
            toPath: repository.appendingPathComponent("bad.tally").path)
        for arguments in [["init", "-q"], ["add", "good.tally", "bad.tally"]] {
            let result = try git.run(arguments, in: repository)
            XCTAssertEqual(result.status, 0, result.output)
        }
    }

    override func tearDownWithError() throws {
        temporary?.remove()
    }

    /// Runs one hook of this repository on `files` of the temporary repository (`budget`,
    /// or the one named).
    private func tryHook(_ hook: String, _ files: [String], in repository: String = "budget") throws -> ExternalTool.Result {
        try preCommit.run(
            ["try-repo", TestSupport.repositoryRoot.path, hook, "--files"] + files,
            in: folder.appendingPathComponent(repository),
            // pre-commit's cache stays in the test's folder; git needs no identity.
            environment: [
                "PRE_COMMIT_HOME": folder.appendingPathComponent("cache").path,
                "GIT_AUTHOR_NAME": "Tally Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
                "GIT_COMMITTER_NAME": "Tally Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
                "NO_COLOR": "1"
            ],
            timeout: 120)
    }

    func testTallyCheckHookPassesAGoodBudgetAndFailsABadOne() throws {
        let good = try tryHook("tally-check", ["good.tally"])
        XCTAssertEqual(good.status, 0, good.output)
        XCTAssertTrue(good.stdout.contains("tally check") && good.stdout.contains("Passed"), good.output)

        let bad = try tryHook("tally-check", ["good.tally", "bad.tally"])
        XCTAssertEqual(bad.status, 1, bad.output)
        XCTAssertTrue(bad.stdout.contains("Failed"), bad.output)
        XCTAssertTrue(bad.stdout.contains("bad.tally:6:1: error[E0204]"), bad.output)
    }

    /// Issue 27: staged files included from a subfolder (`years/2026.tally`) and from a
    /// sibling folder (`../data/2026.tally`) are checked with their root's names: only
    /// their own mistake (`Fnu`) is reported.
    func testTallyCheckHookKnowsTheRootOfASubfolderAndASiblingFolder() throws {
        let git = try ExternalTool.require("git")
        let entries = "2026-03-01 \"Shop\"  Checking  Fun  -2.00\n2026-03-02 \"Shop\"  Checking  Fnu  -1.00\n"
        let files = [
            "budget/main.tally":
                "currency EUR\nwallet Checking bank opening 100.00 on 2026-01-01\nexpense Fun\n"
                + "include \"years/2026.tally\"\ninclude \"../data/2026.tally\"\n",
            "budget/years/2026.tally": entries, "data/2026.tally": entries
        ]
        let repository = folder.appendingPathComponent("layouts")
        for (name, text) in files {
            let url = repository.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for arguments in [["init", "-q"], ["add", "."]] {
            let result = try git.run(arguments, in: repository)
            XCTAssertEqual(result.status, 0, result.output)
        }
        let result = try tryHook("tally-check", ["budget/years/2026.tally", "data/2026.tally"], in: "layouts")
        XCTAssertEqual(result.status, 1, result.output)
        let errors = result.stdout.split(separator: "\n").filter { $0.contains("error[") }.sorted()
        XCTAssertEqual(
            errors,
            [
                "budget/years/2026.tally:2:30: error[E0401]: unknown category `Fnu`; did you mean `Fun`?",
                "data/2026.tally:2:30: error[E0401]: unknown category `Fnu`; did you mean `Fun`?"
            ], result.output)
    }

    func testFormatHooksCheckAndRewrite() throws {
        let budget = folder.appendingPathComponent("budget/good.tally")
        let original = try String(contentsOf: budget, encoding: .utf8)
        // Squeeze the layout: one space between fields of every line, so formatting changes it.
        let squeezed = original.components(separatedBy: "\n").map { line in
            line.hasPrefix(";") ? line : line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }.joined(separator: "\n")
        XCTAssertNotEqual(squeezed, original)
        try squeezed.write(to: budget, atomically: true, encoding: .utf8)

        let check = try tryHook("tally-fmt-check", ["good.tally"])
        XCTAssertEqual(check.status, 1, check.output)
        XCTAssertEqual(try String(contentsOf: budget, encoding: .utf8), squeezed, "tally-fmt-check must not change files")
        // It says what would change, not only which file: the diff of the first line it lays out.
        XCTAssertTrue(check.stdout.contains("--- a/good.tally") && check.stdout.contains("\n+"), check.output)

        let rewrite = try tryHook("tally-fmt", ["good.tally"])
        XCTAssertEqual(rewrite.status, 1, "pre-commit stops the commit when the hook changed a file:\n" + rewrite.output)
        XCTAssertTrue(rewrite.stdout.contains("files were modified by this hook"), rewrite.output)
        XCTAssertNotEqual(try String(contentsOf: budget, encoding: .utf8), squeezed)

        let again = try tryHook("tally-fmt-check", ["good.tally"])
        XCTAssertEqual(again.status, 0, again.output)
        let rewriteAgain = try tryHook("tally-fmt", ["good.tally"])
        XCTAssertEqual(rewriteAgain.status, 0, rewriteAgain.output)
    }
}
