/// A date written in another order or with other separators than `YYYY-MM-DD`
/// (`2026/11/16`, `05.11.2026`, `05/11/2026`), read for the fix of an invalid date (E0204).
///
/// A reading is offered only when the order is certain: year first (`2026/11/16`), day
/// first with dots (`05.11.2026`, the order of every country that writes dates with
/// dots), or a year last where only one of day-month and month-day is a date
/// (`16/11/2026`). `05/11/2026` is 5 November in Europe and 11 May in the United States:
/// no reading is guessed.
enum WrittenDate: Equatable {
    /// The one date the text can mean, and why.
    case date(CivilDate, Order)
    /// Three groups of digits like a date, but no certain reading, and why.
    case noReading(Doubt)
    /// Not written like a date.
    case notADate

    /// Why a text written like a date has no reading.
    enum Doubt: Equatable {
        /// Day first and month first are both dates (`05/11/2026`).
        case dayOrMonthFirst
        /// No order gives a day of the calendar (`2026/02/30`, `31.02.2026`).
        case noSuchDay
        /// The year is not written in four digits, first or last (`5.11.26`).
        case shortYear
    }

    /// How the order of a reading was known.
    enum Order: Equatable {
        /// The year comes first: year, month, day.
        case yearFirst
        /// Day, month and year separated by dots.
        case dayFirstWithDots
        /// The year comes last, and only one of the other two can be a month.
        case onlyOneMonth
    }

    /// Reads `text`: three groups of ASCII digits separated by one kind of separator
    /// (`/`, `.` or `-`).
    static func read(_ text: String) -> WrittenDate {
        guard let separator = text.first(where: { $0 == "/" || $0 == "." || $0 == "-" }) else { return .notADate }
        let groups = text.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count == 3, groups.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let a = Int(groups[0]), let b = Int(groups[1]), let c = Int(groups[2])
        else { return .notADate }
        if groups[0].count == 4, groups[1].count <= 2, groups[2].count <= 2 {
            return CivilDate(year: a, month: b, day: c).map { .date($0, .yearFirst) } ?? .noReading(.noSuchDay)
        }
        guard groups[2].count == 4, groups[0].count <= 2, groups[1].count <= 2 else { return .noReading(.shortYear) }
        if separator == "." {
            return CivilDate(year: c, month: b, day: a).map { .date($0, .dayFirstWithDots) } ?? .noReading(.noSuchDay)
        }
        let dayFirst = CivilDate(year: c, month: b, day: a)
        let monthFirst = CivilDate(year: c, month: a, day: b)
        switch (dayFirst, monthFirst) {
        case (let date?, nil), (nil, let date?): return .date(date, .onlyOneMonth)
        case (let first?, let second?) where first == second: return .date(first, .onlyOneMonth)
        case (nil, nil): return .noReading(.noSuchDay)
        default: return .noReading(.dayOrMonthFirst)
        }
    }
}
