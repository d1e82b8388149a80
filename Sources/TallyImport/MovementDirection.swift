import TallyCore

/// Which way money moved, as a statement says it apart from the amount: a sign or
/// direction column (`Af`/`Bij`, `D`/`C`, `S`/`H`, `Debit`/`Credit`, `Ausgang`/`Eingang`)
/// or a marker beside the number (`12.00 DR`, `12.00 CR`). The words are compared folded
/// (``CSVColumns/normalize(_:)``: lowercase, no accents). A word not listed says nothing,
/// and a row whose direction is not known is refused, never guessed (Grammar.md §7.1).
public enum MovementDirection: Sendable, Equatable {
    /// Money left the account (a debit, `Af`, `Soll`).
    case out
    /// Money came in (a credit, `Bij`, `Haben`).
    case `in`

    /// The words of a sign column, folded. `S` and `H` are German banks' Soll and Haben,
    /// `D`/`C` Knab's and many others', `Af`/`Bij` ING Netherlands'.
    static let words: [String: MovementDirection] = [
        "af": .out, "d": .out, "dr": .out, "db": .out, "debit": .out, "debet": .out, "s": .out, "soll": .out,
        "ausgang": .out, "out": .out, "-": .out, "outgoing": .out, "odchozi": .out, "vydaj": .out,
        "bij": .in, "c": .in, "cr": .in, "credit": .in, "krediet": .in, "h": .in, "haben": .in,
        "eingang": .in, "in": .in, "+": .in, "incoming": .in, "prichozi": .in, "prijem": .in
    ]

    /// The direction a sign column's cell names, or nil when it names none Tally knows or
    /// `declared` lists (`out: "Lastschrift"`).
    public init?(word: String, declared: [StatementWord: [String]] = [:]) {
        let folded = CSVColumns.normalize(word)
        if declared[.out]?.contains(where: { CSVColumns.normalize($0) == folded }) ?? false {
            self = .out
        } else if declared[.in]?.contains(where: { CSVColumns.normalize($0) == folded }) ?? false {
            self = .in
        } else if let direction = Self.words[folded] {
            self = direction
        } else {
            return nil
        }
    }

    /// The direction of a marker written beside an amount (`CR`, `DR`, `DB`, any case), or
    /// nil. Single letters are not markers there: they may be part of a currency.
    init?(marker: Substring) {
        switch marker.lowercased() {
        case "cr": self = .in
        case "dr", "db": self = .out
        default: return nil
        }
    }

    /// `amount` moved this way: its size with the direction's sign; nil when the amount
    /// carries a minus against it (a minus and `Bij`), which is not guessed either way.
    public func signed(_ amount: Money) -> Money? {
        switch self {
        case .out: return amount.isNegative ? amount : amount.negated
        case .in: return amount.isNegative ? nil : amount
        }
    }
}
