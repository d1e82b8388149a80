import Foundation
import TallyCLI
import TallyCore
import TallyTestSupport
import Testing

/// `tally --version` names the version and the commit the binary was built from
/// (Plugins/BuildCommit: TALLY_BUILD_COMMIT, else git's, else "unknown commit").
@Suite struct VersionTests {
    /// What git says of the repository the tests run in: the short commit, `-dirty` when
    /// files differ from it; nil outside a git checkout (a release tarball).
    static func gitCommit() throws -> String? {
        guard FileManager.default.fileExists(atPath: TestSupport.path(".git")), let git = ExternalTool.find("git") else { return nil }
        let head = try git.run(["rev-parse", "--short=12", "HEAD"])
        guard head.status == 0 else { return nil }
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let clean = try git.run(["diff", "--quiet", "HEAD", "--"])
        return commit + (clean.status == 0 ? "" : "-dirty")
    }

    @Test func theBinaryNamesItsCommit() throws {
        let result = try TallyBinary.run(["--version"])
        #expect(result.status == 0)
        // The binary was built before the tests ran; a file changed since would make the
        // tree dirty after the build, so only the commit itself is compared.
        let expected = try Self.gitCommit()
        if let expected {
            let commit = String(expected.prefix(12))
            #expect(result.stdout.hasPrefix("tally \(TallyVersion.current) (commit \(commit)"), "\(result.stdout)")
        } else if ProcessInfo.processInfo.environment["TALLY_BUILD_COMMIT"] == nil {
            #expect(result.stdout == "tally \(TallyVersion.current) (unknown commit)\n")
        }
        #expect(try TallyBinary.run(["-V"]).stdout == result.stdout)
    }

    @Test func withoutACommitItSaysUnknown() {
        #expect(TallyVersion.line(commit: nil) == "tally \(TallyVersion.current) (unknown commit)")
        #expect(TallyVersion.line(commit: "2e038ec1a2b3") == "tally \(TallyVersion.current) (commit 2e038ec1a2b3)")
        let console = Console.capturing()
        #expect(TallyTool.run(["--version"], console: console) == 0)
        #expect(console.capturedOut == "tally \(TallyVersion.current) (unknown commit)\n")
    }
}
