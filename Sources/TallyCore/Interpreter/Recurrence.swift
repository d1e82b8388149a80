import TallySyntax

extension RecurringRule {
    /// The `k`-th occurrence (0-based) counted from the anchor, computed from the anchor
    /// each time so that month ends never drift (31 Jan, 28 Feb, 31 Mar, not 28 Mar).
    func occurrence(_ k: Int) -> CivilDate? {
        guard let anchor = firstOccurrence else { return nil }
        let step = k * interval
        switch unit {
        case .day: return anchor.adding(days: step)
        case .week: return anchor.adding(days: 7 * step)
        case .month, .quarter, .year:
            let months = step * (unit == .month ? 1 : unit == .quarter ? 3 : 12)
            guard let shifted = anchor.startOfMonth.adding(months: months) else { return nil }
            return pinned(inMonthOf: shifted)
        }
    }

    /// The day of the month occurrences fall on: `on N`, `on last`, or the first date's day.
    private var pinnedDay: Int { dayOfMonth ?? from.day }

    private func pinned(inMonthOf date: CivilDate) -> CivilDate? {
        let length = CivilDate.daysIn(month: date.month, year: date.year)
        let day = pinnedDay == 0 ? length : min(pinnedDay, length)
        return CivilDate(year: date.year, month: date.month, day: day)
    }

    /// The first occurrence on or after `from`.
    var firstOccurrence: CivilDate? {
        switch unit {
        case .day:
            return from
        case .week:
            guard let weekday else { return from }
            return from.adding(days: (weekday.rawValue - from.weekday.rawValue + 7) % 7)
        case .month, .quarter, .year:
            guard let candidate = pinned(inMonthOf: from) else { return nil }
            if candidate >= from { return candidate }
            return from.startOfMonth.adding(months: 1).flatMap(pinned(inMonthOf:))
        }
    }

    /// Occurrences from the first through `last` (inclusive), honouring `until` and `times`.
    public func occurrences(through last: CivilDate) -> [CivilDate] {
        var result: [CivilDate] = []
        guard interval >= 1 else { return result }
        var k = 0
        while true {
            if let times, k >= times { break }
            guard let date = occurrence(k), date <= last, date > (result.last ?? CivilDate(year: 1, month: 1, day: 1)!) || k == 0 else { break }
            if let until, date > until { break }
            result.append(date)
            k += 1
        }
        return result
    }

    /// Occurrences that fall within `range`.
    public func occurrences(in range: ClosedRange<CivilDate>) -> [CivilDate] {
        occurrences(through: range.upperBound).filter { $0 >= range.lowerBound }
    }
}
