import TallyInterop
import TallyReports

/// What a shell needs to know to complete one subcommand: its flags, as the command
/// declares them (`Subcommand.flags`, the same declarations its help lists), and the
/// words its first argument can be.
struct CommandSpec: Equatable {
    var name: String
    var summary: String
    var flags: [FlagDeclaration]
    /// Words the first argument can be, when the usage lists them; empty means files.
    var argumentChoices: [String]
    /// Whether its arguments may be query words (`cat:NAME`): a report's.
    var takesQuery: Bool

    /// The spec of `command`.
    init(_ command: any Subcommand.Type) {
        name = command.name
        summary = command.summary
        flags = command.flags
        argumentChoices = command.argumentChoices
        takesQuery = TallyTool.reportCommands.contains { ObjectIdentifier($0) == ObjectIdentifier(command) }
    }

    /// Every spelling of every flag.
    var flagNames: [String] { flags.flatMap(\.names) }

    /// The names from the budget `flag`'s value is one of (`--wallet NAME`), nil for others.
    func names(_ flag: FlagDeclaration) -> BudgetNames.Kind? {
        let kinds: [String: BudgetNames.Kind] = ["--wallet": .wallets, "--category": .categories, "--uncategorized": .categories, "--payee": .payees]
        return ["NAME", "TEXT"].contains(flag.value) ? kinds[flag.name] : nil
    }

    /// The values `flag` takes: those its placeholder lists, or, where it names them only
    /// in words (`--to FORMAT`), the library's own list.
    func choices(_ flag: FlagDeclaration) -> [String] {
        switch (name, flag.name) {
        case ("export", "--to"): PeerFormat.allCases.map(\.rawValue)
        case ("convert", "--from"): AppKind.allCases.map(\.rawValue)
        case ("import", "--from"): ["fio"]
        default: flag.choices
        }
    }
}
