import TallySyntax

/// An envelope's figures over any stretch of days (a month of `tally envelopes
/// --monthly`, a column of a budget report), whatever its own periods are.
///
/// available = carried + planned + filled + moved − spent − returned, where `returned`
/// is what periods of the envelope that ended inside the stretch gave back to ready to
/// assign (left over, or overspent when negative) rather than carry. For an envelope
/// whose periods are the stretches (a monthly envelope by month), `returned` is zero and
/// the figures are its period's.
public struct EnvelopeColumn: Sendable, Equatable {
    /// The stretch: first and last day.
    public let start: CivilDate
    public let end: CivilDate
    /// What the envelope held as the stretch began: carried in from the period before
    /// when its period begins with the stretch, else what its period held the day before.
    public let carried: Money
    /// The planned amounts of its periods that begin in the stretch.
    public let planned: Money
    /// Filled, moved in less moved out, and spent in the stretch.
    public let filled: Money
    public let moved: Money
    public let spent: Money
    /// What its periods that ended inside the stretch gave back to ready to assign.
    public let returned: Money
    /// What it holds at the end of the stretch (zero after its last period).
    public let available: Money

    /// YNAB's "Assigned" for the stretch: what was given to the envelope in it, planned +
    /// filled + moved (Grammar.md §4, "The budget grid").
    public var assigned: Money { planned.adding(filled)?.adding(moved) ?? planned }

    /// YNAB's "Activity" for the stretch: its spending as a signed amount, −spent.
    public var activity: Money { spent.negated }
}

extension BudgetModel {
    /// Envelope `e`'s figures over `range`; nil when none of its periods meets it.
    /// Spending is counted as ``envelopeStatus(_:through:rates:)`` counts it.
    public func envelopeColumn(_ e: Int, _ range: ClosedRange<CivilDate>, rates: ExchangeRates) -> EnvelopeColumn? {
        let all = periods(e, through: range.upperBound)
        guard let firstIndex = all.firstIndex(where: { $0.end >= range.lowerBound && $0.start <= range.upperBound }) else { return nil }
        let envelope = envelopes[e]
        var carried = Money.zero, planned = Money.zero, filled = Money.zero, moved = Money.zero
        var spent = Money.zero, returned = Money.zero, available = Money.zero
        // Sums of amounts the interpreter has already summed: within the budget's bound.
        func add(_ total: inout Money, _ amount: Money) { total = total.adding(amount) ?? total }
        var i = firstIndex
        while i < all.count, all[i].start <= range.upperBound {
            let period = all[i]
            guard let through = envelopeStatus(e, through: min(period.end, range.upperBound), rates: rates) else { break }
            var f = through.filled, m = through.moved, s = through.spent
            if period.start < range.lowerBound, let day = range.lowerBound.adding(days: -1),
                let before = envelopeStatus(e, through: day, rates: rates)
            {
                // Begun before the stretch: only what happened in it counts here.
                f = f.subtracting(before.filled) ?? f
                m = m.subtracting(before.moved) ?? m
                s = s.subtracting(before.spent) ?? s
                carried = before.available
            } else {
                add(&planned, period.planned)
                if i == firstIndex { carried = period.carriedIn }
            }
            add(&filled, f)
            add(&moved, m)
            add(&spent, s)
            if period.end < range.upperBound {
                // Ended inside the stretch: carried into the next period, or given back.
                if !(envelope.carries(period.available) && i + 1 < all.count) { add(&returned, period.available) }
            } else {
                available = through.available
            }
            i += 1
        }
        return EnvelopeColumn(
            start: range.lowerBound, end: range.upperBound, carried: carried, planned: planned, filled: filled, moved: moved,
            spent: spent, returned: returned, available: available)
    }
}
