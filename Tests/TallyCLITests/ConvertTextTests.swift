import Foundation
import TallyTestSupport
import XCTest

/// The readers work on UTF-8 bytes: text beyond ASCII (accounts, payees, metadata keys,
/// commodity symbols) comes through whole, and the few places where a Unicode property
/// decides (a line that starts with a digit, white space after a date, a metadata key that
/// starts with a lowercase letter) read the character there.
final class ConvertTextTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("convert-text")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    private func convert(_ name: String, _ text: String) throws -> TallyBinary.Result {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try TallyBinary.run(["convert", path])
    }

    func testLedgerJournalBeyondASCII() throws {
        let r = try convert(
            "text.journal",
            """
            2026-01-01 opening
                Assets:現金:Börse        €1000.00
                Equity:Opening

            2026-01-02 * Café Crème | petit déjeuner ; ort: Zürich
                Expenses:Essen:Café       4.50 €
                Assets:現金:Börse

            2026-01-03\u{A0}Bäckerei
                Expenses:Essen:Café       €2.00
                Assets:現金:Börse

            \u{662}\u{660}\u{662}\u{666}-01-04 an Arabic-Indic year
                Expenses:Essen:Café       €1.00
                Assets:現金:Börse

            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("wallet Börse  bank  opening 1000.00 on 2026-01-01\n    account: \"Assets:現金:Börse\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("expense Essen:Café"), r.stdout)
        // `€` before or after the number is EUR; the payee and note keep their accents.
        XCTAssertTrue(r.stdout.contains("2026-01-02 \"Café Crème\" \"petit déjeuner\"  Börse  Essen:Café  -4.50"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    ort: \"Zürich\""), r.stdout)
        // A no-break space ends the date as a space does.
        let bakery = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("Bäckerei") }, r.stdout)
        XCTAssertTrue(bakery.hasPrefix("2026-01-03 ") && bakery.hasSuffix("Börse  Essen:Café  -2.00"), String(bakery))
        // A line starting with another script's digit is a transaction Tally cannot read.
        XCTAssertTrue(r.stderr.contains("text.journal:13: not converted: a line that does not start a transaction Tally reads"), r.stderr)
    }

    func testBeancountFileBeyondASCII() throws {
        let r = try convert(
            "text.beancount",
            """
            option "operating_currency" "EUR"
            2026-01-01 open Assets:Caisse EUR
            2026-01-01 open Expenses:Café EUR

            2026-01-01 * "Début" ""
              Assets:Caisse      100.00 EUR
              Equity:Opening

            2026-01-02 * "Café Crème" "petit \\"déj\\"" #kaffee
              éditeur: "Jürgen"
              Expenses:Café    4.50 EUR
              Assets:Caisse   -4.50 EUR

            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        XCTAssertTrue(r.stdout.contains("wallet Caisse  bank  opening 100.00 on 2026-01-01\n    account: \"Assets:Caisse\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("2026-01-02 \"Café Crème\" \"petit \\\"déj\\\"\"  Caisse  Café  -4.50  #kaffee"), r.stdout)
        // A metadata key may start with any lowercase letter.
        XCTAssertTrue(r.stdout.contains("    éditeur: \"Jürgen\""), r.stdout)
    }
}
