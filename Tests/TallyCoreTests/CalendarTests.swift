import TallyCore
import TallySyntax
import Testing

/// Calendar arithmetic on civil dates, with the month-end and leap-year edge cases that
/// recurring entries and envelope periods depend on.
@Suite struct CalendarTests {
    private func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"), ("2028-01-31", 1, "2028-02-29"), ("2026-03-31", 1, "2026-04-30"),
        ("2026-01-31", 2, "2026-03-31"), ("2026-12-15", 1, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"),
        ("2026-05-31", -3, "2026-02-28"), ("2026-01-31", 13, "2027-02-28")
    ])
    func addsMonthsClampingToTheMonthEnd(start: String, months: Int, expected: String) {
        #expect(date(start).adding(months: months)?.description == expected)
    }

    @Test func addsYearsFromTheTwentyNinthOfFebruary() {
        #expect(date("2028-02-29").adding(years: 1)?.description == "2029-02-28")
        #expect(date("2028-02-29").adding(years: 4)?.description == "2032-02-29")
    }

    @Test func dayNumbersRoundTripOverCenturies() {
        #expect(date("1970-01-01").dayNumber == 0)
        #expect(date("2000-03-01").dayNumber == 11017)
        var day = date("1899-12-25")
        for _ in 0 ..< 100_000 {
            let next = day.adding(days: 1)!
            #expect(day.days(until: next) == 1)
            #expect(CivilDate(dayNumber: next.dayNumber) == next)
            day = next
        }
        #expect(day.description == "2173-10-09")
    }

    @Test func weekdaysAndWeekStarts() {
        #expect(date("2026-11-22").weekday == .sunday)
        #expect(date("2000-01-01").weekday == .saturday)
        #expect(date("2026-11-22").startOfWeek(weekStart: .monday).description == "2026-11-16")
        #expect(date("2026-11-22").startOfWeek(weekStart: .sunday).description == "2026-11-22")
        // A week that crosses the year boundary.
        #expect(date("2027-01-01").startOfWeek(weekStart: .monday).description == "2026-12-28")
    }

    @Test func quartersMonthsAndYears() {
        #expect(date("2026-05-20").quarter == 2)
        #expect(date("2026-05-20").startOfQuarter.description == "2026-04-01")
        #expect(date("2026-12-31").startOfQuarter.description == "2026-10-01")
        #expect(date("2028-02-10").endOfMonth.description == "2028-02-29")
        #expect(date("2026-07-04").startOfYear.description == "2026-01-01")
    }

    @Test func staysInsideTheRepresentableYears() {
        #expect(date("9999-12-31").adding(days: 1) == nil)
        #expect(date("0001-01-01").adding(months: -1) == nil)
    }
}
