/// The version `tally --version` prints.
public enum TallyVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"

    /// What `tally --version` prints: `tally 0.1.0 (commit 2e038ec1a2b3)`, or `(unknown
    /// commit)` when the build did not know it (no git and no `TALLY_BUILD_COMMIT`).
    public static func line(commit: String?) -> String {
        "tally \(current) (" + (commit.map { "commit " + $0 } ?? "unknown commit") + ")"
    }
}
