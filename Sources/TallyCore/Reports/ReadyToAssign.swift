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
        guard let last = uncoveredCardDebtDays.lastIndex(where: { $0.date <= date }) else { return .zero }
        return uncoveredCardDebtDays[last].total
    }
}
