import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// The envelope apps' exports month by month: at the end of every month of the file,
/// each account's balance, every category's available and ready to assign are the app's
/// own, worked out by hand from the fixtures (issue 38: "every category's available for
/// every month of the file").
@Suite struct AppExportMonthlyFigureTests {
    static func money(_ text: String) -> Money { Money(text)! }

    /// A month's expected figures.
    struct Month: Sendable, CustomTestStringConvertible {
        let end: String
        let balances: [String: String]
        let available: [String: String]
        let ready: String
        var testDescription: String { end }
    }

    static func expect(_ result: ConversionResult, _ month: Month) throws {
        let figures = try AppExportFigureTests.figures(result, at: CivilDate(iso: month.end)!)
        #expect(figures.balances == month.balances.mapValues(Self.money), "\(month.end)")
        #expect(figures.available == month.available.mapValues(Self.money), "\(month.end)")
        #expect(figures.readyToAssign == Self.money(month.ready), "\(month.end)")
    }

    /// `ynab-household`, the plan's three months (YNAB: last month's available +
    /// assigned + activity).
    @Test(arguments: [
        // January. Checking 1500.00 + 2000.00 − 900.00 − 300.00 (to Savings) − 80.00 −
        // 20.00 (the Costco split) = 2200.00; Savings 5000.00 + 300.00; Visa −45.50.
        // Rent 900 − 900; Groceries 300 − 80 = 220.00; Dining Out 100 − 20 − 45.50 =
        // 34.50; Vacation 200. Ready to Assign 1500 + 5000 + 2000 − 1500 assigned = 7000.00.
        Month(
            end: "2026-01-31", balances: ["Checking": "2200.00", "Savings": "5300.00", "Visa": "-45.50"],
            available: ["Rent": "0.00", "Groceries": "220.00", "🍽 Dining Out": "34.50", "Vacation": "200.00"], ready: "7000.00"),
        // February. Checking 2200.00 + 2000.00 − 900.00 − 95.50 (to Visa) = 3204.50; Visa
        // −45.50 − 70.00 + 20.00 (refund) + 95.50 = 0.00. Groceries 220 + 250 − 70 + 20 =
        // 420.00; Dining Out 34.50 + 80 = 114.50; Vacation 400. Ready 7000 + 2000 − 1430 =
        // 7570.00.
        Month(
            end: "2026-02-28", balances: ["Checking": "3204.50", "Savings": "5300.00", "Visa": "0.00"],
            available: ["Rent": "0.00", "Groceries": "420.00", "🍽 Dining Out": "114.50", "Vacation": "400.00"], ready: "7570.00"),
        // March. Checking 3204.50 + 2000.00 − 900.00 − 40.00 = 4264.50; Visa 0.00 − 60.00 +
        // 40.00 = −20.00. Groceries 420 + 250 = 670.00; Dining Out 114.50 + 80 − 60 =
        // 134.50; Vacation 600. Ready 7570 + 2000 − 1430 = 8140.00.
        Month(
            end: "2026-03-31", balances: ["Checking": "4264.50", "Savings": "5300.00", "Visa": "-20.00"],
            available: ["Rent": "0.00", "Groceries": "670.00", "🍽 Dining Out": "134.50", "Vacation": "600.00"], ready: "8140.00")
    ])
    func ynabHouseholdEveryMonth(_ month: Month) throws {
        let result = try AppExportGoldenTests.convert(["ynab-household - Register.csv", "ynab-household - Plan.csv"], AppExportOptions())
        try Self.expect(result, month)
        // The Visa payment category (45.50, 0.00, 20.00 in the plan) is what Visa owes, as
        // no card debt is left unheld: the card's balance negated, nothing held by no money.
        let (model, _) = try AppExportGoldenTests.interpret(result, today: CivilDate(iso: month.end)!)
        let equation = try #require(model.envelopeEquation(at: CivilDate(iso: month.end)!, rates: ExchangeRates(model)))
        let payment = ["2026-01-31": "45.50", "2026-02-28": "0.00", "2026-03-31": "20.00"][month.end]
        #expect(equation.heldByNoMoney.isZero && equation.cards?.negated == payment.map(Self.money), "\(month.end)")
    }

    /// `ynab-cards`' accounts each month (its envelopes and ready to assign:
    /// ``YNABCardFigureTests``): Checking 1000.00 + 500.00 − 20.00 (Steam) = 1480.00 and
    /// Visa −130.00 − 60.00 = −190.00 in January; 1480.00 + 500.00 − 200.00 (to Visa) =
    /// 1780.00 and −190.00 − 40.00 + 200.00 = −30.00 in February; 2280.00 and −30.00 in
    /// March.
    @Test(arguments: [("2026-01-31", "1480.00", "-190.00"), ("2026-02-28", "1780.00", "-30.00"), ("2026-03-31", "2280.00", "-30.00")])
    func ynabCardsBalancesEveryMonth(_ end: String, _ checking: String, _ visa: String) throws {
        let result = try AppExportGoldenTests.convert(YNABCardFigureTests.files, AppExportOptions())
        let figures = try AppExportFigureTests.figures(result, at: CivilDate(iso: end)!)
        #expect(figures.balances == ["Checking": Self.money(checking), "Visa": Self.money(visa)])
    }

