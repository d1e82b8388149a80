import TallyCore
import TallySyntax

extension EnvelopesReport {
    /// The cards' part of the envelope equation on a day, as `tally envelopes` and the
    /// Envelopes page word it (Grammar.md §4, "Credit overspending"): the money in cash and
    /// accounts, what the cards owe, and of that what no money holds (the ended periods'
    /// card debt and the running period's card part, card by card) or what was paid on
    /// the cards beyond what was held. One rule, so both front ends show the same figures.
    public struct CardWords: Sendable, Equatable {
        /// The money in the budget's wallets that are not cards.
        public let cash: Money
        /// What the cards owe, added up (negative when they are owed money).
        public let owed: Money
        /// "50.00 of it held by no money (Amex)", "30.00 paid beyond what was held
        /// (Amex)"; nil when no card debt is held by no money.
        public let held: String?
        /// The mark that joins ``held`` to what the cards owe: "," for the debt no money
        /// holds, ";" for a payment beyond what was held.
        public let mark: String
    }

    /// The cards' words for `equation`; nil when the cards owe nothing and no card debt is
    /// held by no money, or a rate is missing (then `tally envelopes` says nothing of them).
    public static func cardWords(_ equation: EnvelopeEquation, _ budget: ReportBudget) -> CardWords? {
        let noMoney = equation.heldByNoMoney
        guard let wallets = equation.wallets, let cards = equation.cards, cards.isNegative || !noMoney.isZero,
            let cash = wallets.subtracting(cards)
        else { return nil }
        // As YNAB shows it: the cash holds what the cards are owed, but for the debt
        // overspending on them left; past what a card owes, the payment went beyond.
        if let beyond = equation.paidBeyondHeld {
            let held = "\(budget.inDefault(beyond)) paid beyond what was held\(byCard(equation, budget, paidBeyond: true))"
            return CardWords(cash: cash, owed: cards.negated, held: held, mark: ";")
        }
        let held = noMoney.isZero ? nil : "\(budget.inDefault(noMoney)) of it held by no money\(byCard(equation, budget))"
        return CardWords(cash: cash, owed: cards.negated, held: held, mark: ",")
    }
}
