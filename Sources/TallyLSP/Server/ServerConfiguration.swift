import TallySyntax

/// How a server instance behaves; the command line fills it from flags, tests directly,
/// and the client's `initializationOptions` may change the client-facing parts.
public struct ServerConfiguration: Sendable {
    /// Quiet time after a change before diagnostics are computed, in milliseconds. 0 computes
    /// them at once, before the change notification returns (what tests use).
    public var debounceMilliseconds: Int = 150
    /// The date budgets are interpreted as of; nil means TALLY_TODAY, else the system's date.
    public var today: CivilDate?
    /// The environment the server reads TALLY_TODAY from.
    public var environment: [String: String] = [:]
    /// Server name and version reported in `initialize`.
    public var version: String = "dev"
    /// The page each diagnostic code's section lives on (`codeDescription.href` is this
    /// plus `#` and the section's anchor); nil leaves `codeDescription` out.
    public var diagnosticsDocumentation: String?
    /// A budget root to use for files that no other file includes.
    public var root: String?
    /// Whether log lines are also sent to the client as `window/logMessage`.
    public var logToClient = false
    /// Whether inlay hints show envelope amounts left.
    public var envelopeHints = true
    /// Whether inlay hints show running wallet balances.
    public var balanceHints = true

    /// The default configuration.
    public init() {}

    /// Whether the work after an analysis runs in line, on the server's queue, with no
    /// timers: the features' first tables are built before the next message is read, and
    /// the idle work (every written name, handing freed memory back) never runs. Set by
    /// `TALLY_LSP_IN_LINE=1` in ``environment``, for Benchmarks/instructions.py, whose
    /// count of an edit's instructions must not depend on which thread or timer ran first.
    public var worksInLine: Bool { environment["TALLY_LSP_IN_LINE"] == "1" }

    /// Applies the client's `initializationOptions`: `root`, `debounceMilliseconds`,
    /// `diagnosticsDocumentation`, `today`, `inlayHints.envelopes`, `inlayHints.balances`,
    /// `logMessages`.
    mutating func apply(initializationOptions options: JSON?) {
        guard let options else { return }
        if let root = options["root"]?.stringValue, !root.isEmpty {
            self.root = root.hasPrefix("file://") ? DocumentURI.path(of: root) : root
        }
        if let ms = options["debounceMilliseconds"]?.intValue { debounceMilliseconds = max(0, min(ms, 10_000)) }
        if let docs = options["diagnosticsDocumentation"]?.stringValue { diagnosticsDocumentation = docs }
        if let date = options["today"]?.stringValue.flatMap({ CivilDate(iso: $0) }) { today = date }
        if let on = options["logMessages"]?.boolValue { logToClient = on }
        if let on = options["inlayHints"]?["envelopes"]?.boolValue { envelopeHints = on }
        if let on = options["inlayHints"]?["balances"]?.boolValue { balanceHints = on }
    }
}
