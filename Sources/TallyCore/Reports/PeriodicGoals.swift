import TallySyntax

/// Where a goal stands in its current period, for goals that put a sum aside every month
/// or year (`goal Rainy-day 100 monthly`).
public struct PeriodicGoalStatus: Sendable, Equatable {
    /// First and last day of the period containing the date asked about.
    public let start: CivilDate
    public let end: CivilDate
    /// Put aside during the period so far.
    public let saved: Money
    /// The sum to put aside each period.
    public let target: Money
    /// Saved over target, in percent, one decimal.
    public let percent: Money?
    /// Still to put aside by the end of the period (zero once reached).
    public let missing: Money
    /// True once the period's sum is put aside.
    public var isReached: Bool { missing.isZero }
}

extension BudgetModel {
    /// For a periodic goal with an amount, what was put aside in the period containing
    /// `date`; nil for other goals, whose progress ``goalStatus(_:at:)`` gives.
    public func periodicGoalStatus(_ g: Int, at date: CivilDate) -> PeriodicGoalStatus? {
        let goal = goals[g]
        guard let period = goal.periodic, let target = goal.target, let start = period.start(of: date, weekStart: weekStart) else { return nil }
        let before = start.adding(days: -1).map { self.saved(towards: g, at: $0) } ?? .zero
        let inPeriod = self.saved(towards: g, at: date).subtracting(before) ?? .zero
        let percent = inPeriod.multiplied(by: Money(units: 100, scale: 0), roundedTo: inPeriod.scale).flatMap { $0.divided(by: target, roundedTo: 1) }
        let missing = target.subtracting(inPeriod).map { $0.isNegative ? Money.zero : $0 } ?? .zero
        return PeriodicGoalStatus(start: start, end: period.end(of: start), saved: inPeriod, target: target, percent: percent, missing: missing)
    }
}
