import TallyCore
import TallyImport
import TallySyntax
import Testing

/// Two-digit years with slashes (`MM/DD/YY`, `DD/MM/YY`, `YY/MM/DD`): the year is always
/// 20YY, it must be written in exactly two digits, and a value that several of the
/// formats read as other days is never settled by the value alone.
@Suite struct ShortYearDateTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d)! }

    @Test func eachFormatReadsItsOrder() {
        #expect(DateFormat.monthSlashedShort.parse("3/14/26") == Self.day(2026, 3, 14))
        #expect(DateFormat.daySlashedShort.parse("14/3/26") == Self.day(2026, 3, 14))
        #expect(DateFormat.yearSlashedShort.parse("26/03/14") == Self.day(2026, 3, 14))
        // The century rule: 20YY, whatever the two digits (`99` is 2099, `00` 2000).
        #expect(DateFormat.monthSlashedShort.parse("12/31/99") == Self.day(2099, 12, 31))
        #expect(DateFormat.daySlashedShort.parse("1/1/00") == Self.day(2000, 1, 1))
        // A time after the date is ignored, as for the other formats.
        #expect(DateFormat.monthSlashedShort.parse("3/14/26 09:30") == Self.day(2026, 3, 14))
    }

    @Test func theYearIsTwoDigitsExactly() {
        #expect(DateFormat.monthSlashedShort.parse("3/14/2026") == nil)
        #expect(DateFormat.monthSlashedShort.parse("3/14/6") == nil)
        #expect(DateFormat.yearSlashedShort.parse("2026/03/14") == nil)
        #expect(DateFormat.monthSlashed.parse("3/14/26") == nil)
        #expect(DateFormat(name: "mm/dd/yy") == .monthSlashedShort)
    }

    /// Detection takes a format only when it alone reads the values as their days.
    @Test func detectionNeverGuessesTheOrder() {
        #expect(DateFormat.detect(["3/14/26", "3/21/26"]) == .monthSlashedShort)
        // 1 March 2026, 3 January 2026 or 26 January 2003.
        #expect(DateFormat.detect(["03/01/26"]) == nil)
        // 14 March 2026 or 26 March 2014.
        #expect(DateFormat.detect(["14/03/26"]) == nil)
        // A year past 31 is no day: only day first reads `14/03/32`.
        #expect(DateFormat.detect(["14/03/32"]) == .daySlashedShort)
    }
}
