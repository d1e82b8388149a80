import Foundation
import TallyTestSupport
import XCTest

/// `tally convert` on an amount written without a commodity: hledger and ledger keep it
/// without a unit, and a Tally amount always has a currency, so the transaction is listed
/// (and `--strict` fails) unless `--commodity '=CODE'` names the unit.
final class ConvertUnitLessTests: XCTestCase {
    static let journal = """
        2026-01-01 opening
            assets:jar     10.00 EUR
            equity:opening

        2026-01-05 coins in the jar
            assets:jar     2
            income:gifts

        """

    func testAUnitLessAmountIsListedUnlessItsUnitIsNamed() throws {
        let temporary = try TemporaryFolder("convert-unit-less")
        defer { temporary.remove() }
        let journal = try temporary.write(Self.journal, to: "jar.journal")

        let strict = try TallyBinary.run(["convert", journal, "--strict"])
        XCTAssertEqual(strict.status, 1, strict.stdout + strict.stderr)
        XCTAssertTrue(strict.stderr.contains("without a commodity"), strict.stderr)
        XCTAssertFalse(strict.stdout.contains("2026-01-05"), "nothing written under --strict")

        let listed = try TallyBinary.run(["convert", journal])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertFalse(listed.stdout.contains("\n2026-01-05"), "the unit-less movement is not converted")
        XCTAssertTrue(listed.stdout.contains("; not converted (jar.journal:5, hledger)"), "but kept as a comment, whole")
        XCTAssertTrue(listed.stderr.contains("jar.journal:5: not converted: an amount without a commodity"), listed.stderr)

        // Named: 2 EUR into the jar, 10.00 + 2 = 12.00 EUR.
        let named = try TallyBinary.run(["convert", journal, "--commodity", "=EUR"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stdout.contains("2026-01-05"), named.stdout)
        let budget = try temporary.write(named.stdout, to: "jar.tally")
        let balance = try TallyBinary.run(["balance", budget, "--format", "csv", "--today", "2026-01-31"])
        XCTAssertTrue(balance.stdout.contains("12.00"), balance.stdout)
    }
}
