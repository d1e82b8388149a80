import Foundation
import TallyCLI
import TallyTestSupport

/// Runs `tally` inside the test process: `TallyTool.run` with a console that captures what
/// it prints. For tests of what a command computes and prints, where starting the
/// executable is not the point (that is `TallyBinary`'s: standard input, exit on a signal,
/// the working folder, the real terminal). It costs no process start, so a test may run a
/// command hundreds of times.
///
/// The environment is `TallyBinary`'s small fixed one. Relative paths are read from the
/// process's working folder, which `swift test` sets to the package root, as
/// `TallyBinary.run` does for the child.
enum TallyInProcess {
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> TallyBinary.Result {
        precondition(
            FileManager.default.currentDirectoryPath == TestSupport.repositoryRoot.path,
            "run the tests from the package root (`swift test` does), so relative paths name the repository's files")
        var env = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TALLY_TODAY": "2026-11-22", "TALLY": TallyBinary.url.path]
        env.merge(environment) { $1 }
        let console = Console.capturing(environment: env)
        let status = TallyTool.run(arguments, console: console)
        return TallyBinary.Result(stdout: console.capturedOut, stderr: console.capturedErr, status: status)
    }
}
