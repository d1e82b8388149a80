import TallySyntax

extension BudgetModel {
    /// Ready to assign at the end of `date`, as the interpreter computed it (Grammar.md
    /// §4): openings and income of the budget's wallets and other money reaching them,
    /// less what envelopes were planned and filled with, less spending no envelope counts,
    /// plus what periods left over without carrying it. With what every envelope has
    /// available it makes the money in the budget's wallets (``envelopeEquation(at:rates:)``).
    /// Nil for budgets that keep limits only: no envelope besides a global cap, or no
    /// income recorded, as `tally check` decides too. Amounts without a rate are left out.
    public func readyToAssign(at date: CivilDate) -> Money? {
        guard !readyToAssignDays.isEmpty else { return nil }
        var low = 0, high = readyToAssignDays.count
        while low < high {
            let mid = (low + high) / 2
            if readyToAssignDays[mid].date <= date { low = mid + 1 } else { high = mid }
        }
        let computed = low == 0 ? Money.zero : readyToAssignDays[low - 1].total
        // Past the interpreter's periods: as that day will show it (Grammar.md §4, "Looking ahead").
        let ahead = readyToAssignAhead(through: date)
        return ahead.isZero ? computed : computed.adding(ahead) ?? computed
    }

    /// The first day that changed ready to assign (an opening, the first income): before
    /// it the budget had no money to assign, and reports show no figure rather than
    /// 0.00. Nil for budgets with no ready to assign.
    public var readyToAssignStart: CivilDate? { readyToAssignDays.first?.date }

    /// Card debt that no money holds at the end of `date` (Grammar.md §4, "Credit
    /// overspending"): what `rollover unspent` envelopes overspent on cards, within what
    /// the cards owe. Zero without such overspending.
    public func uncoveredCardDebt(at date: CivilDate) -> Money {
        uncoveredCardDebtByCard(at: date).reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
    }

    /// ``uncoveredCardDebt(at:)`` card by card (wallet indices), each card's own (YNAB
    /// weighs each card on its own); cards that never had any are left out.
    public func uncoveredCardDebtByCard(at date: CivilDate) -> [(card: Int, amount: Money)] {
        var byCard: [(card: Int, amount: Money)] = []
        for day in uncoveredCardDebtDays {
            guard day.date <= date else { break }
            if let i = byCard.firstIndex(where: { $0.card == day.card }) { byCard[i].amount = day.total } else { byCard.append((day.card, day.total)) }
        }
        return byCard
    }
}
