/// The version `tally --version` prints.
public enum TallyVersion {
    /// Semantic version of this build.
    public static let current = "0.1.0"
}
