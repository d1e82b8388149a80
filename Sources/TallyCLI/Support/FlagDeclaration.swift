import TallyReports
import TallySyntax

/// One flag of a command, declared once: its spellings, the placeholder of its value
/// (nil for a switch) and its description. The command's help lists it from here, its
/// parser reads it from here (``FlagSet``), shells complete it from here (`CommandSpec`),
/// and `tally` knows from here which leading options take a value (`TallyTool.valueFlags`).
struct FlagDeclaration: Equatable, Sendable {
    /// The spellings the help shows: `-q`, `--quiet`. The last is the one messages name.
    let names: [String]
    /// Further spellings accepted but not shown (`--colour`).
    let aliases: [String]
    /// The value's placeholder (`YYYY-MM-DD`, `text|json`), nil for a switch.
    let value: String?
    /// The description as the help prints it, its lines separated by `\n`.
    let text: String

    /// Declares a flag: `FlagDeclaration("-q", "--quiet", help: "...")`.
    init(_ names: String..., aliases: [String] = [], value: String? = nil, help text: String) {
        self.names = names
        self.aliases = aliases
        self.value = value
        self.text = text
    }

    /// Declares a flag from its parts.
    init(names: [String], aliases: [String] = [], value: String?, text: String) {
        self.names = names
        self.aliases = aliases
        self.value = value
        self.text = text
    }

    /// The spelling messages name: `--file` for `-f, --file`.
    var name: String { names.last ?? "" }

    /// Every spelling the parser accepts.
    var spellings: [String] { names + aliases }

    /// The description, its lines joined: what a shell's menu shows.
    var description: String { text.split(separator: "\n").joined(separator: " ") }

    /// The description up to its first parenthesis: short enough for a menu.
    var summary: String {
        let short = description.firstRange(of: " (").map { String(description[..<$0.lowerBound]) } ?? description
        return short.isEmpty ? description : short
    }

    /// True when the help says the flag may be given more than once.
    var repeatable: Bool { description.contains("repeatable") }

    /// Known values, when the placeholder lists them as `a|b|c`, or names a `PERIOD` (the
    /// words of the period grammar: `today`, `last-month`, ...).
    var choices: [String] {
        if value == "PERIOD" { return PeriodSpec.words }
        guard let value, value.contains("|") else { return [] }
        return value.split(separator: "|").map(String.init)
    }

    /// True when the value names diagnostic codes (`CODE`, `CODE[,CODE]`).
    var takesCodes: Bool { value?.hasPrefix("CODE") ?? false }

    /// True when the value is a file's path (`FILE`, `PATH`): completions offer files.
    var takesPath: Bool { value == "FILE" || value == "PATH" }

    /// The help lines: the spellings and value from column 2, the description from
    /// column 25 (on the next line when the spellings reach past column 22).
    var help: String {
        let spec = names.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var out = "  " + spec
        if spec.count <= 21, let first = lines.first {
            out += String(repeating: " ", count: 23 - spec.count) + first
            lines = lines.dropFirst()
        }
        for line in lines { out += "\n" + String(repeating: " ", count: 25) + line }
        return out + "\n"
    }

    /// The help lines of `flags`, in order.
    static func help(_ flags: [FlagDeclaration]) -> String { flags.map(\.help).joined() }

    /// `-h, --help`, which every command takes (`tally` answers it before the command runs).
    static let helpFlag = FlagDeclaration("-h", "--help", help: "Show this help")
}

/// A command's own flags, one case each, so that its parser's `switch` names every
/// declared flag (the compiler says when one is left out) and no flag is spelled twice.
protocol FlagSet: CaseIterable, Sendable where AllCases == [Self] {
    /// The flag's declaration.
    var declaration: FlagDeclaration { get }
}

extension FlagSet {
    /// Every declaration, in the order the help lists them.
    static var declarations: [FlagDeclaration] { allCases.map(\.declaration) }

    /// The help lines of every flag, in order.
    static var help: String { FlagDeclaration.help(declarations) }

    /// The flag `spelling` names, for `tally <command>`. A flag it does not declare, or
    /// a switch given a value (`--dry-run=yes`), is an unknown option.
    static func named(_ spelling: String, inline: String?, command: String) throws(UsageError) -> Self {
        guard let flag = allCases.first(where: { $0.declaration.spellings.contains(spelling) }),
            inline == nil || flag.declaration.value != nil
        else {
            throw UsageError("unknown option `\(spelling)` for `tally \(command)`")
        }
        return flag
    }

    /// The spelling messages name.
    var name: String { declaration.name }
}

extension ArgumentReader {
    /// The value of `flag`: inline (`--x=v`) or the next argument.
    mutating func value<Flag: FlagSet>(of flag: Flag, inline: String?) throws(UsageError) -> String {
        try value(for: flag.name, inline: inline)
    }

    /// A value of `flag` that must be one of the choices its placeholder lists.
    mutating func choice<Flag: FlagSet>(of flag: Flag, inline: String?) throws(UsageError) -> String {
        try choice(for: flag.name, inline: inline, among: flag.declaration.choices)
    }

    /// The date value of `flag` (`--today 2026-11-22`).
    mutating func date<Flag: FlagSet>(of flag: Flag, inline: String?) throws(UsageError) -> CivilDate {
        let value = try value(of: flag, inline: inline)
        guard let date = CivilDate(iso: value) else { throw UsageError("`\(flag.name)`: `\(value)` is not a date; write YYYY-MM-DD") }
        return date
    }

    /// Reads every argument of `tally command`: each positional one goes to `positional`,
    /// each flag (an unknown one is a usage error) to `flag`, with the reader, from which it
    /// takes its value, and the value written inline (`--x=v`).
    static func read<Flag: FlagSet>(
        _ arguments: [String], command: String,
        positional: (String) throws(UsageError) -> Void,
        flag: (Flag, inout ArgumentReader, String?) throws(UsageError) -> Void
    ) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let item = reader.next() {
            switch item {
            case .positional(let word): try positional(word)
            case .flag(let spelling, let inline): try flag(try Flag.named(spelling, inline: inline, command: command), &reader, inline)
            }
        }
    }
}
