import TallyCore
import TallyReports
import TallyServe
import TallySyntax

/// `tally serve FILE`: the budget as a local web app (the `TallyServe` target). This file
/// only reads the flags and starts the server; the app's reports and writes are the
/// library's actions, as the command line's are.
enum ServeCommand: Subcommand {
    static let name = "serve"
    static let summary = "Browse and edit the budget in a web browser (local web app)"
    static let help = """
        tally serve: a web app over the budget on this machine: an overview with charts,
        envelopes, the register with its filters, goals, due entries, diagnostics and the
        source; forms that add a purchase, assign or move money, record due entries and
        import a statement (a dry run first), written as `tally add`, `tally record` and
        `tally import` write. Open pages follow changes to the files. docs/serve.md describes every page and the API.

        USAGE
          tally serve [options] <file>

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        The first line on standard output is the address to open, with this run's key;
        on every address (--host 0.0.0.0 or ::) the lines after it give it at each of
        this machine's own addresses and, on a terminal, as a QR code for a phone. Only
        this machine connects unless --host names another address; every request needs
        the key (other accounts here have not got it). Nothing of the budget is logged.
        Stop with Ctrl-C.

        EXIT CODES
          2  usage mistake, or the address cannot be listened on

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case file, host, port, today

        var declaration: FlagDeclaration {
            switch self {
            case .file: FlagDeclaration("-f", "--file", value: "FILE", help: "The budget (repeatable: several files read as one, then read-only)")
            case .host:
                FlagDeclaration(
                    "--host", value: "ADDRESS",
                    help: """
                        The IP address to listen on (default: 127.0.0.1); another
                        than loopback lets other machines connect (with the key)
                        """)
            case .port: FlagDeclaration("--port", value: "N", help: "The port (default: 8080; 0: any free port, printed)")
            case .today: FlagDeclaration("--today", value: "YYYY-MM-DD", help: "The date figures are as of (default: TALLY_TODAY, else today)")
            }
        }
    }

    struct Options {
        var files: [String] = []
        var host = "127.0.0.1"
        var port = 8080
        var today: CivilDate?
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let item = reader.next() {
            switch item {
            case .flag(let spelling, let inline):
                let flag = try Flag.named(spelling, inline: inline, command: name)
                let value = try reader.value(of: flag, inline: inline)
                switch flag {
                case .file: options.files.append(value)
                case .host: options.host = value
                case .port:
                    guard let port = Int(value), (0 ... 65535).contains(port) else { throw UsageError("`--port`: `\(value)` is not a port (0 to 65535)") }
                    options.port = port
                case .today:
                    guard let date = CivilDate(iso: value) else { throw UsageError("`--today`: `\(value)` is not a date; write YYYY-MM-DD") }
                    options.today = date
                }
            case .positional(let word):
                guard options.files.isEmpty else { throw UsageError("`tally serve` reads one budget (with its includes); got `\(word)` too") }
                options.files.append(word)
            }
        }
        guard !options.files.isEmpty else { throw UsageError("name the budget file (or -f FILE)") }
        guard !options.files.contains("-") else { throw UsageError("`tally serve` reads files again when they change; it cannot read standard input") }
        return options
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        var given = arguments
        if given.isEmpty, let file = console.environment["TALLY_FILE"], !file.isEmpty { given = [file] }
        guard let options = readOptions(given, console: console, usage: "tally serve [--host ADDRESS] [--port N] <file>", parse) else { return ExitCode.usage }
        guard workingDay(options.today, console: console) != nil else { return ExitCode.usage }
        let session: ServeSession
        do throws(ServeSession.StartError) {
            session = try ServeSession(
                files: options.files, host: options.host, port: options.port, today: options.today, environment: console.environment)
        } catch {
            console.err("tally serve: \(error.message)\n")
            return ExitCode.usage
        }
        console.out(session.printedAddresses(onTerminal: console.stdoutIsTerminal, colour: console.usesColor("auto")))
        console.flush()
        console.err("tally serve: serving \(options.files.joined(separator: ", ")); press Ctrl-C to stop\n")
        while true { sleep(3600) }
    }
}
