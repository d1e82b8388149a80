import TallySyntax

/// Decides how loud each diagnostic is: severity overrides from `option severity` and
/// the command line, `tally-ignore` comments, and strictness.
///
/// The libraries report what they find at the default severity; this policy is applied
/// by front ends (the command line, the language server).
public struct DiagnosticPolicy: Sendable {
    /// Severity per code; nil means silenced (`off`).
    public var overrides: [String: Severity?] = [:]
    /// When true, warnings fail a check like errors do.
    public var strict = false

    /// Creates an empty policy.
    public init() {}

    /// The policy a budget sets for itself with `option strict` and `option severity`.
    public init(budget: Budget) {
        for file in budget.files {
            for entry in file.tree.entries(of: .optionDirective) {
                guard let option = OptionDirectiveSyntax(entry), let name = option.name else { continue }
                let values = option.values
                switch name {
                case "strict":
                    strict = true
                case "severity" where values.count == 2:
                    guard DiagnosticCode.named(values[0]) != nil else { continue }
                    overrides[values[0]] = values[1] == "off" ? .some(nil) : Severity(rawValue: values[1]).map { .some($0) } ?? nil
                default:
                    break
                }
            }
        }
    }

    /// The diagnostics of `budget` as its own policy shows them: those found loading it
    /// and `found` (the interpreter's), overridden, silenced ones removed. The one way a
    /// front end that takes no severity flags applies the policy.
    public static func shown(_ found: [Diagnostic], in budget: Budget) -> [Diagnostic] {
        DiagnosticPolicy(budget: budget).apply(budget.diagnostics + found, budget: budget)
    }

    /// The diagnostics as they should be shown: overridden, silenced ones removed.
    /// Syntax errors keep their severity and cannot be silenced.
    public func apply(_ diagnostics: [Diagnostic], budget: Budget) -> [Diagnostic] {
        var suppressionsByPath: [String: Suppressions] = [:]
        for file in budget.files { suppressionsByPath[file.path] = file.suppressions }
        return apply(diagnostics, suppressions: suppressionsByPath)
    }

    /// The diagnostics as ``apply(_:budget:)`` shows them, with the `tally-ignore`
    /// comments of each file by path: for a caller that let the budget's trees go.
    public func apply(_ diagnostics: [Diagnostic], suppressions suppressionsByPath: [String: Suppressions]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        result.reserveCapacity(diagnostics.count)
        for var diagnostic in diagnostics {
            if !diagnostic.code.isSyntaxError {
                if let override = overrides[diagnostic.code.rawValue] {
                    guard let severity = override else { continue }
                    diagnostic.severity = severity
                }
                if suppressionsByPath[diagnostic.file]?.silences(diagnostic) == true { continue }
            }
            result.append(diagnostic)
        }
        return result
    }

    /// True when `diagnostics` (after ``apply(_:budget:)``) should fail a check.
    public func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}
