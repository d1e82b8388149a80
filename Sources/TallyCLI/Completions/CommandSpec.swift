/// What a shell needs to know to complete one subcommand: its flags, as the command
/// declares them (`Subcommand.flags`, the same declarations its help lists), and the
/// words its first argument can be.
struct CommandSpec: Equatable {
    var name: String
    var summary: String
    var flags: [FlagDeclaration]
    /// Words the first argument can be, when the usage lists them; empty means files.
    var argumentChoices: [String]

    /// The spec of `command`.
    init(_ command: any Subcommand.Type) {
        name = command.name
        summary = command.summary
        flags = command.flags
        argumentChoices = command.argumentChoices
    }

    /// Every spelling of every flag.
    var flagNames: [String] { flags.flatMap(\.names) }
}
