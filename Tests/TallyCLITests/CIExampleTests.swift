import Foundation
import TallyTestSupport
import XCTest

/// The CI examples in editors/ci: valid YAML of the right shape, and their check steps,
/// run with bash on a folder of budgets, report problems the way the CI shows them.
final class CIExampleTests: XCTestCase {
    /// Reads a YAML file as JSON through Python's yaml module (pre-commit depends on it).
    private func load(_ relative: String) throws -> [String: Any] {
        let python = try ExternalTool.require("python3")
        let result = try python.run([
            "-c", "import json,sys,yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
            TestSupport.path(relative)
        ])
        if result.status != 0, result.stderr.contains("No module named 'yaml'"), ProcessInfo.processInfo.environment["CI"] != "true" {
            throw XCTSkip("Python's yaml module is missing (it comes with pre-commit)")
        }
        XCTAssertEqual(result.status, 0, result.output)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Runs a CI script with bash in a fresh folder holding a good budget in a sub-folder,
    /// a budget split over three files (`split/main.tally` includes `split/years/*.tally`,
    /// which use its names) and a bad one at the top, with the built `tally` on PATH.
    private func runScript(_ script: String) throws -> ExternalTool.Result {
        let bash = try ExternalTool.require("bash")
        let temporary = try TemporaryFolder("ci")
        defer { temporary.remove() }
        let folder = temporary.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("budgets"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestSupport.path("examples/household.tally"),
            toPath: folder.appendingPathComponent("budgets/home.tally").path)
        try FileManager.default.copyItem(
            atPath: TestSupport.path("examples/errors/E0204-invalid-date.tally"),
            toPath: folder.appendingPathComponent("bad.tally").path)
        try FileManager.default.copyItem(
            atPath: TestSupport.path("Tests/TallyCLITests/Fixtures/split-budget"),
            toPath: folder.appendingPathComponent("split").path)
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
        // The included files are checked as part of split/main.tally: no false errors.
        XCTAssertFalse(result.stdout.contains("split/"), result.output)
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
        XCTAssertFalse(result.stdout.contains("split/"), result.output)
        XCTAssertTrue(result.stdout.hasSuffix("checked 5 files: 4 errors\n"), result.output)  // bad.tally's four, nothing from split/
    }

    /// GitLab's rules, evaluated for the three kinds of pipeline a push can start: the job
    /// runs once per change, never in both a branch and a merge request pipeline.
    func testGitLabJobRunsInOnePipelinePerChange() throws {
        let pipeline = try load("editors/ci/gitlab-ci.yml")
        let rules = try XCTUnwrap((pipeline["tally-check"] as? [String: Any])?["rules"] as? [[String: Any]])
        /// The first rule whose `if` holds decides: `when: never` or run. A rule's `if` is
        /// `$A == "x"` or `$A` (set and not empty), joined by `&&`.
        func runs(_ variables: [String: String]) -> Bool {
            for rule in rules {
                let condition = rule["if"] as? String ?? ""
                let holds = condition.components(separatedBy: "&&").allSatisfy { part in
                    let term = part.trimmingCharacters(in: .whitespaces)
                    if let equals = term.range(of: "==") {
                        let name = term[..<equals.lowerBound].trimmingCharacters(in: .whitespaces).dropFirst()
                        let value = term[equals.upperBound...].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                        return variables[String(name)] == value
                    }
                    return !(variables[String(term.dropFirst())] ?? "").isEmpty
                }
                if holds { return (rule["when"] as? String) != "never" }
            }
            return false
        }
        XCTAssertTrue(runs(["CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_IID": "7"]), "merge request pipeline")
        XCTAssertFalse(
            runs(["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "feature", "CI_OPEN_MERGE_REQUESTS": "group/project!7"]),
            "a push to a branch with an open merge request runs in the merge request pipeline only")
        XCTAssertTrue(runs(["CI_PIPELINE_SOURCE": "push", "CI_COMMIT_BRANCH": "main"]), "branch pipeline")
    }

    /// The GitLab job's build step against a local Tally repository, with a stand-in for
    /// `swift` that counts builds: a cached build is reused while the branch's commit is
    /// the same, and rebuilt as soon as the branch moves (the old job kept it forever).
    func testGitLabJobRebuildsWhenTheRevisionMoves() throws {
        let bash = try ExternalTool.require("bash")
        let git = try ExternalTool.require("git")
        let pipeline = try load("editors/ci/gitlab-ci.yml")
        let job = try XCTUnwrap(pipeline["tally-check"] as? [String: Any])
        let cache = try XCTUnwrap(job["cache"] as? [String: Any])
        XCTAssertEqual(cache["key"] as? String, "tally-build-$TALLY_REVISION")
        let build = try XCTUnwrap((job["script"] as? [String])?.first { $0.contains("swift build") })

        let temporary = try TemporaryFolder("gitlab")
        defer { temporary.remove() }
        let folder = temporary.url
        let source = folder.appendingPathComponent("tally-source"), project = folder.appendingPathComponent("project")
        let bin = folder.appendingPathComponent("bin")
        for url in [source, project, bin] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        let identity = [
            "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.invalid",
            "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.invalid"
        ]
        func commit(_ text: String) throws {
            try Data(text.utf8).write(to: source.appendingPathComponent("Package.swift"))
            for arguments in [["add", "."], ["commit", "-q", "-m", text]] {
                let result = try git.run(arguments, in: source, environment: identity)
                XCTAssertEqual(result.status, 0, result.output)
            }
        }
        XCTAssertEqual(try git.run(["init", "-q", "-b", "main"], in: source).status, 0)
        try commit("// one")
        // `swift build ... --scratch-path P`: records the build and leaves P/release/tally.
        let swift = bin.appendingPathComponent("swift")
        try Data(
            """
            #!/bin/sh
            scratch=""; while [ $# -gt 0 ]; do [ "$1" = --scratch-path ] && scratch="$2"; shift; done
            mkdir -p "$scratch/release" && printf '#!/bin/sh\n' > "$scratch/release/tally" && chmod +x "$scratch/release/tally"
            echo build >> "\(folder.path)/builds"

            """.utf8
        ).write(to: swift)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        func run() throws {
            let result = try bash.run(
                ["-c", build], in: project,
                environment: [
                    "PATH": bin.path + ":/usr/bin:/bin", "TALLY_SOURCE": source.path, "TALLY_REVISION": "main"
                ])
            XCTAssertEqual(result.status, 0, result.output)
        }
        func builds() -> Int {
            ((try? String(contentsOf: folder.appendingPathComponent("builds"), encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        try run()
        XCTAssertEqual(builds(), 1)
        try run()
        XCTAssertEqual(builds(), 1, "the same commit reuses the cached build")
        try commit("// two")
        try run()
        XCTAssertEqual(builds(), 2, "a new commit on the branch is built")
        XCTAssertEqual(try String(contentsOf: project.appendingPathComponent(".tally-build/src/Package.swift"), encoding: .utf8), "// two")
    }
}
