import TallySyntax

/// How a `match` rule with split lines shares a movement out (Grammar.md §7.2): fixed
/// amounts and percentages of the movement, written without sign, and one line without
/// an amount that takes the rest.
///
/// A percentage part is the movement's size times the percentage, rounded half away from
/// zero to the entry's decimals; the rest line takes what the other parts leave, so the
/// parts always add up to the movement exactly and any rounding cent lands there.
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

    /// One part of an entry: its category, its signed amount, and whether it is the rest
    /// (written without an amount, as a split line that takes the rest of the header's).
    public struct Line: Sendable, Equatable {
        public let category: Int
        public let amount: Money
        public let isRest: Bool
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
              value > .zero, value < Money(units: 100, scale: 0), value.scale + 2 <= Money.maximumScale else { return nil }
        return value
    }

    /// The parts of `movement` at `scale` decimals, signed like the movement, in the
    /// rule's order; nil when the fixed and percentage parts come to more than the
    /// movement (the rule then does not apply to it).
    ///
    /// Example: 70% and 5.00 and the rest of -84.95 at 2 decimals: 84.95 × 0.70 = 59.465,
    /// rounded half away from zero 59.47; the rest is 84.95 − 59.47 − 5.00 = 20.48; the
    /// lines are -59.47, -5.00 and -20.48.
    public func lines(of movement: Money, scale: Int) -> [Line]? {
        guard let size = Self.exactly(movement.isNegative ? movement.negated : movement, scale: scale) else { return nil }
        var amounts: [Money?] = []
        var taken = Money(units: 0, scale: scale)
        for part in parts {
            var amount: Money?
            switch part.share {
            case .amount(let value):
                guard let exact = Self.exactly(value, scale: scale) else { return nil }
                amount = exact
            case .percent(let value):
                guard let share = size.multiplied(by: Money(units: value.units, scale: value.scale + 2), roundedTo: scale) else { return nil }
                amount = share
            case .rest:
                amount = nil
            }
            if let amount {
                guard let sum = taken.adding(amount) else { return nil }
                taken = sum
            }
            amounts.append(amount)
        }
        guard let rest = size.subtracting(taken), !rest.isNegative else { return nil }
        return zip(parts, amounts).map { part, amount -> Line in
            let value = amount ?? rest
            return Line(category: part.category, amount: movement.isNegative ? value.negated : value, isRest: amount == nil,
                        tags: part.tags, note: part.note)
        }
    }

    /// `value` written with exactly `scale` decimals, or nil when that would change it.
    static func exactly(_ value: Money, scale: Int) -> Money? {
        guard value.significantScale <= scale else { return nil }
        return value.multiplied(by: Money(units: 1, scale: 0), roundedTo: scale)
    }
}
