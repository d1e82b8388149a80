import TallyCore
import TallyLSP
import TallyReports
import TallySyntax

/// `tally lsp`: the language server over standard input and output.
enum LSPCommand: Subcommand {
    static let name = "lsp"
    static let summary = "Run the language server for editors (over stdin/stdout)"
    static let help = """
        tally lsp: the Tally language server. Editors start it and talk to it over standard
        input and output (Language Server Protocol 3.17); logs go to standard error.

        USAGE
          tally lsp [options]

        OPTIONS
        \(Flag.help)\(FlagDeclaration.helpFlag.help)\

        The root of an open file's budget is the file that includes it (followed upwards),
        found among open files, the workspace's .tally files and the files tally check
        searches around the file (its repository, else the folders above and beside it);
        else the root set by --root or the client's initializationOptions.root; else the
        file itself. See editors/README.md for connecting Neovim, VS Code, Emacs, Helix
        and Vim.

        EXIT CODES
          0  the client asked the server to shut down, then to exit
          1  the client exited without asking to shut down, or closed the input
          2  usage mistake

        """

    static var flags: [FlagDeclaration] { Flag.declarations + [.helpFlag] }

    /// The command's flags, each declared once (help, parsing, completions).
    enum Flag: FlagSet {
        case stdio, debounce, root, today, docsUrl

        var declaration: FlagDeclaration {
            switch self {
            case .stdio: FlagDeclaration("--stdio", help: "Talk over standard input and output (the default and only way)")
            case .debounce:
                FlagDeclaration(
                    "--debounce", value: "MS",
                    help: """
                        Quiet time after an edit before diagnostics are computed
                        (default: 150)
                        """)
            case .root: FlagDeclaration("--root", value: "FILE", help: "The budget root for files that no other file includes")
            case .today: FlagDeclaration("--today", value: "YYYY-MM-DD", help: "The date to check as of (default: TALLY_TODAY, else today)")
            case .docsUrl:
                FlagDeclaration(
                    "--docs-url", value: "URL",
                    help: """
                        Where docs/diagnostics.md is published; diagnostics link to
                        URL#<code>-<title> (default: the file beside this tally, if any)
                        """)
            }
        }
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        var configuration = ServerConfiguration()
        configuration.version = TallyVersion.current
        configuration.environment = console.environment
        var reader = ArgumentReader(arguments)
        do throws(UsageError) {
            while let item = reader.next() {
                switch item {
                case .flag(let spelling, let inline):
                    let flag = try Flag.named(spelling, inline: inline, command: name)
                    switch flag {
                    case .stdio: break
                    case .debounce:
                        let value = try reader.value(of: flag, inline: inline)
                        guard let ms = Int(value), ms >= 0, ms <= 10_000 else { throw UsageError("`\(value)` is not a number of milliseconds (0 to 10000)") }
                        configuration.debounceMilliseconds = ms
                    case .root: configuration.root = URL(fileURLWithPath: try reader.value(of: flag, inline: inline)).standardizedFileURL.path
                    case .today:
                        let value = try reader.value(of: flag, inline: inline)
                        guard let date = CivilDate(iso: value) else { throw UsageError("`\(value)` is not a date; write --today YYYY-MM-DD") }
                        configuration.today = date
                    case .docsUrl: configuration.diagnosticsDocumentation = try reader.value(of: flag, inline: inline)
                    }
                case .positional(let word):
                    throw UsageError("`tally lsp` takes no files (got `\(word)`); the editor opens them")
                }
            }
        } catch {
            console.err("tally lsp: \(error.message)\n\nUsage: tally lsp [--stdio] [--debounce MS] [--root FILE]\nRun `tally help lsp` for details.\n")
            return ExitCode.usage
        }
        if configuration.today == nil && Interpreter.today(environment: console.environment) == nil {
            console.err("tally lsp: TALLY_TODAY is not a date; write it as YYYY-MM-DD\n")
            return ExitCode.usage
        }
        if configuration.diagnosticsDocumentation == nil { configuration.diagnosticsDocumentation = bundledDocumentation() }
        console.flush()
        return StdioTransport.run(
            configuration: configuration,
            log: { line in _ = Console.send(Array("tally lsp: \(line)\n".utf8), to: 2) })
    }

    /// `docs/diagnostics.md` of the checkout or installation this executable belongs to.
    static func bundledDocumentation() -> String? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 5 {
            for candidate in ["docs/diagnostics.md", "share/tally/docs/diagnostics.md"] {
                let url = folder.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url.absoluteString }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
