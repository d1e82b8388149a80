@testable import TallyCLI
import TallyCore
import TallySyntax
import XCTest

/// The pieces of the report output layer: the period parser, decimal-point alignment,
/// RFC 4180 quoting and the JSON printer.
final class ReportOutputTests: XCTestCase {
    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    func testPeriodsResolveAgainstTodayAndTheWeekStart() throws {
        let today = date("2026-11-22")  // a Sunday
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

    func testAmountsAlignOnTheDecimalPoint() {
        var table = TextTable([.init(title: "What", alignment: .left), .init(title: "Amount", alignment: .decimal)])
        table.add(["rent", "-1180.00 EUR"])
        table.add(["coffee", "3.5 EUR"])
        table.add(["yen", "17630 JPY"])
        XCTAssertEqual(table.render(color: false), """
        What          Amount
        --------------------
        rent    -1180.00 EUR
        coffee      3.5  EUR
        yen     17630    JPY

        """)
        XCTAssertTrue(table.render(color: true).contains("\u{1B}[31m-1180.00 EUR\u{1B}[0m"))
    }

    func testLongTextIsShortenedWithAnEllipsis() {
        var table = TextTable([.init(title: "Payee", alignment: .left, maxWidth: 6)])
        table.add(["Hausverwaltung"])
        XCTAssertTrue(table.render(color: false).contains("Hausv…\n"))
    }

    func testCSVQuotesPerRFC4180() {
        var csv = CSVTable(["a", "b"])
        csv.add(["plain", "has, comma"])
        csv.add(["say \"hi\"", "two\nlines"])
        XCTAssertEqual(csv.render(), "a,b\r\nplain,\"has, comma\"\r\n\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
        csv.separator = ";"
        XCTAssertEqual(csv.render().split(separator: "\r\n").dropFirst().first, "plain;has, comma")
    }

    func testJSONKeepsKeyOrderAndAmountsAsStrings() {
        let value = JSONValue.object([("b", .string("-1.50")), ("a", .array([.string("x"), .null])), ("c", .array([.object([("n", .number(1))])]))])
        XCTAssertEqual(value.rendered(), """
        {
          "b": "-1.50",
          "a": ["x", null],
          "c": [
            {
              "n": 1
            }
          ]
        }

        """)
    }

    func testJSONStringsAreEscapedWhenTheyNeedIt() {
        XCTAssertEqual(JSONValue.quote("Café Lind"), "\"Café Lind\"")
        XCTAssertEqual(JSONValue.quote("say \"hi\"\\"), "\"say \\\"hi\\\"\\\\\"")
        XCTAssertEqual(JSONValue.quote("a\tb\u{1}"), "\"a\\tb\\u0001\"")
    }
}
