/// Where a command writes: standard output for its product, standard error for messages
/// about the run. Tests capture both in memory.
public final class Console: @unchecked Sendable {
    private var outBuffer: [UInt8] = []
    /// Whether the reader of standard output or error went away (nothing more is sent).
    private var outClosed = false, errClosed = false
    private let capture: Bool
    /// Whether standard output is a terminal (decides colour in `auto` mode).
    public let stdoutIsTerminal: Bool
    /// The environment variables the command sees.
    public let environment: [String: String]
    /// Captured standard output, when capturing.
    public private(set) var capturedOut = ""
    /// Captured standard error, when capturing.
    public private(set) var capturedErr = ""

    /// A console on the process's real standard output and error.
    public static func standard() -> Console {
        Console(capture: false, stdoutIsTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment)
    }

    /// A console that keeps everything in memory, for tests.
    public static func capturing(environment: [String: String] = [:], terminal: Bool = false) -> Console {
        Console(capture: true, stdoutIsTerminal: terminal, environment: environment)
    }

    private init(capture: Bool, stdoutIsTerminal: Bool, environment: [String: String]) {
        self.capture = capture
        self.stdoutIsTerminal = stdoutIsTerminal
        self.environment = environment
    }

    /// Whether output should be coloured for a `--color auto|always|never` choice: in
    /// `auto`, only on a terminal, never when `NO_COLOR` is set or `TERM` is `dumb`.
    public func usesColor(_ choice: String) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            return stdoutIsTerminal && !noColor && environment["TERM"] != "dumb"
        }
    }

    /// The columns of the terminal standard output goes to, nil when it is not one (or
    /// when capturing).
    public var terminalColumns: Int? {
        guard !capture, stdoutIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes to standard output (buffered; see ``flush()``).
    public func out(_ text: String) {
        if capture { capturedOut += text; return }
        outBuffer.append(contentsOf: text.utf8)
        if outBuffer.count > 1 << 16 { flush() }
    }

    /// Writes bytes to standard output unchanged, even when they are not valid UTF-8
    /// (`tally fmt -` must give an editor its buffer back exactly).
    public func out(bytes: [UInt8]) {
        if capture { capturedOut += String(decoding: bytes, as: UTF8.self); return }
        outBuffer.append(contentsOf: bytes)
        if outBuffer.count > 1 << 16 { flush() }
    }

    /// Writes to standard error at once.
    public func err(_ text: String) {
        if capture { capturedErr += text; return }
        flush()
        if !errClosed { errClosed = !Self.send(Array(text.utf8), to: 2) }
    }

    /// Sends buffered standard output. A reader that went away (`| head -1`) ends the
    /// output, not the command: what follows is dropped.
    public func flush() {
        guard !outBuffer.isEmpty else { return }
        if !outClosed { outClosed = !Self.send(outBuffer, to: 1) }
        outBuffer.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` whole to `fd`; false when it takes no more (a closed pipe, SIGPIPE being
    /// ignored). Not FileHandle's `write`, which traps on a closed pipe (SIGILL).
    public static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}
