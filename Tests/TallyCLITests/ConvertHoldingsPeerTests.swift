import Foundation
import TallyInterop
import TallyTestSupport
import XCTest

/// Holdings through the real peers (Grammar.md §3.2, "Holdings"): a brokerage with lots,
/// sales, gains and dividends in each peer's habits, a card used abroad (§3.10), and
/// beancount's own example
/// (`bean-example`, three seeds), convert with nothing with money in it listed, and
/// exported back give the peer the same balance of every account in every commodity
/// at every assertion date and at the end, and the same category totals per month.
extension ConvertPeerTests {
    static let brokerage = "Tests/TallyInteropTests/Fixtures/convert/brokerage."

    func testBeancountBrokerageRoundTrips() throws { try roundTrip(Self.brokerage + "beancount", .beancount) }
    /// beancount's usual sale, `{}` and a gains posting without an amount, booked against
    /// the lots held: the cost basis written, the gain worked out (200.00 + 30.00 + 40.00).
    func testBeancountLotSalesRoundTrip() throws { try roundTrip("lot-sales.beancount", .beancount) }
    func testHledgerBrokerageRoundTrips() throws { try roundTrip(Self.brokerage + "journal", .hledger) }
    func testLedgerBrokerageRoundTrips() throws { try roundTrip(Self.brokerage + "ledger", .ledger) }

    /// One account holding cash and shares (`assets:broker  10 AAPL @ $150` paid from
    /// `assets:broker  $-1500`): a wallet per commodity, exported back as the one account.
    static let brokerOneAccount = "Tests/TallyInteropTests/Fixtures/convert/broker-one-account."
    func testHledgerBrokerInOneAccountRoundTrips() throws { try roundTrip(Self.brokerOneAccount + "journal", .hledger) }
    func testLedgerBrokerInOneAccountRoundTrips() throws { try roundTrip(Self.brokerOneAccount + "ledger", .ledger) }

    /// A EUR card used abroad: the dollars paid and the euros charged both come back.
    static let cardAbroad = "Tests/TallyInteropTests/Fixtures/convert/card-abroad."
    static let cardAbroadSplit = "Tests/TallyInteropTests/Fixtures/convert/card-abroad-split.journal"
    func testHledgerCardAbroadRoundTrips() throws { try roundTrip(Self.cardAbroad + "journal", .hledger) }
    func testBeancountCardAbroadRoundTrips() throws { try roundTrip(Self.cardAbroad + "beancount", .beancount) }
    func testLedgerCardAbroadRoundTrips() throws { try roundTrip(Self.cardAbroad + "ledger", .ledger) }
    /// One purchase abroad over several categories at one rate: each category's dollars
    /// come back (`20.00 USD @ 0.92 EUR` from the split line `food -18.40`).
    func testHledgerCardAbroadSplitRoundTrips() throws { try roundTrip(Self.cardAbroadSplit, .hledger) }

    /// bean-example's ledger: lots bought and sold at cost, fund units bought every
    /// payday, vacation hours and 401k contributions as commodities of their own. Only
    /// its `event` lines (no money) are listed.
    func testBeancountExampleConvertsWithBalancesKept() throws {
        let check = try ExternalTool.require("bean-check")
        let example = ExternalTool(url: check.url.deletingLastPathComponent().appendingPathComponent("bean-example"))
        guard FileManager.default.isExecutableFile(atPath: example.url.path) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("no bean-example beside bean-check") }
            throw XCTSkip("no bean-example beside bean-check at \(check.url.path)")
        }
        for seed in 1 ... 3 {
            let generated = try example.run(["--seed", "\(seed)"])
            XCTAssertEqual(generated.status, 0, generated.stderr)
            let path = folder.appendingPathComponent("example\(seed).beancount").path
            try generated.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            try roundTrip("bean-example --seed \(seed)", .beancount, original: path, listed: "a `event` entry")
        }
    }
}
