import TallySyntax

/// A mistake in what was asked for (a period that is no period, a query word that
/// matches nothing, a wallet the budget does not have): the command line reports it with
/// the command's usage and exit code 2; a server would answer it as a bad request.
public struct UsageError: Error, Equatable {
    /// What was wrong, naming the flag or word.
    public let message: String
    /// Whether the input is readable but doubtful (a statement's dates that read two
    /// ways): refused as a conflict (`tally`: exit 1), not as a wrong request.
    public var doubtful = false
    /// Creates the error.
    public init(_ message: String) { self.message = message }
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
            throw UsageError("`\(value)` is not a valid value for `\(name)`; expected one of: \(choices.joined(separator: ", "))")
        }
    }
}
