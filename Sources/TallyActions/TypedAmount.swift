import TallyCore
import TallySyntax

/// An amount as a person types it — `tally add`'s AMOUNT, `tally init`'s opening
/// balances, the web forms' Amount fields — read into the form Tally writes (Grammar.md
/// §1.2, "Typed amounts"). A number written as Tally writes it (`12.50`, `-12.50`,
/// `+12.50`) is read as written; one with a decimal comma or thousands marks is read by
/// ``MarkedNumber``, the parser's rule for such numbers in a file, when it can be read
/// one way only (`12,99`, `-3,80`, `1.412,50`). `1,234` (a thousand and more, or one and
/// a bit) is refused with the question: nothing is guessed.
///
/// The one reader of typed amounts: every front end passes the text as typed to an
/// action, and the action reads it here.
public enum TypedAmount {
    /// Why a typed text is no amount.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not a number at all (`12.5.0`, `abc`, `,50`).
        case notAnAmount(String)
        /// A number that reads two ways (`1,234`): the typed text and both readings.
        case twoReadings(String, thousands: String, decimals: String)

        /// The refusal in words; `example` says how to write an amount where the text is
        /// not one (each action has its own: `12.50, -12.50 or +12.50`, `25.00`).
        public func message(example: String) -> String {
            switch self {
            case .notAnAmount(let typed):
                return "`\(typed)` is not an amount; \(example)"
            case .twoReadings(let typed, let thousands, let decimals):
                return "`\(typed)` reads two ways: did you mean \(thousands) or \(decimals)? Write the one you mean"
            }
        }
    }

    /// The amount typed as `typed` (spaces around it ignored) in the form Tally writes,
    /// its sign kept as typed: `+12,99` is `+12.99`, `12,99` is `12.99` (the action
    /// decides what no sign means). The text returned always reads as ``Money``.
    public static func read(_ typed: String) throws(Refusal) -> String {
        let text = String(typed.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if Money(text) != nil { return text }
        switch MarkedNumber.read(text) {
        case .number(let number, _) where Money(number) != nil:
            return number
        case .ambiguous:
            // `1,234`: the comma separates thousands (1234) or marks decimals (1.234).
            throw .twoReadings(text, thousands: text.filter { $0 != "," }, decimals: String(text.map { $0 == "," ? "." : $0 }))
        default:
            throw .notAnAmount(text)
        }
    }
}
