import TallyCore
import TallyReports
import TallySyntax
import XCTest

/// The period grammar of docs/reports.md, shape by shape: what each text means on
/// Sunday 2026-11-22 (weeks start on Monday), and which texts are refused.
final class PeriodSpecTests: XCTestCase {
    let today = CivilDate(iso: "2026-11-22")!

    func resolved(_ text: String, flag: String = "--period") throws -> String {
        let spec = try PeriodSpec(text, flag: flag)
        guard
            let range = spec.resolve(
                today: today, weekStart: .monday,
                earliest: CivilDate(iso: "2026-01-01"), latest: CivilDate(iso: "2026-12-31"))
        else { return "empty" }
        return "\(range.lowerBound)..\(range.upperBound)"
    }

    /// An open start is the budget's beginning (its first entry, 2026-01-01, or today when
    /// earlier); a period ending before it still holds its last day, with no entry in it,
    /// rather than no day at all: the drill-down from a balance on a day before the first
    /// entry (`..2025-12-15`) lists the openings only.
    func testAnOpenStartBeforeTheFirstEntryHoldsTheLastDay() throws {
        XCTAssertEqual(try resolved("..2025-12-15"), "2025-12-15..2025-12-15")
        XCTAssertEqual(try resolved("..2026-03-01"), "2026-01-01..2026-03-01")
    }

    func testEveryShape() throws {
        let table: [(String, String)] = [
            ("2026", "2026-01-01..2026-12-31"),
            ("2026-11", "2026-11-01..2026-11-30"),
            ("2026-11-05", "2026-11-05..2026-11-05"),
            // hledger's slashes and dots in dates.
            ("2026/11", "2026-11-01..2026-11-30"),
            ("2026/11/05", "2026-11-05..2026-11-05"),
            ("2026.11.05", "2026-11-05..2026-11-05"),
            ("2026/10..2026/11", "2026-10-01..2026-11-30"),
            ("2026q4", "2026-10-01..2026-12-31"),
            ("2026-Q4", "2026-10-01..2026-12-31"),
            ("2026Q1", "2026-01-01..2026-03-31"),
            ("nov", "2026-11-01..2026-11-30"),
            ("November", "2026-11-01..2026-11-30"),
            ("feb", "2026-02-01..2026-02-28"),
            ("today", "2026-11-22..2026-11-22"),
            ("yesterday", "2026-11-21..2026-11-21"),
            ("tomorrow", "2026-11-23..2026-11-23"),
            ("this week", "2026-11-16..2026-11-22"),  // 2026-11-22 is a Sunday
            ("last week", "2026-11-09..2026-11-15"),
            ("next week", "2026-11-23..2026-11-29"),
            ("this-week", "2026-11-16..2026-11-22"),
            ("this month", "2026-11-01..2026-11-30"),
            ("last-month", "2026-10-01..2026-10-31"),
            ("next month", "2026-12-01..2026-12-31"),
            ("this quarter", "2026-10-01..2026-12-31"),
            ("last quarter", "2026-07-01..2026-09-30"),
            ("next quarter", "2027-01-01..2027-03-31"),
            ("this year", "2026-01-01..2026-12-31"),
            ("last-year", "2025-01-01..2025-12-31"),
            ("next year", "2027-01-01..2027-12-31"),
            ("2026-01-01..2026-03-31", "2026-01-01..2026-03-31"),
            ("2026-10..2026-11", "2026-10-01..2026-11-30"),  // both ends whole
            ("from 2026-10 to 2026-11", "2026-10-01..2026-11-30"),
            ("from last month to this month", "2026-10-01..2026-11-30"),
            ("2026-11..", "2026-11-01..2026-12-31"),  // open: up to the last entry
            ("..2026-10-01", "2026-01-01..2026-10-01"),  // open: from the first entry
            ("from 2026-03", "2026-03-01..2026-12-31"),
            ("to 2026-02", "2026-01-01..2026-02-28"),
            ("this-month..", "2026-11-01..2026-12-31"),
            ("next month..last month", "empty")
        ]
        for (text, expected) in table {
            XCTAssertEqual(try resolved(text), expected, text)
        }
    }

