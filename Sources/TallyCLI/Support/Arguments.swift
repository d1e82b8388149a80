import TallyReports

/// A small hand-written reader of one subcommand's arguments: flags with or without
/// values (`--format json`, `--format=json`), and positional arguments. `--` ends the
/// flags; `-` alone is a positional argument (standard input).
struct ArgumentReader {
    private var remaining: [String]
    private var flagsEnded = false

    init(_ arguments: [String]) { remaining = arguments }

    enum Item: Equatable {
        case flag(String, inlineValue: String?)
        case positional(String)
    }

    /// The next argument, or nil when all are read.
    mutating func next() -> Item? {
        guard !remaining.isEmpty else { return nil }
        let argument = remaining.removeFirst()
        if flagsEnded || argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        if argument == "--" {
            flagsEnded = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return .flag(String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return .flag(argument, inlineValue: nil)
    }

    /// The value of a flag: inline (`--x=v`) or the next argument.
    mutating func value(for flag: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        // A negative number is a value (`--months -3`), so its error can say what is wrong.
        let negativeNumber = remaining.first.map { $0.count > 1 && $0.hasPrefix("-") && $0.dropFirst().allSatisfy { $0.isNumber || $0 == "." } } ?? false
        guard !remaining.isEmpty, negativeNumber || !(remaining[0].hasPrefix("-") && remaining[0] != "-") else {
            throw UsageError("`\(flag)` needs a value")
        }
        return remaining.removeFirst()
    }

    /// A value that must be one of `choices`.
    mutating func choice(for flag: String, inline: String?, among choices: [String]) throws(UsageError) -> String {
        let value = try value(for: flag, inline: inline)
        try UsageError.check(value, of: flag, among: choices)
        return value
    }
}