    /// `ynab4-household`'s accounts and Available to Budget each month (its categories:
    /// ``YNAB4FigureTests``). The balances are the register's `Running Balance` on each
    /// account's last row of the month: Checking 1000.00 + 2500.00 − 1200.00 − 320.00 −
    /// 200.00 = 1780.00, then + 2500.00 − 1200.00 − 150.00 − 40.00 = 2890.00, then +
    /// 2500.00 − 1200.00 − 260.00 = 3930.00; Savings 2000.00 + 200.00 = 2200.00. To budget:
    /// 3000.00 + 2500.00 − 1650.00 budgeted = 3850.00; 3850.00 + 2500.00 − 1600.00 − 20.00
    /// (January's cash overspending) = 4730.00; 4730.00 + 2500.00 − 1600.00 = 5630.00.
    @Test(arguments: [("2026-01-31", "1780.00", "3850.00"), ("2026-02-28", "2890.00", "4730.00"), ("2026-03-31", "3930.00", "5630.00")])
    func ynab4BalancesEveryMonth(_ end: String, _ checking: String, _ ready: String) throws {
        let figures = try YNAB4FigureTests.figures(at: CivilDate(iso: end)!)
        #expect(figures.balances == ["Checking": Self.money(checking), "Savings": Self.money("2200.00")])
        #expect(figures.readyToAssign == Self.money(ready))
    }

    /// `goodbudget-household`, its two months (Goodbudget: an envelope keeps what is left).
    @Test(arguments: [
        // February. Checking 2400.00 − 1000.00 − 65.40 − 100.00 (to Cash) + 4.50 (refund) =
        // 1239.10; Cash 100.00 − 24.60 = 75.40. Groceries 400.00 − 65.40 − 24.60 + 4.50 =
        // 314.50; Rent 1000 − 1000. Unallocated 2400 − 400 − 1000 = 1000.00 (with 314.50 held:
        // 1314.50, the accounts' 1239.10 + 75.40).
        Month(
            end: "2026-02-28", balances: ["Checking": "1239.10", "Cash": "75.40"], available: ["Groceries": "314.50", "Rent": "0.00"],
            ready: "1000.00"),
        // March. Checking 1239.10 + 2400.00 − 1000.00 − 120.00 = 2519.10; Cash 75.40.
        // Groceries 314.50 + 350.00 − 120.00 = 544.50; Rent 0.00. Unallocated 1000 + 2400 −
        // 350 − 1000 = 2050.00.
        Month(
            end: "2026-03-31", balances: ["Checking": "2519.10", "Cash": "75.40"], available: ["Groceries": "544.50", "Rent": "0.00"],
            ready: "2050.00")
    ])
    func goodbudgetEveryMonth(_ month: Month) throws {
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        try Self.expect(try AppExportGoldenTests.convert(["goodbudget-household.csv"], options), month)
    }

    /// Goodbudget keeps an overspent envelope's negative balance into the next month, to be
    /// covered by its next fill, and never takes it from `[Unallocated]`; `rollover` does
    /// the same. Groceries gets 100.00 a month and spends 130.00 in February, 20.00 in March.
    @Test func goodbudgetKeepsAnOverspentEnvelopeNegative() throws {
        let export = """
            Date,Envelope,Account,Name,Notes,Amount,Status,Details
            02/01/2026,[Unallocated],Checking,ACME Corp,pay,"1,000.00",Cleared,
            02/01/2026,Groceries,,Fill,,100.00,,
            02/01/2026,[Unallocated],,Fill,,-100.00,,
            02/20/2026,Groceries,Checking,FreshMart,,-130.00,Cleared,
            03/01/2026,Groceries,,Fill,,100.00,,
            03/01/2026,[Unallocated],,Fill,,-100.00,,
            03/05/2026,Groceries,Checking,FreshMart,,-20.00,,

            """
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        let result = try AppExportConverter.convert(paths: ["gb.csv"], options: options, budgetPath: "converted.tally") { _ in export }
        // February: 100.00 − 130.00 = −30.00; Unallocated 1000.00 − 100.00 = 900.00;
        // Checking 1000.00 − 130.00 = 870.00 = 900.00 − 30.00.
        try Self.expect(
            result, Month(end: "2026-02-28", balances: ["Checking": "870.00"], available: ["Groceries": "-30.00"], ready: "900.00"))
        // March: −30.00 + 100.00 − 20.00 = 50.00; Unallocated 900.00 − 100.00 = 800.00, not
        // 770.00: the overspending stayed in the envelope; Checking 870.00 − 20.00 = 850.00.
        try Self.expect(
            result, Month(end: "2026-03-31", balances: ["Checking": "850.00"], available: ["Groceries": "50.00"], ready: "800.00"))
    }
}
