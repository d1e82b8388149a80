import TallyReports

/// What a shell needs to know to complete one subcommand, read from its help text:
/// flags are the lines that start with two spaces and a dash (`  -q, --quiet  ...`,
/// `  --format text|json  ...`), and choices for the first argument come from a usage
/// line such as `  tally completions bash|zsh|fish`. Because completions are read from
/// the help, a new command or flag is covered as soon as its help lists it.
struct CommandSpec: Equatable {
    /// One flag with its spellings and what it takes.
    struct Flag: Equatable {
        /// Every spelling: `-q`, `--quiet`.
        var names: [String]
        /// The value's placeholder (`YYYY-MM-DD`, `text|json`), nil for a switch.
        var value: String?
        /// The description, all its lines joined.
        var description: String

        /// The description up to its first parenthesis: short enough for a menu.
        var summary: String {
            let short = description.firstRange(of: " (").map { String(description[..<$0.lowerBound]) } ?? description
            return short.isEmpty ? description : short
        }

        /// True when the help says the flag may be given more than once.
        var repeatable: Bool { description.contains("repeatable") }

        /// Known values, when the help lists them as `a|b|c`, or names a `PERIOD` (the
        /// words of the period grammar: `today`, `last-month`, ...).
        var choices: [String] {
            if value == "PERIOD" { return PeriodSpec.words }
            guard let value, value.contains("|") else { return [] }
            return value.split(separator: "|").map(String.init)
        }

        /// True when the value names diagnostic codes (`CODE`, `CODE[,CODE]`).
        var takesCodes: Bool { value?.hasPrefix("CODE") ?? false }
    }

    var name: String
    var summary: String
    var flags: [Flag]
    /// Words the first argument can be, when the usage lists them; empty means files.
    var argumentChoices: [String]

    init(name: String, summary: String, help: String) {
        self.name = name
        self.summary = summary
        var flags: [Flag] = []
        var choices: [String] = []
        var continuing = false  // the lines below a flag, indented deeper, go on describing it
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if continuing, line.hasPrefix("   "), let last = flags.indices.last {
                let text = line.trimmingPrefix(while: { $0 == " " })
                flags[last].description += (flags[last].description.isEmpty ? "" : " ") + text
                continue
            }
            continuing = false
            if line.hasPrefix("  -") {
                let body = line.dropFirst(2)
                // The flag part ends where two spaces start the description.
                let split = body.firstRange(of: "  ")
                let spec = split.map { body[..<$0.lowerBound] } ?? body[...]
                let summary = split.map { body[$0.upperBound...].trimmingPrefix(while: { $0 == " " }) } ?? ""
                var names: [String] = []
                var value: String?
                for part in spec.split(separator: ",", omittingEmptySubsequences: true) {
                    let words = part.split(separator: " ")
                    guard let first = words.first, first.hasPrefix("-") else {
                        // A comma inside a placeholder (`CODE[,CODE]`) belongs to the value.
                        if value != nil { value! += "," + part }
                        continue
                    }
                    names.append(String(first))
                    if words.count > 1 { value = words.dropFirst().joined(separator: " ") }
                }
                if !names.isEmpty {
                    flags.append(Flag(names: names, value: value, description: String(summary)))
                    continuing = true
                }
            } else if line.hasPrefix("  tally \(name) "), choices.isEmpty {
                let words = line.split(separator: " ")
                if words.count > 2, words[2].contains("|"), !words[2].hasPrefix("[") {
                    choices = words[2].split(separator: "|").map(String.init)
                }
            }
        }
        self.flags = flags
        self.argumentChoices = choices
    }

    /// Every spelling of every flag.
    var flagNames: [String] { flags.flatMap(\.names) }
}
