import TallyCore
import TallySyntax

/// A mistake in what was asked for (a period that is no period, a query word that
/// matches nothing, a wallet the budget does not have): the command line reports it with
/// the command's usage and exit code 2; a server would answer it as a bad request.
public struct UsageError: Error, Equatable {
    /// What was wrong, naming the flag or word as the command line spells it.
    public var message: String { text.worded(.flags) }
    /// What was wrong, with the options it names kept apart (``message(_:)``).
    public let text: UsageText
    /// Whether the input is readable but doubtful (a statement's dates that read two
    /// ways): refused as a conflict (`tally`: exit 1), not as a wrong request.
    public var doubtful = false
    /// Creates the error from words that name no option, or name it as every front end does.
    public init(_ message: String) { text = UsageText(stringLiteral: message) }
    /// Creates the error from words whose options each front end names (``OptionNaming``).
    public init(_ text: UsageText) { self.text = text }

    /// What was wrong, each option named as `naming` names it (a page: `period`, not `--period`).
    public func message(_ naming: OptionNaming) -> String { text.worded(naming) }

    /// Two mistakes are the same when they read the same on the command line.
    public static func == (a: UsageError, b: UsageError) -> Bool { a.message == b.message && a.doubtful == b.doubtful }
}

extension UsageError {
    /// The "did you mean" of a mistyped command, flag value or name: the one rule of
    /// ``Suggestion``, which the diagnostics use too.
    public static func closest(_ word: String, _ candidates: [String]) -> String? {
        Suggestion.closest(to: word, among: candidates)
    }
}

extension UsageError {
    /// Refuses `value`, given to the option `name`, unless it is one of `choices`: the one
    /// wording of a value outside a list, for every flag and parameter.
    public static func check(_ value: String, of name: String, among choices: [String]) throws(UsageError) {
        guard choices.contains(value) else {
            throw UsageError("`\(value)` is not a valid value for `\(option: name)`; expected one of: \(choices.joined(separator: ", "))")
        }
    }
}
