import TallyCore
import TallyInterop
import TallySyntax
import Testing

/// `ynab-cards`: YNAB's register (newest first) and plan with overspending on a card and
/// with cash and card together across a month's end, and a card payment beyond what the
/// payment category held. The converted budget's figures are the plan's, month by month
/// (Grammar.md §4, "Credit overspending"), computed by hand here.
@Suite struct YNABCardFigureTests {
    static let files = ["ynab-cards - Register.csv", "ynab-cards - Plan.csv"]

    static func money(_ text: String) -> Money { Money(text)! }

    /// The end of each month of the plan: (Groceries, Games, ready to assign).
    @Test(arguments: [
        // January: Groceries 100.00 − 130.00 (all on Visa) = −30.00; Games 50.00 − 20.00
        // (Checking) − 60.00 (Visa) = −30.00; YNAB's Ready to Assign 1000.00 + 500.00 −
        // 150.00 = 1350.00.
        ("2026-01-31", "-30.00", "-30.00", "1350.00"),
        // February: both start from 0.00: Groceries 100.00 − 40.00 = 60.00, Games 50.00.
        // Groceries' 30.00 was all on the card: card debt. Games' 30.00: 20.00 cash (from
        // Ready to Assign), 10.00 card debt. 1350.00 + 500.00 − 20.00 − 150.00 = 1680.00.
        ("2026-02-28", "60.00", "50.00", "1680.00"),
        // March: 160.00 and 100.00; the payment of 200.00 left Visa owing 30.00 of the 40.00
        // no money held: the payment category ended February at −10.00, which March's
        // Ready to Assign pays: 1680.00 + 500.00 − 10.00 − 150.00 = 2020.00.
        ("2026-03-31", "160.00", "100.00", "2020.00")
    ])
    func figuresAreThePlans(_ day: String, _ groceries: String, _ games: String, _ ready: String) throws {
        _ = try Self.expectPlan(Self.files, day, groceries, games, ready)
    }

    /// Converts `files` and expects, at the end of `day`, nothing overspent listed and
    /// Groceries, Games and ready to assign as given; the figures, for more.
    static func expectPlan(_ files: [String], _ day: String, _ groceries: String, _ games: String, _ ready: String) throws
        -> AppExportFigureTests.Figures
    {
        let result = try AppExportGoldenTests.convert(files, AppExportOptions())
        #expect(!result.leftOut.contains { $0.reason.contains("overspent") }, "\(result.leftOut)")
        let figures = try AppExportFigureTests.figures(result, at: CivilDate(iso: day)!)
        #expect(figures.available == ["Groceries": Self.money(groceries), "Games": Self.money(games)])
        #expect(figures.readyToAssign == Self.money(ready))
        return figures
    }

    /// What the card payment category shows is what the card owes less the card debt no
    /// money holds, January's running overspending on the card included (YNAB leaves an
    /// unfunded purchase out at once): at January's end 190.00 − (30.00 + 10.00) = 150.00
    /// (the plan's January), on 1 February 190.00 − 40.00 = 150.00, at February's end
    /// 30.00 − 40.00 = −10.00 (the plan's February: 10.00 paid beyond what it held), in
    /// March 30.00 − 30.00 = 0.00.
    @Test func theCardPaymentCategoryIsTheDebtLessWhatNoMoneyHolds() throws {
        let result = try AppExportGoldenTests.convert(Self.files, AppExportOptions())
        for (day, held) in [("2026-01-31", "150.00"), ("2026-02-01", "150.00"), ("2026-02-28", "-10.00"), ("2026-03-31", "0.00")] {
            let (model, _) = try AppExportGoldenTests.interpret(result, today: CivilDate(iso: day)!)
            let equation = try #require(model.envelopeEquation(at: CivilDate(iso: day)!, rates: ExchangeRates(model)))
            let owed = try #require(equation.cards?.negated)
            #expect(owed.subtracting(equation.heldByNoMoney) == Self.money(held), "\(day)")
        }
    }

    /// With two open cards, each is weighed on its own in Tally as in YNAB: overspending
    /// on cards is no longer listed.
    @Test func overspendingOnCardsWithSeveralCardsIsNotListed() throws {
        let register = [
            AppExportEvidenceTests.registerHeader,
            #""Checking","","01/01/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$100.00,"Cleared""#,
            #""Checking","","01/02/2026","ACME","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$50.00,"Cleared""#,
            #""Visa","","01/14/2026","Shop","Food: Groceries","Food","Groceries","",$30.00,$0.00,"Cleared""#,
            #""Amex","","01/15/2026","Shop","Food: Groceries","Food","Groceries","",$5.00,$0.00,"Cleared""#
        ]
        let plan = [
            AppExportEvidenceTests.planHeader, #""Jan 2026","Credit Card Payments: Visa","Credit Card Payments","Visa",$0.00,$20.00,$20.00"#,
            #""Jan 2026","Credit Card Payments: Amex","Credit Card Payments","Amex",$0.00,$0.00,$0.00"#,
            #""Jan 2026","Food: Groceries","Food","Groceries",$20.00,-$35.00,-$15.00"#,
            #""Feb 2026","Food: Groceries","Food","Groceries",$20.00,$0.00,$20.00"#
        ]
        let result = try AppExportEvidenceTests.convert(["b - Register.csv": register, "b - Plan.csv": plan])
        // Groceries: 20.00 − 35.00 = −15.00 at January's end, all of it on the cards: card
        // debt, as YNAB makes it; Visa's 30.00 had the 20.00 (its payment category's
        // 20.00), Amex's 5.00 none: 10.00 on Visa and 5.00 on Amex no money holds.
        #expect(!result.leftOut.map(\.reason).contains { $0.contains("overspent") }, "\(result.leftOut)")
        let (model, _) = try AppExportGoldenTests.interpret(result, today: CivilDate(iso: "2026-02-01")!)
        let equation = try #require(model.envelopeEquation(at: CivilDate(iso: "2026-02-01")!, rates: ExchangeRates(model)))
        let held = Dictionary(uniqueKeysWithValues: equation.cardFigures.map { (model.wallets[$0.wallet].name, $0.held) })
        #expect(held == ["Visa": Self.money("20.00"), "Amex": .zero])
    }
}