    /// `--begin` includes its first day; `--end` stops before its first day (hledger's -e).
    func testBeginAndEnd() throws {
        func bounds(_ b: String?, _ e: String?) throws -> String {
            let spec = PeriodSpec.bounds(begin: try b.map { try PeriodSpec($0, flag: "-b") }, end: try e.map { try PeriodSpec($0, flag: "-e") })!
            let range = spec.resolve(today: today, weekStart: .monday, earliest: CivilDate(iso: "2026-01-01"), latest: CivilDate(iso: "2026-12-31"))
            return range.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "empty"
        }
        XCTAssertEqual(try bounds("2026-10", "2026-12"), "2026-10-01..2026-11-30")
        XCTAssertEqual(try bounds("2026-10-15", nil), "2026-10-15..2026-12-31")
        XCTAssertEqual(try bounds(nil, "2026-02"), "2026-01-01..2026-01-31")
        XCTAssertEqual(try bounds(nil, "today"), "2026-01-01..2026-11-21")
        XCTAssertEqual(try bounds("2026-12", "2026-12"), "empty")
    }

    func testRefusedTextsListTheShapes() {
        for text in [
            "someday", "2026-13", "2026-02-30", "2026-03-31..2026-01-01", "26", "2026-1", "..", "2026q5",
            "last fortnight", "from", "from 2026 to", "2026-11...", "novembre", ""
        ] {
            XCTAssertThrowsError(try PeriodSpec(text, flag: "--period"), text) { error in
                let message = (error as? UsageError)?.message ?? ""
                XCTAssertTrue(message.hasPrefix("`--period`: `\(text)`"), message)
                if text != "2026-03-31..2026-01-01" {
                    XCTAssertTrue(message.contains("2026q4") && message.contains("from X to Y"), message)
                }
            }
        }
    }

    func testPeriodsResolveAgainstTodayAndTheWeekStart() throws {
        let today = CivilDate(iso: "2026-11-22")!  // a Sunday
        func range(_ text: String, weekStart: Weekday = .monday) throws -> String {
            let r = try PeriodSpec(text, flag: "--period").resolve(today: today, weekStart: weekStart)!
            return "\(r.lowerBound)..\(r.upperBound)"
        }
        XCTAssertEqual(try range("this-month"), "2026-11-01..2026-11-30")
        XCTAssertEqual(try range("last-month"), "2026-10-01..2026-10-31")
        XCTAssertEqual(try range("this-week"), "2026-11-16..2026-11-22")
        XCTAssertEqual(try range("this-week", weekStart: .sunday), "2026-11-22..2026-11-28")
        XCTAssertEqual(try range("last-week"), "2026-11-09..2026-11-15")
        XCTAssertEqual(try range("this-year"), "2026-01-01..2026-12-31")
        XCTAssertEqual(try range("last-year"), "2025-01-01..2025-12-31")
        XCTAssertEqual(try range("today"), "2026-11-22..2026-11-22")
        XCTAssertEqual(try range("2028-02"), "2028-02-01..2028-02-29")
        XCTAssertEqual(try range("2026"), "2026-01-01..2026-12-31")
        XCTAssertEqual(try range("2026-03-14"), "2026-03-14..2026-03-14")
        XCTAssertEqual(try range("2026-01-01..2026-03-31"), "2026-01-01..2026-03-31")
        XCTAssertThrowsError(try PeriodSpec("2026-00", flag: "--period"))
        XCTAssertThrowsError(try PeriodSpec("+2026", flag: "--period"))
        XCTAssertThrowsError(try PeriodSpec("", flag: "--period"))
    }
}
