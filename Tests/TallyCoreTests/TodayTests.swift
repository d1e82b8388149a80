import Foundation
import TallyCore
import TallySyntax
import Testing

/// The one rule for "today" (issue 33): `TALLY_TODAY` when it is a date; the local
/// calendar date when it is unset; and, for the long-running front ends only, the local
/// calendar date as well when it is not a date.
@Suite struct TodayTests {
    @Test func aPinnedDayWins() {
        let pinned = CivilDate(iso: "2026-03-04")
        #expect(Interpreter.today(environment: ["TALLY_TODAY": "2026-03-04"]) == pinned)
        #expect(Interpreter.todayOrSystemDate(environment: ["TALLY_TODAY": "2026-03-04"]) == pinned)
    }

    @Test func aDayThatIsNotADateIsRefusedOrLeftForTheSystemDate() {
        let system = Interpreter.today(environment: [:])
        #expect(system != nil)
        #expect(Interpreter.today(environment: ["TALLY_TODAY": "soon"]) == nil)
        // Read twice around midnight, the two could differ by a day; both are the system's.
        let fallback = Interpreter.todayOrSystemDate(environment: ["TALLY_TODAY": "soon"])
        #expect(fallback == system || fallback == Interpreter.today(environment: [:]))
        #expect(fallback != CivilDate(iso: "2000-01-01"))
    }

    @Test func theSystemDateIsTheLocalGregorianDate() throws {
        // The C library's local date (issue 39) against Foundation's, in the same zone;
        // read twice around midnight, they could differ by a day.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let before = calendar.dateComponents([.year, .month, .day], from: Date())
        let system = try #require(Interpreter.today(environment: [:]))
        let after = calendar.dateComponents([.year, .month, .day], from: Date())
        let expected = [before, after].map { CivilDate(year: $0.year!, month: $0.month!, day: $0.day!) }
        #expect(expected.contains(system))
    }
}
