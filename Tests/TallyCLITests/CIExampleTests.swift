import Foundation
import TallyTestSupport
import XCTest

/// The CI examples in editors/ci: valid YAML of the right shape, and their check steps,
/// run with bash on a folder of budgets, report problems the way the CI shows them.
final class CIExampleTests: XCTestCase {
    /// Reads a YAML file as JSON through Python's yaml module (pre-commit depends on it).
    private func load(_ relative: String) throws -> [String: Any] {
        let python = try ExternalTool.require("python3")
        let result = try python.run(["-c", "import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
                                     TestSupport.path(relative)])
        if result.status != 0, result.stderr.contains("No module named 'yaml'"), ProcessInfo.processInfo.environment["CI"] != "true" {
            throw XCTSkip("Python's yaml module is missing (it comes with pre-commit)")
        }
        XCTAssertEqual(result.status, 0, result.output)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Runs a CI script with bash in a fresh folder holding a good budget in a sub-folder
    /// and a bad one at the top, with the built `tally` on PATH.
    private func runScript(_ script: String) throws -> ExternalTool.Result {
        let bash = try ExternalTool.require("bash")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("budgets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: TestSupport.path("examples/household.tally"),
                                         toPath: folder.appendingPathComponent("budgets/home.tally").path)
        try FileManager.default.copyItem(atPath: TestSupport.path("examples/errors/E0204-invalid-date.tally"),
                                         toPath: folder.appendingPathComponent("bad.tally").path)
        return try bash.run(["-e", "-c", script], in: folder)
    }

    func testGitHubWorkflowChecksEveryBudgetWithAnnotations() throws {
        let workflow = try load("editors/ci/github-actions.yml")
        // YAML 1.1 reads the key `on` as true.
        XCTAssertNotNil(workflow["on"] ?? workflow["true"], "the workflow needs triggers")
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let steps = try XCTUnwrap((jobs["check"] as? [String: Any])?["steps"] as? [[String: Any]])
        XCTAssertTrue(steps.contains { ($0["run"] as? String)?.contains("swift build -c release") ?? false }, "builds Tally")
        let check = try XCTUnwrap(steps.first { ($0["run"] as? String)?.contains("tally check --format github") ?? false })
        let result = try runScript(check["run"] as! String)
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.stdout.hasPrefix("::error file=bad.tally,line=6,col=1,"), result.output)
        XCTAssertFalse(result.stdout.contains("home.tally"), result.output)
    }

    func testGitLabJobChecksEveryBudget() throws {
        let pipeline = try load("editors/ci/gitlab-ci.yml")
        let job = try XCTUnwrap(pipeline["tally-check"] as? [String: Any])
        XCTAssertNotNil(job["image"])
        let script = try XCTUnwrap(job["script"] as? [String])
        let start = try XCTUnwrap(script.firstIndex { $0.hasPrefix("shopt") }, "the checking lines")
        // The lines after the build, as GitLab runs them: one shell, in order.
        let result = try runScript(script[start...].joined(separator: "\n"))
        XCTAssertEqual(result.status, 1, result.output)
        XCTAssertTrue(result.stdout.hasPrefix("bad.tally:6:1: error[E0204]"), result.output)
    }
}
