import Foundation
import TallyTestSupport
import Testing

/// beancount's commodities with a dot or digits inside (`HOOL.UNVEST`, bean-example's
/// restricted stock units) are read as one symbol, not as `10.` and two words (issue 36):
/// not being currency codes, their transactions are listed with the reason and written
/// back whole, their accounts opened in them, so bean-check accepts the export; named
/// with `--commodity HOOL.UNVEST=HOOLUNVEST` they convert. `VACHR` is a code already.
/// bean-check is skipped with the reason when it is missing, a failure under CI.
@Suite struct DottedCommodityTests {
    static let journal = """
        option "operating_currency" "USD"
        2024-01-01 commodity HOOL.UNVEST
        2024-01-01 open Assets:Cash USD
        2024-01-01 open Assets:Hooli:Unvested HOOL.UNVEST
        2024-01-01 open Assets:Hooli:Vacation VACHR
        2024-01-01 open Income:Hooli:Awards HOOL.UNVEST
        2024-01-01 open Income:Hooli:Vacation VACHR
        2024-01-01 open Expenses:Food USD
        2024-01-01 open Equity:Opening USD

        2024-01-02 * "Deposit"
          Assets:Cash  100.00 USD
          Equity:Opening

        2024-01-03 * "Award"
          Income:Hooli:Awards   -10 HOOL.UNVEST
          Assets:Hooli:Unvested  10 HOOL.UNVEST

        2024-01-04 * "Accrue vacation"
          Income:Hooli:Vacation   -5 VACHR
          Assets:Hooli:Vacation    5 VACHR

        2024-02-04 * "Lunch"
          Expenses:Food  10.00 USD
          Assets:Cash

        """

    static func convertAndExport(_ extra: [String], _ folder: TemporaryFolder) throws -> (stderr: String, budget: String, back: String) {
        let original = try folder.write(Self.journal, to: "rsu.beancount")
        let budget = folder.path("b.tally"), back = folder.path("back.beancount")
        let converted = try TallyBinary.run(["convert", "--force"] + extra + [original, "-o", budget])
        #expect(converted.status == 0, "\(converted.stderr)")
        let exported = try TallyBinary.run(["export", "--to", "beancount", budget, "-o", back])
        #expect(exported.status == 0, "\(exported.stderr)")
        return (converted.stderr, try String(contentsOfFile: budget, encoding: .utf8), back)
    }

    @Test(.enabled(if: KeptBlocksBeancountTests.beanCheckOrCI, "bean-check is not installed (run .ci/run)"))
    func aDottedCommodityIsOneSymbol() throws {
        let beanCheck = try #require(KeptBlocksBeancountTests.beanCheck, "bean-check missing under CI")
        let folder = try TemporaryFolder("dotted")
        defer { folder.remove() }
        let listed = try Self.convertAndExport([], folder)
        #expect(listed.stderr.contains("rsu.beancount:15: not converted: a posting in `HOOL.UNVEST`, a commodity that is no currency code"), "\(listed.stderr)")
        #expect(!listed.stderr.contains("an amount Tally cannot read"))
        #expect(listed.budget.contains("wallet Vacation"), "VACHR converts: \(listed.budget)")
        let checked = try ExternalTool(url: URL(fileURLWithPath: beanCheck)).run([listed.back])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.output)")
        #expect(try String(contentsOfFile: listed.back, encoding: .utf8).contains("Assets:Hooli:Unvested  10 HOOL.UNVEST"))

        let named = try Self.convertAndExport(["--commodity", "HOOL.UNVEST=HOOLUNVEST"], folder)
        #expect(named.stderr.isEmpty, "\(named.stderr)")
        #expect(named.budget.contains("currency HOOLUNVEST"))
        let again = try ExternalTool(url: URL(fileURLWithPath: beanCheck)).run([named.back])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.output)")
    }
}
