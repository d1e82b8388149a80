import Foundation
import TallyCore
import TallyReports
import TallySyntax

/// `--deny CODE` and `--allow CODE` of `tally check`: severity changes from the command
/// line, applied on top of the budget's own `option severity` lines, the same in every
/// output format. Each flag takes one code or a comma-separated list and may be repeated.
struct SeverityFlags: Equatable {
    /// Codes raised to errors.
    var denied: [String] = []
    /// Codes silenced.
    var allowed: [String] = []

    /// Reads the value of `--deny` or `--allow`: known codes, and for `--allow` no syntax
    /// error, since a line that cannot be read always stays an error.
    static func codes(_ value: String, flag: String) throws(UsageError) -> [String] {
        var codes: [String] = []
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
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
