import TallySyntax

/// How many diagnostics of each severity a check found: every finding, also those a
/// renderer leaves out (``DiagnosticLimit``), so summaries and counts stay true.
public struct DiagnosticTotals: Sendable, Equatable {
    public var errors = 0
    public var warnings = 0
    public var infos = 0

    public init(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            switch d.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
    }
}
