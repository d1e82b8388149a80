import TallyCore
import TallySyntax
import Testing

/// A market valuation (`-V`, `-X`) finds rates as hledger finds market prices: a stated
/// rate, its reverse, the shortest chain of stated rates, then of stated and reversed
/// ones; the latest rate on or before the day each amount is valued on; one rounding,
/// at the end, to the target's decimals.
@Suite struct RateChainTests {
    static let budget = """
        currency PLN
        currency EUR
        currency USD
        currency JPY  decimals 0
        currency CHF
        wallet mBank bank opening 1000.00

        2026-01-01 rate EUR 1.10 USD
        2026-01-01 rate USD 4.00 PLN
        2026-01-01 rate JPY 0.0065 USD
        2026-02-01 rate EUR 1.20 USD
        2026-02-15 rate USD 3.50 PLN
        2026-01-01 rate CHF 1.05 EUR
        """

    static func rates(_ target: String?, on days: [String]) throws -> ExchangeRates {
        let (model, _) = try Figures.run(budget, today: "2026-03-31")
        return ExchangeRates(model).valued(in: target, on: days.map { Figures.date($0) })
    }

    @Test func aChainOfStatedRatesMultipliesThemAndRoundsOnce() throws {
        let rates = try Self.rates(nil, on: ["2026-01-31", "2026-02-28"])
        // January's end: EUR→USD 1.10 × USD→PLN 4.00 = 4.40; 10.05 × 4.40 = 44.22.
        #expect(rates.toDefault(Money("10.05")!, from: "EUR", at: Figures.date("2026-01-10")) == Money("44.22"))
        // February's end: 1.20 × 3.50 = 4.20; 469.60 × 4.20 = 1972.32 (valued at the end,
        // not at the day the amount is dated, when USD→PLN was still 4.00).
        #expect(rates.toDefault(Money("469.60")!, from: "EUR", at: Figures.date("2026-02-10")) == Money("1972.32"))
        // Three steps: CHF→EUR 1.05 × 1.20 × 3.50 = 4.41; 100.00 CHF = 441.00 PLN.
        #expect(rates.toDefault(Money("100.00")!, from: "CHF", at: Figures.date("2026-02-28")) == Money("441.00"))
    }

    @Test func aReversedRateDividesOnceAtTheEnd() throws {
        let rates = try Self.rates("USD", on: ["2026-02-28"])
        // PLN→USD only reversed: 1300.00 ÷ 3.50 = 371.428… → 371.43.
        #expect(rates.toDefault(Money("1300.00")!, from: "PLN", at: Figures.date("2026-02-20")) == Money("371.43"))
        // JPY→EUR: JPY→USD forward, EUR→USD reversed: 10000 × 0.0065 ÷ 1.20 = 54.1666… → 54.17.
        let eur = try Self.rates("EUR", on: ["2026-02-28"])
        #expect(eur.toDefault(Money("10000")!, from: "JPY", at: Figures.date("2026-02-28")) == Money("54.17"))
        // Into yen, which has no decimals: 1.00 USD ÷ 0.0065 = 153.846… → 154.
        let yen = try Self.rates("JPY", on: ["2026-02-28"])
        #expect(yen.toDefault(Money("1.00")!, from: "USD", at: Figures.date("2026-02-28")) == Money("154"))
    }

    @Test func noRateBeforeTheFirstIsAMissingRate() throws {
        let rates = try Self.rates(nil, on: ["2025-12-31"])
        #expect(rates.toDefault(Money("10.00")!, from: "EUR", at: Figures.date("2025-12-01")) == nil)
        // Unvalued rates never chain: EUR has no rate straight to PLN.
        let (model, _) = try Figures.run(Self.budget, today: "2026-03-31")
        #expect(ExchangeRates(model).toDefault(Money("10.00")!, from: "EUR", at: Figures.date("2026-02-28")) == nil)
    }
}
