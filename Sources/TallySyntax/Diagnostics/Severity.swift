/// How serious a diagnostic is. Errors fail `tally check`; warnings fail it only under
/// `--strict`; infos never do.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error
    case warning
    case info

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .info: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
