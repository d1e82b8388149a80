import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Whether a `match` rule applies to a statement row, and how it shares the row out.
extension MatchRule {
    /// True when the rule applies to the movement: its text and bounds match, and a
    /// split's fixed and percentage parts fit into it.
    func matches(_ row: StatementRow) -> Bool { matches(row, folded: MatchRule.foldedTexts(of: row)) }

    /// `matches`, given the row's texts folded once for all rules (`foldedTexts`).
    func matches(_ row: StatementRow, folded: [String]) -> Bool {
        let size = row.amount.isNegative ? row.amount.negated : row.amount
        if let over, !(size > over) { return false }
        if let under, !(size < under) { return false }
        guard folded.contains(where: { MatchRule.contains($0, pieces) }) else { return false }
        return split == nil || splitLines(of: row.amount) != nil
    }

    /// The split entry's lines for a movement of `amount`, at the scale its header is
    /// written at; empty when the rule names one category.
    public func splitLines(of amount: Money) -> [RuleSplit.Line]? {
        guard let split else { return [] }
        return split.lines(of: amount, scale: max(decimals, amount.significantScale))
    }

    /// The texts a rule looks in, folded: the payee, the description, and the two joined
    /// by a space.
    static func foldedTexts(of row: StatementRow) -> [String] {
        [row.payee, row.description, [row.payee, row.description].compactMap { $0 }.joined(separator: " ")].compactMap { $0 }.map(fold)
    }

    /// True when the pieces appear in `text` in order.
    static func contains(_ text: String, _ pieces: [String]) -> Bool {
        var rest = Substring(text)
        for piece in pieces {
            guard let range = rest.firstRange(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
