import Foundation
import TallyTestSupport
import Testing

/// A sale exported to beancount carries the price it was sold at (issue 36), as the
/// original wrote it: `-4 HOOL {300.00 USD, 2024-01-05} @ 350.00 USD`, so that Fava and
/// bean-query show the price; beancount weighs the units at their cost, so the sale
/// balances at cost with the gain posting beside it, in one transaction as beancount
/// writes a sale. The price is what the units brought: their cost and the gain of the
/// transaction that follows the sale on the cash wallet that day under the same
/// description (Grammar.md §3.2, "Holdings": that is how a sale is written), divided by
/// the units. Checked with
/// bean-check and beancount's loader; skipped with the reason when missing, a failure
/// under CI.
@Suite struct SalePricePeerTests {
    /// Each posting's price, as beancount's loader reads it: date, units, price.
    static let prices = """
        import sys
        from beancount import loader
        from beancount.core import data
        entries, errors, _ = loader.load_file(sys.argv[1])
        if errors:
            sys.exit("errors: %d" % len(errors))
        for e in entries:
            if isinstance(e, data.Transaction):
                for p in e.postings:
                    if p.price is not None and p.cost is not None:
                        print(e.date, p.units.currency, p.price)
        """

    /// By hand, lot-sales.beancount: (4 × 300.00 + 200.00 gain) ÷ 4 = 350.00; (3 ×
    /// 320.00 + 30.00) ÷ 3 = 330.00. The last sale takes two lots: `tally convert` would
    /// read two lot postings at one price as two wallets, so it keeps its cost only,
    /// 6 × 300.00 + 2 × 320.00 = 2440.00, and its gain apart.
    @Test func salesCarryThePriceTheyWereSoldAt() throws {
        let folder = try TemporaryFolder("sale-price")
        defer { folder.remove() }
        let (_, back) = try LotExportPeerTests.roundTrip(TestSupport.path(LotExportPeerTests.fixtures[0]), folder)
        let text = try String(contentsOfFile: back, encoding: .utf8)
        for line in [
            "    Assets:Broker:HOOL  -4 HOOL {300.00 USD, 2024-01-05} @ 350.00 USD\n",
            "    Assets:Broker:HOOL  -3 HOOL {320.00 USD, 2024-04-02} @ 330.00 USD\n",
            "    Assets:Broker:Cash  2440.00 USD\n    Assets:Broker:HOOL  -6 HOOL {300.00 USD, 2024-01-05}\n    Assets:Broker:HOOL  -2 HOOL {320.00 USD, 2024-04-02}\n"
        ] {
            #expect(text.contains(line), "\(line)\(text)")
        }
        // One transaction, as beancount writes a sale: the cash that came in, 1200.00 +
        // 190.05 = 1390.05, and the fees and the gain beside the lots.
        #expect(
            text.contains(
                "2024-03-10 * \"Sell HOOL\" \"the one lot held\"\n    Assets:Broker:HOOL  -4 HOOL {300.00 USD, 2024-01-05} @ 350.00 USD\n"
                    + "    Assets:Broker:Cash  1390.05 USD\n    Expenses:Trading:Fees  9.95 USD\n    Income:Trading:Gains  -200.00 USD\n"), "\(text)")
    }

    /// A transaction after a sale that is not its gain (another description: a
    /// dividend) gives no price: none is guessed.
    @Test func noGainNoPrice() throws {
        let folder = try TemporaryFolder("sale-price-none")
        defer { folder.remove() }
        let budget = try folder.write(
            """
            currency USD
            currency ACME decimals 0
            wallet Cash opening 5000.00 on 2026-03-01
            wallet Broker investment currency ACME
            income Dividends, Gains
            2026-03-02 "Buy ACME"  transfer Cash -> Broker 1000.00 USD = 10 ACME
            2026-03-20 "Sell ACME"  transfer Broker -> Cash 4 ACME = 400.00 USD
            2026-03-20 "ACME dividend"  Cash Dividends +12.50
            2026-03-25 "Sell ACME"  transfer Broker -> Cash 6 ACME = 600.00 USD
            2026-03-25 "Sell ACME"  Cash Gains +90.00

            """, to: "b.tally")
        let run = try TallyBinary.run(["export", "--to", "beancount", budget, "--today", "2026-03-31"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("    Assets:Broker  -4 ACME {100.00 USD, 2026-03-02}\n"), "\(run.stdout)")
        // (600.00 + 90.00) ÷ 6 = 115.00.
        #expect(run.stdout.contains("    Assets:Broker  -6 ACME {100.00 USD, 2026-03-02} @ 115.00 USD\n    Assets:Cash  690.00 USD\n    Income:Gains  -90.00 USD\n"), "\(run.stdout)")
    }

    /// Each fixture's sales of one lot carry the original's price after the round trip,
    /// and bean-check accepts the export.
    @Test(.enabled(if: KeptBlocksBeancountTests.beanCheckOrCI, "bean-check is not installed (run .ci/run)"), arguments: LotExportPeerTests.fixtures)
    func beancountReadsTheOriginalsPrices(_ fixture: String) throws {
        let beanCheck = try #require(KeptBlocksBeancountTests.beanCheck, "bean-check missing under CI")
        let python = try #require(LotExportPeerTests.python)
        let folder = try TemporaryFolder("sale-price-peer")
        defer { folder.remove() }
        let original = TestSupport.path(fixture)
        let (_, back) = try LotExportPeerTests.roundTrip(original, folder)
        let checked = try LotExportPeerTests.run(beanCheck, [back])
        #expect(checked.status == 0 && checked.output.isEmpty, "\(checked.output)")
        let before = try LotExportPeerTests.run(python, ["-c", Self.prices, original])
        let after = try LotExportPeerTests.run(python, ["-c", Self.prices, back])
        #expect(before.status == 0 && !before.output.isEmpty, "\(before.output)")
        // Every price of the export is one of the original's; the original's sales of
        // one lot each have theirs (lot-sales: 2 of 3 sales; lot-methods: none, both
        // sales taking two lots; brokerage: both).
        let lines = Set(before.output.split(separator: "\n")), exported = Set(after.output.split(separator: "\n"))
        #expect(exported.isSubset(of: lines) && exported.count == [2, 0, 2][LotExportPeerTests.fixtures.firstIndex(of: fixture)!], "\(before.output)\n\(after.output)")
    }
}
