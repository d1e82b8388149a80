import Foundation
import TallyTestSupport
import Testing

/// `-V`/`-X CODE` value balance, register, incomestatement and the monthly report at
/// market rates, chained as hledger chains market prices, each period valued at its end
/// (docs/reports.md, "Valuation"); `hledger -X` on the export gives the same figures.
/// The hledger half is skipped with the reason when hledger is missing, a failure under CI.
@Suite struct ValuationCrossCheckTests {
    static var hledgerOrCI: Bool { ExternalTool.find("hledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// No rate leads from EUR to PLN but through USD: EUR→PLN is 1.10 × 4.00 = 4.40 in
    /// January, 1.20 × 3.50 = 4.20 at the end of February.
    static let budget = """
        currency PLN
        currency EUR
        currency USD
        wallet mBank  bank                opening 1000.00 on 2026-01-01
        wallet Konto  bank  currency EUR  opening 500.00 EUR on 2026-01-01
        expense Food
        income Salary

        2026-01-01 rate EUR 1.10 USD
        2026-01-01 rate USD 4.00 PLN
        2026-02-01 rate EUR 1.20 USD
        2026-02-15 rate USD 3.50 PLN

        2026-01-10 "Bistro" Konto Food -10.05
        2026-02-10 "Cafe" Konto Food -20.35
        2026-02-20 "Work" mBank Salary +300.00
        """

    static let day = ["--today", "2026-02-28"]

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try TallyBinary.run(arguments + day + ["-O", "json"])
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    static func converted(_ object: [String: Any]) -> [String] {
        ((object["wallets"] as? [[String: Any]]) ?? []).map { ($0["converted"] as? String) ?? "-" }
    }

    @Test func figuresComputedByHand() throws {
        let folder = try TemporaryFolder("valuation")
        defer { folder.remove() }
        let budget = try folder.write(Self.budget, to: "b.tally")
        // Without -V EUR has no rate to PLN; with it, Konto 500 − 10.05 − 20.35 = 469.60 EUR
        // × 4.20 = 1972.32 PLN; total 1300.00 + 1972.32 = 3272.32.
        #expect(Self.converted(try Self.json(["bal", budget])) == ["1300.00", "-"])
        let valued = try Self.json(["bal", budget, "-V"])
        #expect(Self.converted(valued) == ["1300.00", "1972.32"])
        #expect(valued["total"] as? String == "3272.32")
        // -X USD: 1300.00 ÷ 3.50 = 371.428… → 371.43; 469.60 × 1.20 = 563.52; 934.95.
        let dollars = try Self.json(["bal", budget, "-X", "USD"])
        #expect(dollars["currency"] as? String == "USD")
        #expect(Self.converted(dollars) == ["371.43", "563.52"])
        #expect(dollars["total"] as? String == "934.95")
        // Each month at its end: 10.05 × 4.40 = 44.22 in January, 20.35 × 4.20 = 85.47 in February.
        let text = try TallyBinary.run(["is", budget, "-M", "-V"] + Self.day)
        #expect(text.stdout.contains("Food      expense    44.22    85.47  129.69"), "\(text.stdout)")
        // The register at the report's end (hledger's -V): 10.05 × 4.20 = 42.21.
        let rows = try #require(try Self.json(["reg", budget, "Konto", "-V", "-b", "2026-01-01", "-e", "2026-03-01"])["rows"] as? [[String: Any]])
        #expect(rows.map { $0["amount"] as? String } == ["-42.21", "-85.47"])
        #expect(rows.map { $0["currency"] as? String } == ["PLN", "PLN"])
        // The monthly report of February: 85.47 spent, January's 44.22 at January's end.
        let month = try TallyBinary.run(["report", budget, "--month", "2026-02", "-V", "-O", "json"] + Self.day)
        #expect(month.stdout.contains("\"85.47\"") && month.stdout.contains("\"44.22\""), "\(month.stdout)")
    }

    @Test func valuationMistakesAreRefused() throws {
        let folder = try TemporaryFolder("valuation-refused")
        defer { folder.remove() }
        let budget = try folder.write(Self.budget, to: "b.tally")
        let both = try TallyBinary.run(["bal", budget, "-V", "-X", "USD"] + Self.day)
        #expect(both.status == 2 && both.stderr.contains("both say how to value amounts"), "\(both.stderr)")
        let unknown = try TallyBinary.run(["bal", budget, "-X", "GBP"] + Self.day)
        #expect(unknown.status == 2 && unknown.stderr.contains("no rate in the budget names `GBP`"), "\(unknown.stderr)")
        // A register row no rate values is refused, never shown unconverted as PLN.
        let yen = try folder.write(Self.budget + "\ncurrency JPY  decimals 0\nwallet Yen cash currency JPY\n2026-02-21 \"Kiosk\" Yen Food -500\n", to: "yen.tally")
        let unvalued = try TallyBinary.run(["reg", yen, "-V"] + Self.day)
        #expect(unvalued.status == 2 && unvalued.stderr.contains("no rate from JPY to PLN"), "\(unvalued.stdout)\(unvalued.stderr)")
        // Envelopes are in the default currency: -X another one would mislabel them.
        let envelopes = try TallyBinary.run(["report", budget, "-X", "USD"] + Self.day)
        #expect(envelopes.status == 2 && envelopes.stderr.contains("envelopes are in PLN"), "\(envelopes.stderr)")
        let cost = try TallyBinary.run(["bal", budget, "-B"] + Self.day)
        let plain = try TallyBinary.run(["bal", budget] + Self.day)
        #expect(cost.status == 0 && cost.stdout == plain.stdout)
    }

    @Test(.enabled(if: hledgerOrCI, "hledger is not installed"))
    func hledgerValuesTheExportAlike() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("valuation-hledger")
        defer { folder.remove() }
        let budget = try folder.write(Self.budget, to: "b.tally")
        let journal = folder.path("h.journal")
        #expect(try TallyBinary.run(["export", "--to", "hledger", budget, "-o", journal]).status == 0)
        /// hledger's amounts in CSV, `"1972.32 PLN"` → `1972.32`, in its order.
        func amounts(_ arguments: [String]) throws -> [String] {
            let run = try hledger.run(["-f", journal] + arguments + ["-O", "csv"])
            #expect(run.status == 0, "\(run.output)")
            return run.stdout.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
                let field = line.split(separator: ",").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                return field?.split(separator: " ").first.map(String.init)
            }
        }
        // Tally's -V is hledger's -X with the default currency: hledger's -V stops at the
        // currency of the latest price (USD for EUR).
        let pln = try amounts(["bal", "-X", "PLN", "-e", "2026-03-01", "Assets", "--no-total"])
        #expect(pln == Self.converted(try Self.json(["bal", budget, "-V"])), "\(pln)")
        let usd = try amounts(["bal", "-X", "USD", "-e", "2026-03-01", "Assets", "--no-total"])
        #expect(usd == Self.converted(try Self.json(["bal", budget, "-X", "USD"])), "\(usd)")
        let register = try amounts(["reg", "-X", "PLN", "-b", "2026-01-02", "-e", "2026-03-01", "Assets:Konto"])
        let rows = try #require(try Self.json(["reg", budget, "Konto", "-V", "-b", "2026-01-02", "-e", "2026-03-01"])["rows"] as? [[String: Any]])
        // hledger's last CSV field is the running total; Tally's, with a query, too.
        #expect(register == rows.compactMap { $0["total"] as? String }, "\(register)")
        let monthly = try hledger.run(["-f", journal, "bal", "-M", "-X", "PLN", "-b", "2026-01-01", "-e", "2026-03-01", "Expenses", "-O", "csv"])
        #expect(monthly.stdout.contains("\"Expenses:Food\",\"44.22 PLN\",\"85.47 PLN\""), "\(monthly.stdout)")
    }
}
