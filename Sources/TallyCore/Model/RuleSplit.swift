import TallySyntax

/// The split lines of a `match` rule (Grammar.md §7.2), resolved: fixed amounts and
/// percentages of the movement, written without sign, and one line without an amount
/// that takes the rest. How a movement is shared out is TallyImport's (`RuleSplit+Movement`).
public struct RuleSplit: Sendable, Equatable {
    /// What one line of the rule takes.
    public enum Share: Sendable, Equatable {
        /// A fixed amount, without sign.
        case amount(Money)
        /// A percentage of the movement (`70%` is 70), more than 0 and less than 100.
        case percent(Money)
        /// What the other lines leave.
        case rest
    }

    /// One line of the rule, resolved.
    public struct Part: Sendable, Equatable {
        /// The category's index in the model.
        public let category: Int
        public let share: Share
        /// Tags (without `#`) and note the line writes on its part.
        public let tags: [String]
        public let note: String?
    }

    public let parts: [Part]

    /// The category of the rest line.
    public var restCategory: Int? { parts.first { $0.share == .rest }?.category }

    /// Reads a rule's split lines, or nil when it has none or any line is not one
    /// `tally check` accepts (an unknown category, a bad amount or percentage, not exactly
    /// one rest line, percentages of 100% or more: E0401, E0601).
    public init?(_ rule: MatchDirectiveSyntax, categories: [String: Int]) {
        let lines = rule.splits
        guard lines.count >= 2, rule.category == nil else { return nil }
        var parts: [Part] = []
        var percent = Money.zero
        for line in lines {
            guard let name = line.category?.value, let category = categories[name] else { return nil }
            let share: Share
            if let token = line.percentage {
                guard let value = Self.percentage(token.text) else { return nil }
                guard let sum = percent.adding(value) else { return nil }
                percent = sum
                share = .percent(value)
            } else if let amount = line.amount {
                guard let value = Money(utf8: amount.numberBytes), value > .zero, !amount.number.hasPrefix("+") else { return nil }
                share = .amount(value)
            } else {
                share = .rest
            }
            parts.append(Part(category: category, share: share, tags: line.tags, note: line.note))
        }
        guard parts.filter({ $0.share == .rest }).count == 1, percent < Money(units: 100, scale: 0) else { return nil }
        self.parts = parts
    }

    /// The value of a percentage token (`12.5%` is 12.5) when it is more than 0 and less
    /// than 100, else nil.
    public static func percentage(_ text: String) -> Money? {
        guard text.hasSuffix("%"), let first = text.first, first.isNumber, let value = Money(String(text.dropLast())),
            value > .zero, value < Money(units: 100, scale: 0), value.scale + 2 <= Money.maximumScale
        else { return nil }
        return value
    }
}
