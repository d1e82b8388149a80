import Foundation
import TallyTestSupport
import Testing

/// Under `-V`, a category's figure is the sum of its amounts' values rounded once, as
/// hledger rounds a valued sum for display (Grammar.md §3.14), not a sum of rounded
/// values: many small conversions whose per-amount rounding differs from the sum's.
/// `hledger bal -M -V -T -A` on the export gives the same cells, totals and averages.
/// The hledger half is skipped with the reason when hledger is missing, a failure under CI.
@Suite struct ValuationRoundingTests {
    static var hledgerOrCI: Bool { ExternalTool.find("hledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    static let budget = """
        currency EUR
        currency USD
        wallet Checking opening 100.00 on 2026-01-01
        wallet Dollars bank currency USD opening 50.00 on 2026-01-01
        expense Food, Fun
        2026-01-01 rate USD 0.9157 EUR
        2026-01-05 "Cafe"  Dollars  Food  -1.01
        2026-01-06 "Cafe"  Dollars  Food  -1.01
        2026-01-07 "Cafe"  Dollars  Food  -1.01
        2026-01-08 "Bar"  Dollars  Fun  -2.03
        2026-01-09 "Bar"  Dollars  Fun  -2.03
        2026-01-10 "Kiosk"  Checking  Food  -0.50
        2026-02-03 "Cafe"  Dollars  Food  -1.01
        2026-02-04 "Cafe"  Dollars  Food  -1.01
        2026-02-05 "Cafe"  Dollars  Food  -1.01
        2026-02-06 "Bar"  Dollars  Fun  -1.07
        """

    /// By hand, at 0.9157: January's Food 3 × 1.01 = 3.03 USD → 2.774571, + 0.50 EUR =
    /// 3.274571 → 3.27 (each 1.01 rounded, 0.92 × 3 + 0.50 = 3.26); Fun 4.06 → 3.717742 →
    /// 3.72. February's Food 2.774571 → 2.77 (0.92 × 3 = 2.76), Fun 1.07 → 0.979799 →
    /// 0.98. Food's total 3.274571 + 2.774571 = 6.049142 → 6.05 (the rounded cells add to
    /// 6.04), its average 3.024571 → 3.02; Fun 4.697541 → 4.70, 2.35. Expense: 6.992313
    /// → 6.99 and 3.754370 → 3.75, in all 10.746683 → 10.75, 5.373… → 5.37.
    static let byHand = [
        "Food      expense     3.27     2.77    6.05     3.02",
        "Fun       expense     3.72     0.98    4.70     2.35",
        "Expense               6.99     3.75   10.75     5.37"
    ]

    @Test func aValuedSumIsRoundedOnce() throws {
        let folder = try TemporaryFolder("valuation-rounding")
        defer { folder.remove() }
        let budget = try folder.write(Self.budget, to: "b.tally")
        let text = try TallyBinary.run(["is", budget, "-M", "-V", "--today", "2026-02-28"])
        #expect(text.status == 0, "\(text.stderr)")
        for line in Self.byHand { #expect(text.stdout.contains(line), "\(text.stdout)") }
        // Without -V, each transaction converts at its stated rate, rounded (docs/reports.md).
        let stated = try TallyBinary.run(["is", budget, "-M", "--today", "2026-02-28"])
        #expect(stated.stdout.contains("Food      expense     3.26     2.76    6.02     3.01"), "\(stated.stdout)")
    }

    /// Three wallets of 1.01 USD each are 0.924857 → 0.92 EUR apiece, as hledger shows
    /// each account; their total with 100.00 EUR is 100.00 + 3.03 × 0.9157 = 102.774571 →
    /// 102.77 (the rounded lines add to 102.76), hledger's total too.
    static let wallets = """
        currency EUR
        currency USD
        wallet Checking opening 100.00 on 2026-01-01
        wallet D1 bank currency USD opening 1.01 on 2026-01-01
        wallet D2 bank currency USD opening 1.01 on 2026-01-01
        wallet D3 bank currency USD opening 1.01 on 2026-01-01
        2026-01-01 rate USD 0.9157 EUR
        """

    @Test func aValuedBalanceTotalIsRoundedOnce() throws {
        let folder = try TemporaryFolder("valuation-wallets")
        defer { folder.remove() }
        let budget = try folder.write(Self.wallets, to: "w.tally")
        let run = try TallyBinary.run(["bal", budget, "-V", "--today", "2026-01-31", "-O", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["total"] as? String == "102.77", "\(run.stdout)")
        let lines = ((object["wallets"] as? [[String: Any]]) ?? []).map { $0["converted"] as? String }
        #expect(lines == ["100.00", "0.92", "0.92", "0.92"])
        if let hledger = ExternalTool.find("hledger") {
            let journal = folder.path("w.journal")
            #expect(try TallyBinary.run(["export", "--to", "hledger", budget, "-o", journal]).status == 0)
            let peer = try hledger.run(["-f", journal, "bal", "-V", "Assets", "-e", "2026-02-01", "-O", "csv"])
            #expect(peer.stdout.contains("\"total\",\"102.77 EUR\""), "\(peer.output)")
        }
    }

    @Test(.enabled(if: hledgerOrCI, "hledger is not installed"))
    func hledgerRoundsTheSameSums() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("valuation-rounding-hledger")
        defer { folder.remove() }
        let budget = try folder.write(Self.budget, to: "b.tally")
        let journal = folder.path("h.journal")
        #expect(try TallyBinary.run(["export", "--to", "hledger", budget, "-o", journal]).status == 0)
        let run = try hledger.run(["-f", journal, "bal", "-M", "-V", "-T", "-A", "Expenses", "-b", "2026-01-01", "-e", "2026-03-01", "-O", "csv"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("\"Expenses:Food\",\"3.27 EUR\",\"2.77 EUR\",\"6.05 EUR\",\"3.02 EUR\""), "\(run.stdout)")
        #expect(run.stdout.contains("\"Expenses:Fun\",\"3.72 EUR\",\"0.98 EUR\",\"4.70 EUR\",\"2.35 EUR\""), "\(run.stdout)")
        #expect(run.stdout.contains("\"total\",\"6.99 EUR\",\"3.75 EUR\",\"10.75 EUR\",\"5.37 EUR\""), "\(run.stdout)")
    }
}
