/// What the command line lends the server: its commands that write (`tally add`, `tally
/// record`) and `tally check`.
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

    /// Runs a whole `tally` command line.
    public let command: @Sendable (_ arguments: [String]) -> Output

    public init(command: @escaping @Sendable ([String]) -> Output) {
        self.command = command
    }
}
