import TallyCore
import TallyReports
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Severity changes asked for with a check (`tally check --deny CODE --allow CODE`),
/// applied on top of the budget's own `option severity` lines, the same in every output
/// format.
public struct SeverityOverrides: Equatable, Sendable {
    /// Codes raised to errors.
    public var denied: [String] = []
    /// Codes silenced.
    public var allowed: [String] = []

    /// No change.
    public init() {}

    /// Reads a list of codes for `--deny` or `--allow` (one code or a comma-separated
    /// list): known codes, and for `--allow` no syntax error, since a line that cannot be
    /// read always stays an error.
    public static func codes(_ value: String, flag: String) throws(UsageError) -> [String] {
        var codes: [String] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingSpaces()
            guard let code = DiagnosticCode.named(name) else {
                throw UsageError("`\(name)` is not a diagnostic code for `\(flag)`; codes look like W0501 (see docs/diagnostics.md)")
            }
            if flag == "--allow" && code.isSyntaxError {
                throw UsageError("`\(name)` is a syntax error and cannot be silenced with `--allow`")
            }
            codes.append(name)
        }
        return codes
    }

    /// Applies the flags to a budget's policy. (A code given to both is a usage error,
    /// found when the flags are read; were it not, the louder choice would win.)
    func apply(to policy: inout DiagnosticPolicy) {
        for code in allowed { policy.overrides[code] = .some(nil) }
        for code in denied { policy.overrides[code] = .some(.error) }
    }
}
