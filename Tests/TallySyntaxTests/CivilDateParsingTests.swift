import TallySyntax
import XCTest

/// `YYYY-MM-DD` is read exactly: eight digits in their places, two dashes, a day that
/// exists; anything else is not a date.
final class CivilDateParsingTests: XCTestCase {
    func testDatesAreReadExactly() {
        XCTAssertEqual(CivilDate(iso: "2026-02-28"), CivilDate(year: 2026, month: 2, day: 28))
        XCTAssertEqual(CivilDate(utf8: ArraySlice("0001-01-01".utf8)), CivilDate(year: 1, month: 1, day: 1))
        XCTAssertEqual(CivilDate(iso: "9999-12-31"), CivilDate(year: 9999, month: 12, day: 31))
        XCTAssertEqual(CivilDate(iso: "2024-02-29"), CivilDate(year: 2024, month: 2, day: 29))
        for text in [
            "2026-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "2026-1-01", "2026-01-1", "2026/01/01",
            "20260-1-01", "2026-01-0a", "2026-0:-01", "2026-01-01 ", " 2026-01-01", "", "2026-01--1", "+026-01-01",
            "2026-01-/1", "2026-01-01x"
        ] {
            XCTAssertNil(CivilDate(iso: text), text)
            XCTAssertNil(CivilDate(utf8: ArraySlice(text.utf8)), text)
        }
    }
}
