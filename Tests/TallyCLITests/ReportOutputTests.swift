import XCTest

@testable import TallyCLI

/// The pieces of the command line's report output: decimal-point alignment and RFC 4180
/// quoting (TallyReportsTests has the period parser and the JSON printer).
final class ReportOutputTests: XCTestCase {
    func testAmountsAlignOnTheDecimalPoint() {
        var table = TextTable([.init(title: "What", alignment: .left), .init(title: "Amount", alignment: .decimal)])
        table.add(["rent", "-1180.00 EUR"])
        table.add(["coffee", "3.5 EUR"])
        table.add(["yen", "17630 JPY"])
        XCTAssertEqual(
            table.render(color: false),
            """
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
}
