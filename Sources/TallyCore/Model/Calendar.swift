import TallySyntax

/// Days of the week, Monday first as in ISO 8601.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// Reads a lowercase English weekday name.
    public init?(name: String) {
        guard let day = Weekday.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = day
    }
}

/// Calendar arithmetic on civil dates: no time zones, no clocks, proleptic Gregorian.
extension CivilDate {
    /// Days since 1970-01-01 (negative before), by Howard Hinnant's days-from-civil
    /// algorithm, exact for every representable date.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * m + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01; nil outside years 1 to 9999.
    public init?(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
        self.init(year: y, month: m, day: d)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday(rawValue: index + 1)!
    }

    /// `n` days later (earlier when negative).
    public func adding(days n: Int) -> CivilDate? { CivilDate(dayNumber: dayNumber + n) }

    /// `n` months later. A day past the end of the target month falls on its last day:
    /// 2026-01-31 plus one month is 2026-02-28 (2028-02-29 in a leap year).
    public func adding(months n: Int) -> CivilDate? {
        let total = year * 12 + (month - 1) + n
        let y = total / 12
        let m = total % 12 + 1
        guard (1 ... 9999).contains(y) else { return nil }
        return CivilDate(year: y, month: m, day: min(day, CivilDate.daysIn(month: m, year: y)))
    }

    /// `n` years later; 29 February becomes 28 February in years that are not leap years.
    public func adding(years n: Int) -> CivilDate? { adding(months: 12 * n) }

    /// Whole days from this date to `other` (negative when `other` is earlier).
    public func days(until other: CivilDate) -> Int { other.dayNumber - dayNumber }

    /// The first day of the week containing this date, weeks starting on `weekStart`.
    public func startOfWeek(weekStart: Weekday) -> CivilDate {
        let back = (weekday.rawValue - weekStart.rawValue + 7) % 7
        return adding(days: -back) ?? self
    }

    /// The first day of the month.
    public var startOfMonth: CivilDate { CivilDate(year: year, month: month, day: 1)! }

    /// The quarter, 1 to 4.
    public var quarter: Int { (month - 1) / 3 + 1 }

    /// The first day of the quarter.
    public var startOfQuarter: CivilDate { CivilDate(year: year, month: (quarter - 1) * 3 + 1, day: 1)! }

    /// The first day of the year.
    public var startOfYear: CivilDate { CivilDate(year: year, month: 1, day: 1)! }

    /// The last day of the month.
    public var endOfMonth: CivilDate { CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))! }
}
