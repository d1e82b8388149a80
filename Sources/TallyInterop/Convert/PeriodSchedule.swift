import TallyCore
import TallySyntax

/// The Tally `every` schedule that has the dates hledger 1.25 generates for a period
/// expression (checked against `hledger print --forecast` by ConvertPeriodicTests).
extension PeriodExpression {
    /// `every … from START [until END]` (without `as` and the entry), and START; or why
    /// no Tally schedule has hledger's dates.
    ///
    /// - Plain intervals (`weekly`, `every 2 weeks`, `biweekly`, `fortnightly`,
    ///   `bimonthly`, `every 3 days`, `quarterly`, …): hledger refuses a start that is
    ///   not the first day of its unit (a Monday for weeks) and steps from it.
    /// - `every Nth day of month`, `every WEEKDAY`, `every Nth day of week`, `every
    ///   MM/DD`: hledger 1.25 starts at the last such day on or before `from` (`every
    ///   15th day of month from 2026-01-01` first falls on 2025-12-15) and steps whole
    ///   months, weeks or years from it, a day past a month's end falling on its last day
    ///   (`every 31st day of month from 2026-01-31`: 01-31, 02-28, 03-31), as Tally's
    ///   `every month on 31` does. That start is the rule's `from`.
    func schedule() throws(NotConverted) -> (text: String, start: CivilDate) {
        guard let from else { throw NotConverted("without `from` (hledger starts it at the report's start; Tally's `every` needs its first date)") }
        let start: CivilDate
        var text: String
        switch repetition {
        case .every(let count, let unit):
            guard PeriodExpression.isFirstDay(from, of: unit) else {
                throw NotConverted("which hledger refuses (`from` is not the first day of a \(unit == "week" ? "week, a Monday" : unit))")
            }
            start = from
            text = "every " + (count == 1 ? unit : "\(count) \(unit)s") + (unit == "month" ? " on 1" : "")
        case .dayOfMonth(let n):
            // The Nth of `from`'s month, else of the month before (a day past a month's
            // end on its last day: hledger then steps from that day).
            var day = PeriodExpression.clipped(year: from.year, month: from.month, day: n)
            if day > from, let before = from.adding(months: -1) { day = PeriodExpression.clipped(year: before.year, month: before.month, day: n) }
            start = day
            text = "every month on \(day.day)"
        case .weekday(let weekday):
            guard let back = from.adding(days: -((from.weekday.rawValue - weekday.rawValue + 7) % 7)) else { throw NotConverted("before the calendar") }
            start = back
            text = "every week on \(weekday)"
        case .dayOfYear(let month, let day):
            // 29 February (hledger 1.25 moves it to 1 March) and days no month has.
            guard day <= CivilDate.daysIn(month: month, year: 2025), let same = CivilDate(year: from.year, month: month, day: day),
                let before = CivilDate(year: from.year - 1, month: month, day: day)
            else { throw NotConverted("whose day is not in every year (hledger 1.25 moves it; Tally's `every year` keeps its day)") }
            start = same <= from ? same : before
            text = "every year"
        case .nthWeekday:
            throw NotConverted("on the Nth weekday of a month, which Tally's `every` has no words for")
        }
        text += " from \(start)"
        if let to {
            guard to > start, let last = to.adding(days: -1) else { throw NotConverted("ending (`to`) before it starts") }
            text += " until \(last)"
        }
        return (text, start)
    }

    /// Whether `date` starts a calendar `unit` as hledger counts them (weeks on Monday,
    /// quarters in January, April, July and October).
    static func isFirstDay(_ date: CivilDate, of unit: String) -> Bool {
        switch unit {
        case "day": true
        case "week": date.weekday == .monday
        case "month": date.day == 1
        case "quarter": date.day == 1 && (date.month - 1) % 3 == 0
        default: date.day == 1 && date.month == 1
        }
    }

    /// The `day`th of the month, or its last day when the month is shorter.
    static func clipped(year: Int, month: Int, day: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: min(day, CivilDate.daysIn(month: month, year: year)))!
    }
}
