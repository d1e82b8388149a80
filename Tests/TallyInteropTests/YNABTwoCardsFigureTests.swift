import TallyCore
import TallyInterop
import TallySyntax
import Testing

/// `ynab-two-cards`: YNAB's register (newest first) and plan with two cards overspent in
/// the same month, and a payment to one card beyond its payment category while the other
/// is unpaid. YNAB weighs each card on its own, and so does Tally (Grammar.md §4, "Credit
/// overspending"): the converted budget's figures are the plan's, computed by hand here.
@Suite struct YNABTwoCardsFigureTests {
    static let files = ["ynab-two-cards - Register.csv", "ynab-two-cards - Plan.csv"]

    static func money(_ text: String) -> Money { Money(text)! }

    /// The end of each month of the plan: (Groceries, Games, ready to assign).
    @Test(arguments: [
        // January: Groceries 100.00 − 80.00 (Visa) − 50.00 (Amex) = −30.00; Games 50.00 −
        // 70.00 (Amex) = −20.00; Ready to Assign 1000.00 + 500.00 − 150.00 = 1350.00.
        ("2026-01-31", "-30.00", "-20.00", "1350.00"),
        // February: both start from 0.00 (all their overspending was on cards, card debt):
        // 100.00 and 50.00; 1350.00 + 500.00 − 150.00 = 1700.00.
        ("2026-02-28", "100.00", "50.00", "1700.00"),
        // March: 200.00 and 100.00. Amex's payment category ended February at 70.00 −
        // 100.00 = −30.00 (Visa's 80.00 does not cover it), which March's Ready to Assign
        // pays: 1700.00 + 500.00 − 30.00 − 150.00 = 2020.00. (Both cards together would
        // owe 100.00 ≥ 50.00 and pay nothing: 2050.00.)
        ("2026-03-31", "200.00", "100.00", "2020.00")
    ])
    func figuresAreThePlans(_ day: String, _ groceries: String, _ games: String, _ ready: String) throws {
        let figures = try YNABCardFigureTests.expectPlan(Self.files, day, groceries, games, ready)
        // Checking 1000.00 + 500.00 (+ 500.00 in February, − 100.00 to Amex, + 500.00 in
        // March); Visa −80.00; Amex −50.00 − 70.00 (+ 100.00 in February).
        let balances = ["2026-01-31": ("1500.00", "-120.00"), "2026-02-28": ("1900.00", "-20.00"), "2026-03-31": ("2400.00", "-20.00")]
        let (checking, amex) = try #require(balances[day])
        #expect(figures.balances == ["Checking": Self.money(checking), "Visa": Self.money("-80.00"), "Amex": Self.money(amex)])
    }

    /// Each card's payment category, as YNAB's plan says it, is what the card owes less
    /// what no money holds on it, from the day of the purchase (YNAB leaves an unfunded
    /// purchase out of the payment category at once). Groceries' 30.00 over falls on its
    /// last card spending, Amex's 50.00 (Visa's 80.00 came first, funded in full); Games'
    /// 20.00 on Amex: Amex 50.00 no money holds.
    @Test(arguments: [
        // January's end: Visa 80.00 − 0.00 = 80.00; Amex 120.00 − 50.00 = 70.00.
        ("2026-01-31", "80.00", "70.00"),
        // February's end: Amex owes 120.00 − 100.00 = 20.00, less its 50.00: −30.00.
        ("2026-02-28", "80.00", "-30.00"),
        // March: ready to assign paid 30.00; Amex 20.00 − 20.00 = 0.00.
        ("2026-03-31", "80.00", "0.00")
    ])
    func eachCardsPaymentCategoryIsThePlans(_ day: String, _ visaHeld: String, _ amex: String) throws {
        let result = try AppExportGoldenTests.convert(Self.files, AppExportOptions())
        let (model, _) = try AppExportGoldenTests.interpret(result, today: CivilDate(iso: day)!)
        let equation = try #require(model.envelopeEquation(at: CivilDate(iso: day)!, rates: ExchangeRates(model)))
        let held = Dictionary(uniqueKeysWithValues: equation.cardFigures.map { (model.wallets[$0.wallet].name, $0.held) })
        // Visa never has debt no money holds: no figure of its own, all it owes is held.
        let visa = try #require(model.wallets.firstIndex { $0.name == "Visa" })
        let visaOwes = model.balance(of: visa, at: CivilDate(iso: day)!).negated
        #expect(held["Visa"] == nil && visaOwes == Self.money(visaHeld), "\(day)")
        #expect(held["Amex"] == Self.money(amex), "\(day)")
    }
}
