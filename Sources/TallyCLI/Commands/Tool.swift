import TallyCore
import TallyReports

/// Exit codes shared by every subcommand.
public enum ExitCode {
    /// Success: nothing failed.
    public static let success: Int32 = 0
    /// The command ran and found problems (errors; warnings under `--strict`).
    public static let problems: Int32 = 1
    /// Usage mistakes and files that cannot be read.
    public static let usage: Int32 = 2
}

/// A subcommand of `tally`.
protocol Subcommand: Sendable {
    /// The word after `tally`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text.
    static var help: String { get }
    /// Every flag, in the order the help lists them (`-h, --help` included).
    static var flags: [FlagDeclaration] { get }
    /// Words the first argument can be (`bash`, `zsh`, `fish`); empty means files.
    static var argumentChoices: [String] { get }
    /// Runs with the arguments after the subcommand's name.
    static func run(_ arguments: [String], console: Console) -> Int32
}

/// The `tally` command: dispatches to subcommands, prints help and version.
public enum TallyTool {
    static let subcommands: [any Subcommand.Type] =
        [InitCommand.self, CheckCommand.self, FmtCommand.self] + reportCommands + [RecordCommand.self, AddCommand.self, ImportCommand.self, SyncCommand.self, FeedCommand.self, ExportCommand.self, ConvertCommand.self, LSPCommand.self, ServeCommand.self, CompletionsCommand.self]

    /// Runs `tally` with `arguments` (without the program name) and returns the exit code.
    /// `commit` is the commit the executable was built from, for `--version` (nil: unknown).
    public static func run(_ arguments: [String], console: Console, commit: String? = nil) -> Int32 {
        defer { console.flush() }
        let arguments = leadingOptionsMoved(arguments)
        guard let first = arguments.first else {
            console.err(mainHelp)
            return ExitCode.usage
        }
        switch first {
        case "-h", "--help":
            console.out(mainHelp)
            return ExitCode.success
        case "-V", "--version", "version":
            console.out(TallyVersion.line(commit: commit) + "\n")
            return ExitCode.success
        case "man":
            // Hidden: the manual pages for the release script (`ManPage`).
            guard arguments.count <= 2 else { return unknownCommand(arguments.joined(separator: " "), console: console) }
            guard arguments.count == 2 else {
                console.out(ManPage.main(subcommands))
                return ExitCode.success
            }
            guard let command = subcommand(arguments[1]) else { return unknownCommand(arguments[1], console: console) }
            console.out(ManPage.command(command))
            return ExitCode.success
        case "__names":
            // Hidden: the names a completion script offers (`CompletionsCommand.names`).
            return CompletionsCommand.names(Array(arguments.dropFirst()), console: console)
        case "help":
            guard arguments.count > 1 else {
                console.out(mainHelp)
                return ExitCode.success
            }
            // `tally help help`, `tally help --help`, `tally help check fmt`: say how help works.
            guard arguments.count == 2, !arguments[1].hasPrefix("-"), arguments[1] != "help" else {
                console.err("tally help: write `tally help COMMAND` (for example `tally help check`); `tally --help` lists the commands\n")
                return ExitCode.usage
            }
            guard let command = subcommand(arguments[1]) else {
                return unknownCommand(arguments[1], console: console)
            }
            console.out(command.help)
            return ExitCode.success
        default:
            guard let command = subcommand(first) else {
                if first.hasPrefix("-") {
                    console.err("tally: unknown option `\(first)`\n\nRun `tally --help` for usage.\n")
                    return ExitCode.usage
                }
                return unknownCommand(first, console: console)
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                console.out(command.help)
                return ExitCode.success
            }
            if reportCommands.contains(where: { ObjectIdentifier($0) == ObjectIdentifier(command) }) {
                return OutputFile.run(command, rest, console: console)
            }
            return command.run(rest, console: console)
        }
    }

    /// Short names hledger and ledger users type: `tally bal`, `tally reg`, `tally is`;
    /// `bs` and `balancesheet` are `balance`, whose table is hledger's balance sheet.
    static let aliases = [
        "bal": "balance", "reg": "register", "env": "envelopes", "bs": "balance", "balancesheet": "balance", "is": "incomestatement"
    ]

    /// The command `name` names: its full name, an alias, or an unambiguous prefix.
    static func subcommand(_ name: String) -> (any Subcommand.Type)? {
        if let exact = subcommands.first(where: { $0.name == name }) { return exact }
        if let alias = aliases[name] { return subcommands.first { $0.name == alias } }
        let matches = subcommands.filter { $0.name.hasPrefix(name) }
        return name.count >= 2 && matches.count == 1 ? matches[0] : nil
    }

    /// Flags that take a value, for reading options written before the command: those
    /// every report takes, from their declarations.
    static var valueFlags: Set<String> { ReportOptions.valueFlags }

    /// Options written before the command (`tally --today 2026-11-22 -f b.tally balance`)
    /// moved after it, where the command reads them.
    static func leadingOptionsMoved(_ arguments: [String]) -> [String] {
        var i = 0
        while i < arguments.count, arguments[i].hasPrefix("-"), arguments[i] != "-",
            !["-h", "--help", "-V", "--version"].contains(arguments[i])
        {
            let flag = arguments[i]
            i += !flag.contains("=") && valueFlags.contains(flag) ? 2 : 1
        }
        guard i > 0, i < arguments.count else { return arguments }
        return [arguments[i]] + arguments[i + 1 ..< arguments.count] + arguments[0 ..< i]
    }

    static func unknownCommand(_ name: String, console: Console) -> Int32 {
        var message = "tally: unknown command `\(name)`"
        let names = subcommands.map { $0.name } + ["help"]
        let starting = names.filter { $0.hasPrefix(name) }
        if !name.isEmpty, starting.count > 1 {
            message = "tally: `\(name)` could be \(starting.map { "`\($0)`" }.joined(separator: ", ")); write more of the name"
        } else if let suggestion = closest(name, names) {
            message += "; did you mean `\(suggestion)`?"
        }
        console.err(message + "\n\nRun `tally --help` for the list of commands.\n")
        return ExitCode.usage
    }

    static func closest(_ word: String, _ candidates: [String]) -> String? {
        UsageError.closest(word, candidates)
    }

    static var mainHelp: String {
        var text = """
            tally \(TallyVersion.current): a plain-text budget — wallets, envelopes, goals and recurring entries.

            USAGE
              tally [options] <command> [options] [files] [query]

            COMMANDS

            """
        let width = max(10, (subcommands.map { $0.name.count }.max() ?? 0) + 2)  // names never run into summaries
        for command in subcommands {
            text += "  " + command.name.padded(to: width) + command.summary + "\n"
        }
        text += "  " + "help".padded(to: width) + "Show help for a command: tally help check\n"
        text += """

            Short names: bal (balance), reg (register), env (envelopes), is
            (incomestatement), bs and balancesheet (balance), and any unambiguous
            start of a command's name (tally fo = tally forecast).
            Options may come before the command: tally --today 2026-11-22 -f b.tally bal.
            Reports read the budget named first, or with -f FILE, or in TALLY_FILE.

            OPTIONS
              -h, --help     Show this help
              -V, --version  Show the version

            The format is described in Grammar.md; diagnostic codes in docs/diagnostics.md.

            """
        return text
    }
}

extension Subcommand {
    /// Most commands' first argument is a file.
    static var argumentChoices: [String] { [] }
}
