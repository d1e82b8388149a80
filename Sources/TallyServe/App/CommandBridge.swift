import TallyReports

/// What the command line lends the server, so that the server prints exactly what `tally`
/// prints without knowing the command line: the CLI's own report commands run on the
/// server's opened budget, and its commands that write (`tally add`, `tally record`).
/// `tally serve` gives the real ones; tests may give others.
public struct CommandBridge: Sendable {
    /// What a command printed and its exit code.
    public struct Output: Sendable {
        public let code: Int32
        public let out: String
        public let err: String

        public init(code: Int32, out: String, err: String) {
            self.code = code
            self.out = out
            self.err = err
        }
    }

    /// The report commands `report` runs.
    public let reports: [String]
    /// Runs `tally NAME ARGUMENTS` for the report `NAME` on an opened budget (the file
    /// is the first argument, as named on the command line).
    public let report: @Sendable (_ name: String, _ arguments: [String], _ budget: ReportBudget) -> Output
    /// Runs a whole `tally` command line.
    public let command: @Sendable (_ arguments: [String]) -> Output

    public init(
        reports: [String], report: @escaping @Sendable (String, [String], ReportBudget) -> Output,
        command: @escaping @Sendable ([String]) -> Output
    ) {
        self.reports = reports
        self.report = report
        self.command = command
    }
}
