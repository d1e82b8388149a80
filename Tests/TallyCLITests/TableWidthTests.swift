import Foundation
import XCTest

/// Text tables take the terminal's width: `--width N`, else `COLUMNS`, else 80 when
/// standard output is not a terminal; names are cut only when the table would not fit.
final class TableWidthTests: XCTestCase {
    let file = "examples/household.tally"

    func lines(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
        let result = try TallyBinary.run(arguments, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testRegisterUsesTheWidth() throws {
        let wide = try lines(["register", file, "-p", "2026-11", "--width", "120"])
        XCTAssertTrue(wide.contains { $0.contains("Hausverwaltung Krause  Housing:Rent") }, wide.joined(separator: "\n"))
        XCTAssertEqual(try lines(["register", file, "-p", "2026-11"], environment: ["COLUMNS": "120"]), wide)
        // At 80 (no terminal, no COLUMNS) the payee gives up one column: 15 wide, not 14.
        let standard = try lines(["register", file, "-p", "2026-11"])
        XCTAssertTrue(standard.contains { $0.contains("Hausverwaltung…  Housing:Rent") }, standard.joined(separator: "\n"))
        XCTAssertTrue(standard.contains { $0.contains("Brightline GmbH") })
        for width in [70, 80, 100] {
            for line in try lines(["register", file, "--width", "\(width)"]) {
                XCTAssertLessThanOrEqual(line.count, width, "\(width): \(line)")
            }
        }
        let bad = try TallyBinary.run(["register", file, "--width", "0"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("`--width`: `0` must be a positive number"), bad.stderr)
    }

    /// `17630 JPY` beside `3362.85 EUR`: points and currency codes in line.
    func testAmountsOfCurrenciesWithOtherDecimalsLineUp() throws {
        let text = try lines(["balance", "examples/multi-currency.tally"])
        let euro = try XCTUnwrap(text.first { $0.contains("3362.85 EUR") })
        let yen = try XCTUnwrap(text.first { $0.contains("17630") })
        XCTAssertEqual(euro.range(of: "EUR")!.lowerBound.utf16Offset(in: euro), yen.range(of: "JPY")!.lowerBound.utf16Offset(in: yen))
        XCTAssertEqual(euro.range(of: "3362")!.upperBound.utf16Offset(in: euro), yen.range(of: "17630")!.upperBound.utf16Offset(in: yen))
    }
}
