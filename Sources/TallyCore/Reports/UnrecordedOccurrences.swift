import TallySyntax

extension BudgetModel {
    /// For each recurring rule (by index), its occurrences up to `last` that no entry
    /// records or skips, oldest first.
    ///
    /// The matching is the one of Grammar.md §4, which `tally check` uses for W0506 and
    /// I0507: an occurrence is recorded by an entry naming the rule (`rule NAME`) or by a
    /// transaction with the rule's wallet, category and amount, dated from a week before
    /// the occurrence up to a week before the next one; `skip` dismisses one the same way;
    /// each entry counts for one occurrence only. With `last` after today, future
    /// occurrences are included (recorded ones are not).
    public func unrecordedOccurrences(through last: CivilDate) -> [[CivilDate]] {
        Walk.unrecordedOccurrences(of: rules, in: entries, walletCount: wallets.count, categoryCount: categories.count, through: last)
    }
}
