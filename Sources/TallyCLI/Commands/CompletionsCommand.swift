import TallyReports

/// `tally completions bash|zsh|fish`: prints a shell completion script, generated from
/// every command's declared flags.
enum CompletionsCommand: Subcommand {
    static let name = "completions"
    static let summary = "Print a shell completion script"
    static let help = """
        tally completions: print a completion script for a shell.

        USAGE
          tally completions bash|zsh|fish

        OPTIONS
        \(FlagDeclaration.helpFlag.help)\

        INSTALL
          bash  source <(tally completions bash)        (in ~/.bashrc)
          zsh   tally completions zsh > ~/.zfunc/_tally (with ~/.zfunc on $fpath)
          fish  tally completions fish > ~/.config/fish/completions/tally.fish

        The scripts complete commands, their flags, the values a flag's help lists,
        diagnostic codes after --deny and --allow, .tally files, and the wallets,
        categories and payees of the line's budget (or TALLY_FILE's), read only.

        """

    static let flags: [FlagDeclaration] = [.helpFlag]
    static var argumentChoices: [String] { CompletionScript.shells }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard arguments.count == 1, let shell = arguments.first,
            let script = CompletionScript(commands: specs).script(for: shell)
        else {
            let given = arguments.isEmpty ? "no shell given" : "`\(arguments.joined(separator: " "))` is not a shell I know"
            console.err("tally completions: \(given); expected one of: \(CompletionScript.shells.joined(separator: ", "))\n\nUsage: tally completions bash|zsh|fish\n")
            return ExitCode.usage
        }
        console.out(script)
        return ExitCode.success
    }

    /// `tally __names wallets|categories|payees WORD...`, which the scripts run: the names
    /// of the budget the line's words name (or TALLY_FILE), one a line; silent on errors.
    static func names(_ arguments: [String], console: Console) -> Int32 {
        guard let kind = arguments.first.flatMap(BudgetNames.Kind.init(rawValue:)),
            let names = BudgetNames.names(kind, words: Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        else { return ExitCode.usage }
        console.out(names.map { $0 + "\n" }.joined())
        return ExitCode.success
    }

    /// Every registered command, from its declared flags.
    static var specs: [CommandSpec] {
        TallyTool.subcommands.map { CommandSpec($0) }
    }
}
