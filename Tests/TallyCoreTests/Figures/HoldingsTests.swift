import TallyCore
import TallySyntax
import Testing

/// Holdings (Grammar.md §3.2, "Holdings"): an investment wallet in another currency than
/// the default one holds units. Its rates value it in balances and net worth, but its
/// units are not money to assign. Figures by hand.
@Suite struct HoldingsTests {
    static func budget(kind: String) -> String {
        """
        currency USD
        currency ACME decimals 0
        wallet Checking opening 5000.00 on 2026-03-01
        wallet Broker \(kind) currency ACME
        income Dividends
        expense Fees, Food
        envelope Food 300 monthly for Food
        2026-03-02 "Buy ACME" transfer Checking -> Broker 1000.00 USD = 10 ACME
        2026-03-02 "Buy ACME" Checking Fees -9.95
        2026-03-10 rate ACME 125.00 USD
        2026-03-12 "ACME" Checking Dividends +12.50
        2026-03-31 assert Broker 10
        2026-03-31 assert Checking 4002.55
        """
    }

    @Test func unitsAreValuedButNotAssigned() throws {
        let (model, diagnostics) = try Figures.run(Self.budget(kind: "investment"), today: "2026-03-31")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let day = Figures.date("2026-03-31")
        #expect(model.wallets[model.wallet("Broker")].holdsUnits(defaultCurrency: "USD"))
        // 5000.00 + 12.50 dividends − 1000.00 bought (money leaving the budget's wallets)
        // − 9.95 fees (unbudgeted) − 300.00 planned for Food = 3702.55.
        let equation = try #require(model.envelopeEquation(at: day, rates: ExchangeRates(model)))
        #expect(equation.readyToAssign == Figures.money("3702.55"))
        // 3702.55 + 300.00 in Food = 4002.55, the money in Checking alone.
        #expect(equation.wallets == Figures.money("4002.55"))
        #expect(model.readyToAssign(at: day) == Figures.money("3702.55"))
        // Net worth: 4002.55 + 10 ACME × 125.00 = 4002.55 + 1250.00 = 5252.55.
        let sheet = model.balanceSheet(at: day, rates: ExchangeRates(model))
        #expect(sheet.total == Figures.money("5252.55"))
    }

    /// The same units in a `bank` wallet count as money: the 1000.00 paid stays in ready
    /// to assign (3702.55 + 1000.00 = 4702.55), which is why the converter writes wallets
    /// bought at cost as `investment`.
    @Test func aBankWalletWithARateCountsAsMoney() throws {
        let (model, _) = try Figures.run(Self.budget(kind: "bank"), today: "2026-03-31")
        #expect(model.readyToAssign(at: Figures.date("2026-03-31")) == Figures.money("4702.55"))
    }

    /// A wallet in the default currency holds money, whatever its kind.
    @Test func aWalletInTheDefaultCurrencyHoldsMoney() throws {
        let (model, _) = try Figures.run(Self.budget(kind: "investment"), today: "2026-03-31")
        #expect(!model.wallets[model.wallet("Checking")].holdsUnits(defaultCurrency: "USD"))
        // The Broker's ACME are units in a USD budget, not in an ACME one.
        #expect(!model.wallets[model.wallet("Broker")].holdsUnits(defaultCurrency: "ACME"))
    }
}
