import TallySyntax
import Testing

/// A date is kept in 32 bits and gives back the year, month and day it was made from;
/// dates order as the calendar does, across days, months and years.
@Suite struct CivilDateStorageTests {
    @Test func aDateIsFourBytes() {
        #expect(MemoryLayout<CivilDate>.size == 4)
    }

    @Test func fieldsAndOrderAreTheCalendars() throws {
        // The extremes of each field: year 1 and 9999, months 1 and 12, days 1 and 31.
        let dates = try [
            (1, 1, 1), (1, 1, 31), (1, 2, 1), (1, 12, 31), (2, 1, 1), (2024, 2, 29), (2024, 3, 1), (2026, 11, 22),
            (9999, 12, 31)
        ].map { (year, month, day) -> CivilDate in
            let date = try #require(CivilDate(year: year, month: month, day: day))
            #expect((date.year, date.month, date.day) == (year, month, day))
            return date
        }
        for i in dates.indices {
            for j in dates.indices {
                #expect((dates[i] < dates[j]) == (i < j), "\(dates[i]) < \(dates[j])")
                #expect((dates[i] == dates[j]) == (i == j))
            }
        }
        #expect(
            dates.map(\.description) == [
                "0001-01-01", "0001-01-31", "0001-02-01", "0001-12-31", "0002-01-01", "2024-02-29", "2024-03-01", "2026-11-22",
                "9999-12-31"
            ])
    }
}
