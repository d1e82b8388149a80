import Foundation
import TallyTestSupport
import XCTest

/// Runs programs other than `tally` that tests drive (shells, editors, pre-commit): found
/// on PATH, run with no standard input and a time limit so an editor waiting for a key
/// can never hang the suite. A tool that is missing skips the test visibly, except under
/// CI (`CI=true`), where `.ci/run` installs it and a missing tool is a failure.
struct ExternalTool {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
        var timedOut: Bool
        /// Both streams, for failure messages.
        var output: String { "status \(status)\(timedOut ? " (timed out)" : "")\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    let url: URL

    /// The virtual environment `.ci/install-python-tools` fills (pre-commit, pytest-lsp,
    /// bean-check): `$TALLY_VENV`, or `~/.cache/tally/venv`.
    static var pythonToolsFolder: URL {
        if let venv = ProcessInfo.processInfo.environment["TALLY_VENV"], !venv.isEmpty {
            return URL(fileURLWithPath: venv)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/tally/venv")
    }

    /// The tool in the Python tools' environment, on PATH or in the usual install
    /// folders, or nil. The environment comes first so that `python3` is the one that has
    /// the tools' modules (PyYAML, pygls).
    static func find(_ name: String) -> ExternalTool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let folders =
            [pythonToolsFolder.appendingPathComponent("bin").path]
            + path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin", home + "/.local/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return ExternalTool(url: candidate) }
        }
        return nil
    }

    /// The tool, or a skip (outside CI) / failure (under CI) saying it is missing.
    static func require(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ExternalTool {
        if let tool = find(name) { return tool }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("`\(name)` is not installed; .ci/run should have installed it", file: file, line: line)
            throw XCTSkip("`\(name)` missing under CI")
        }
        throw XCTSkip("`\(name)` is not installed; skipping (run .ci/run or install it to run this test)")
    }

    /// Runs the tool and waits for it, at most `timeout` seconds.
    func run(
        _ arguments: [String], in directory: URL = TestSupport.repositoryRoot,
        environment: [String: String] = [:], timeout: TimeInterval = 60
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TALLY_TODAY"] = "2026-11-22"
        env["TZ"] = "UTC"
        // The freshly built `tally` comes first on PATH, for editors and hooks that run it.
        env["PATH"] = TallyBinary.url.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env.merge(environment) { $1 }
        process.environment = env
        let temporary = try TemporaryFolder("tool")
        defer { temporary.remove() }
        let folder = temporary.url
        let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
        // Opening them for writing below fails clearly if either could not be made.
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut { kill(process.processIdentifier, SIGKILL); finished.wait() }
        }
        try out.close()
        try err.close()
        return Result(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            status: process.terminationStatus, timedOut: timedOut)
    }
}
