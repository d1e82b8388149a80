#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// How a front end names the options a usage mistake is about: the command line by its
/// flags (`--period`, `-X`), a web page or `/api/` by its query parameters (`period`,
/// `exchange`: the long flags without their dashes). A message keeps the options it names
/// apart from its words (``UsageText``), so each front end words it without rewriting text.
public enum OptionNaming: Sendable {
    /// `--period`, `-X`, `tally register`: the command line's words.
    case flags
    /// `period`, `exchange`, "the `register` report": a page's query parameters.
    case parameters

    /// The query parameter of each short flag a message names (the others drop their dashes).
    static let shortFlags = [
        "-X": "exchange", "-V": "market", "-B": "cost", "-W": "weekly", "-M": "monthly", "-Q": "quarterly", "-Y": "yearly", "-f": "file", "-o": "output",
        "-b": "begin", "-e": "end", "-p": "period"
    ]

    /// `flag` (as the command line spells it: `--period`, `-X`, or a query word such as
    /// `date:`) in this naming.
    public func name(ofOption flag: String) -> String {
        guard self == .parameters else { return flag }
        if let long = Self.shortFlags[flag] { return long }
        return String(flag.drop { $0 == "-" })
    }

    /// The command `name` (a report: `register`) in this naming, quoted.
    public func name(ofCommand name: String) -> String {
        self == .flags ? "`tally \(name)`" : "the `\(name)` report"
    }
}

/// A usage mistake's words with the options and commands it names kept as data: written
/// as a string with `\(option: "--period")` and `\(command: "register")` interpolated, and
/// worded for a front end by ``worded(_:)``.
public struct UsageText: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// A piece of the message.
    enum Piece: Sendable, Equatable {
        case text(String)
        case option(String)
        case command(String)
        case words(flags: String, parameters: String)
    }

    var pieces: [Piece]

    /// Plain words, naming no option.
    public init(stringLiteral value: String) { pieces = [.text(value)] }

    /// Words with options interpolated.
    public init(stringInterpolation: Interpolation) { pieces = stringInterpolation.pieces }

    /// The message in `naming`'s words.
    public func worded(_ naming: OptionNaming) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .option(let flag): naming.name(ofOption: flag)
            case .command(let name): naming.name(ofCommand: name)
            case .words(let flags, let parameters): naming == .flags ? flags : parameters
            }
        }.joined()
    }

    /// The same message with `transform` applied to each run of its own words (a value
    /// shortened, say), never to the options it names.
    public func mappingWords(_ transform: (String) -> String) -> UsageText {
        var copy = self
        copy.pieces = pieces.map { piece in
            if case .text(let text) = piece { return .text(transform(text)) }
            return piece
        }
        return copy
    }

    /// Builds a ``UsageText`` from a string with interpolations.
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Words, joined to the words before them (so that a quoted value stays whole).
        public mutating func appendLiteral(_ literal: String) {
            if case .text(let before)? = pieces.last {
                pieces[pieces.count - 1] = .text(before + literal)
            } else {
                pieces.append(.text(literal))
            }
        }

        /// A value shown as it is (a date, a name, what was typed).
        public mutating func appendInterpolation<Value>(_ value: Value) { appendLiteral("\(value)") }

        /// Words for each front end: what the command line says (`--encoding`) and what a
        /// page says in its place (`encoding` in the wallet's import profile; empty for nothing).
        public mutating func appendInterpolation(flags: String, parameters: String) { pieces.append(.words(flags: flags, parameters: parameters)) }

        /// An option, spelled as the command line spells it (`--period`, `-X`).
        public mutating func appendInterpolation(option flag: String) { pieces.append(.option(flag)) }

        /// Several options, each as the command line spells it, joined by `separator`
        /// (`--monthly, --weekly`).
        public mutating func appendInterpolation(options flags: [String], separator: String) {
            for (i, flag) in flags.enumerated() {
                if i > 0 { pieces.append(.text(separator)) }
                pieces.append(.option(flag))
            }
        }

        /// A command (`register`), `tally register` on the command line.
        public mutating func appendInterpolation(command name: String) { pieces.append(.command(name)) }

        /// A usage text inside another (a mistake a check reports in its own words).
        public mutating func appendInterpolation(_ text: UsageText) {
            for piece in text.pieces {
                if case .text(let words) = piece { appendLiteral(words) } else { pieces.append(piece) }
            }
        }
    }
}
