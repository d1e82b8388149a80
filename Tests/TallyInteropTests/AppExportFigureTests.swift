import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// The converted budgets show the apps' own figures: each wallet's balance, what each
/// envelope has left and ready to assign, worked out by hand from the fixtures as the
/// app computes them.
@Suite struct AppExportFigureTests {
    /// The figures of a converted budget at the end of `day`.
    struct Figures {
        var balances: [String: Money] = [:]
        var available: [String: Money] = [:]
        var readyToAssign: Money?
    }

    static func figures(_ result: ConversionResult, at day: CivilDate) throws -> Figures {
        let (model, _) = try AppExportGoldenTests.interpret(result, today: day)
        var figures = Figures()
        for (w, wallet) in model.wallets.enumerated() { figures.balances[wallet.name] = model.balance(of: w, at: day) }
        let rates = ExchangeRates(model)
        for (e, envelope) in model.envelopes.enumerated() { figures.available[envelope.name] = model.envelopeStatus(e, through: day, rates: rates)?.available }
        figures.readyToAssign = model.readyToAssign(at: day)
        return figures
    }

    static func money(_ text: String) -> Money { Money(text)! }

    /// `ynab-household`: Checking, Savings and a Visa card; a split at Costco, transfers to
    /// Savings and to the card (each shown on both sides), a refund on the card, three
    /// months of assignments.
    @Test func ynabFiguresAreTheApps() throws {
        let result = try AppExportGoldenTests.convert(["ynab-household - Register.csv", "ynab-household - Plan.csv"], AppExportOptions())
        let march = try Self.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!)
        // Checking: 1500.00 (starting balance) + 3 × 2000.00 (pay) − 3 × 900.00 (rent)
        //   − 300.00 (to Savings) − 80.00 − 20.00 (the Costco split) − 95.50 − 40.00 (card
        //   payments) = 4264.50
        // Savings: 5000.00 + 300.00 = 5300.00
        // Visa: −45.50 − 70.00 + 20.00 (the refund) + 95.50 − 60.00 + 40.00 = −20.00
        #expect(march.balances == ["Checking": Self.money("4264.50"), "Savings": Self.money("5300.00"), "Visa": Self.money("-20.00")])
        // Available, YNAB's way (last month's available + assigned + activity):
        // Rent: 900 − 900 each month = 0.00
        // Groceries: (300 − 80) + (250 − 70 + 20) + 250 = 670.00
        // Dining Out: (100 − 20 − 45.50) + 80 + (80 − 60) = 134.50
        // Vacation: 200 × 3 = 600.00
        #expect(
            march.available == [
                "Rent": Self.money("0.00"), "Groceries": Self.money("670.00"), "🍽 Dining Out": Self.money("134.50"),
                "Vacation": Self.money("600.00")
            ])
        // Ready to assign: inflows to it (1500 + 5000 starting balances, 3 × 2000 pay =
        // 12500.00) less what was assigned (1500 + 1430 + 1430 = 4360.00) = 8140.00
        #expect(march.readyToAssign == Self.money("8140.00"))
        // The envelope equation: 8140.00 + 1404.50 = 9544.50 = 4264.50 + 5300.00 − 20.00 (YNAB
        // keeps the card's 20.00 in its payment category; Tally in the card's balance).
        let held = march.available.values.reduce(Money.zero) { $0.adding($1) ?? $0 }
        let money = march.balances.values.reduce(Money.zero) { $0.adding($1) ?? $0 }
        #expect(march.readyToAssign?.adding(held) == money && money == Self.money("9544.50"))
        // At the end of January: 1500 + 5000 + 2000 − 1500 = 7000.00; Dining Out 34.50.
        let january = try Self.figures(result, at: CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(january.readyToAssign == Self.money("7000.00"))
        #expect(january.available["🍽 Dining Out"] == Self.money("34.50"))
    }

    /// `goodbudget-household`: pay into `[Unallocated]`, envelopes filled from it (rows
    /// without an account), a transfer to Cash shown on both sides, a refund.
    @Test func goodbudgetFiguresAreTheApps() throws {
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        let result = try AppExportGoldenTests.convert(["goodbudget-household.csv"], options)
        let march = try Self.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!)
        // Checking: 2400.00 − 1000.00 − 65.40 − 100.00 (to Cash) + 4.50 (refund) + 2400.00
        //   − 1000.00 − 120.00 = 2519.10; Cash: 100.00 − 24.60 = 75.40
        #expect(march.balances == ["Checking": Self.money("2519.10"), "Cash": Self.money("75.40")])
        // Groceries: 400.00 − 65.40 − 24.60 + 4.50 + 350.00 − 120.00 = 544.50; Rent: 1000 − 1000, twice
        #expect(march.available == ["Groceries": Self.money("544.50"), "Rent": Self.money("0.00")])
        // Unallocated (ready to assign): 2 × 2400.00 − (400 + 1000) − (350 + 1000) = 2050.00
        #expect(march.readyToAssign == Self.money("2050.00"))
    }

    /// `spendee-student` and `wallet-couple`: balances from zero (neither export holds a
    /// starting balance, which is listed), a transfer shown on both sides, a refund.
    @Test func spendeeAndWalletBalancesAreTheApps() throws {
        let day = CivilDate(year: 2026, month: 3, day: 31)!
        let spendee = try Self.figures(try AppExportGoldenTests.convert(["spendee-student.csv"], AppExportOptions()), at: day)
        // Bank: 850.00 − 12.80 − 50.00 (to Cash) − 400.00 + 5.00 (refund) − 23.45 = 368.75
        // Cash: 50.00 − 2.90 = 47.10
        #expect(spendee.balances == ["Bank": Self.money("368.75"), "Cash": Self.money("47.10")])
        #expect(spendee.readyToAssign == nil)
        // Decimal commas: 2100,00 is 2100.00.
        let wallet = try Self.figures(try AppExportGoldenTests.convert(["wallet-couple.csv"], AppExportOptions()), at: day)
        // Joint account: 2100.00 − 84.35 − 200.00 (to Savings) − 56.00 + 12.49 (refund) − 950.00
        //   − 100.00 (to Dollars) = 722.14; Dollars: the 108.00 USD its row received
        #expect(
            wallet.balances == ["Joint account": Self.money("722.14"), "Savings": Self.money("200.00"), "Dollars": Self.money("108.00")])
    }
}
