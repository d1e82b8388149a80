import TallyCore

/// How a `match` rule with split lines shares a movement out (Grammar.md §7.2).
///
/// A percentage part is the movement's size times the percentage, rounded half away from
/// zero to the entry's decimals; the rest line takes what the other parts leave, so the
/// parts always add up to the movement exactly and any rounding cent lands there.
extension RuleSplit {
    /// One part of an entry: its category, its signed amount, and whether it is the rest
    /// (written without an amount, as a split line that takes the rest of the header's).
    public struct Line: Sendable, Equatable {
        public let category: Int
        public let amount: Money
        public let isRest: Bool
        public let tags: [String]
        public let note: String?
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
            return Line(
                category: part.category, amount: movement.isNegative ? value.negated : value, isRest: amount == nil,
                tags: part.tags, note: part.note)
        }
    }

    /// `value` written with exactly `scale` decimals, or nil when that would change it.
    static func exactly(_ value: Money, scale: Int) -> Money? {
        guard value.significantScale <= scale else { return nil }
        return value.multiplied(by: Money(units: 1, scale: 0), roundedTo: scale)
    }
}
