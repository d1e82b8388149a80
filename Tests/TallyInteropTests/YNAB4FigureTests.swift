import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// YNAB 4's export (a register and a budget file): each account's balance and each
/// category's balance at the end of every month of the file, as YNAB 4 computes them by
/// hand: last month's balance (cash overspending reset to 0.00, taken from next month's
/// Available to Budget) + budgeted + outflows.
@Suite struct YNAB4FigureTests {
    static let files = ["ynab4-household as of 2026-03-31 0930 PM-Register.csv", "ynab4-household as of 2026-03-31 0930 PM-Budget.csv"]

    static func money(_ text: String) -> Money { Money(text)! }

    static func figures(at day: CivilDate) throws -> AppExportFigureTests.Figures {
        try AppExportFigureTests.figures(try AppExportGoldenTests.convert(files, AppExportOptions()), at: day)
    }

    @Test func balancesAreTheApps() throws {
        let march = try Self.figures(at: CivilDate(year: 2026, month: 3, day: 31)!)
        // Checking: 1000.00 (starting balance) + 3 × 2500.00 (pay) − 3 × 1200.00 (rent) − 320.00
        //   − 200.00 (to Savings) − 150.00 − 40.00 (the Costco split) − 260.00 = 3930.00,
        //   the register's last running balance
        // Savings: 2000.00 + 200.00 = 2200.00
        #expect(march.balances == ["Checking": Self.money("3930.00"), "Savings": Self.money("2200.00")])
    }

    /// Every category's balance at the end of every month, the budget file's `Category
    /// Balance` column.
    @Test(arguments: [
        // Rent: 1200 − 1200 each month. Groceries: 300 − 320 = −20 (overspent in cash);
        // February starts at 0: 300 − 150 = 150; March 150 + 300 − 260 = 190.
        // Household Goods: 50; 50 − 40 = 10; 10. Vacation: 100, 200, 300.
        (1, ["Rent": "0.00", "Groceries": "-20.00", "Household Goods": "50.00", "Vacation": "100.00"]),
        (2, ["Rent": "0.00", "Groceries": "150.00", "Household Goods": "10.00", "Vacation": "200.00"]),
        (3, ["Rent": "0.00", "Groceries": "190.00", "Household Goods": "10.00", "Vacation": "300.00"])
    ])
    func categoryBalancesAreTheApps(month: Int, expected: [String: String]) throws {
        let end = CivilDate(year: 2026, month: month, day: [31, 28, 31][month - 1])!
        let figures = try Self.figures(at: end)
        #expect(figures.available == expected.mapValues(Self.money))
    }

    /// Available to budget at the end of March: income (3000.00 of starting balances,
    /// 3 × 2500.00 pay = 10500.00) − budgeted (1650.00 + 1600.00 + 1600.00 = 4850.00) −
    /// January's cash overspending (20.00) = 5630.00; with what the categories hold
    /// (0 + 190 + 10 + 300 = 500.00) it is the money in the accounts: 6130.00.
    @Test func availableToBudgetIsTheApps() throws {
        let march = try Self.figures(at: CivilDate(year: 2026, month: 3, day: 31)!)
        #expect(march.readyToAssign == Self.money("5630.00"))
        let held = march.available.values.reduce(Money.zero) { $0.adding($1) ?? $0 }
        #expect(march.readyToAssign?.adding(held) == Self.money("6130.00"))
    }

    /// Income YNAB 4 keeps for next month, without the budget file: its money is in the
    /// wallet on its day, and that it is not held for the next month is listed.
    @Test func incomeForNextMonthIsListed() throws {
        let header = "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
        let register =
            header
            + "\"Checking\",\"\",\"\",\"01/28/2026\",\"Employer\",\"Income: Available next month\",\"Income\",\"Available next month\",\"\",$0.00,$2500.00,\"C\",$3500.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$1000.00,\"R\",$1000.00\r\n"
        let result = try AppExportConverter.convert(paths: ["b-Register.csv"], budgetPath: "converted.tally") { _ in register }
        #expect(
            result.leftOut.map { "\($0.source.line): \($0.reason)" }.contains(
                "2: income marked `Available next month`: Tally counts it in ready to assign on its day, YNAB 4 in the next month"))
        // The register's running balance: 1000.00 + 2500.00 = 3500.00.
        let january = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(january.balances == ["Checking": Self.money("3500.00")])
    }

    /// With the budget file, income marked `Available next month` is held by an envelope
    /// until the month ends, so ready to assign counts it in the next month, as YNAB 4's
    /// Available to Budget does; nothing is listed.
    @Test func incomeForNextMonthCountsNextMonth() throws {
        let header = "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
        let register =
            header
            + "\"Checking\",\"\",\"\",\"01/28/2026\",\"Employer\",\"Income: Available next month\",\"Income\",\"Available next month\",\"\",$0.00,$2500.00,\"C\",$3500.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$1000.00,\"R\",$1000.00\r\n"
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Jan 2026\",\"Bills: Rent\",\"Bills\",\"Rent\",$300.00,$0.00,$300.00\r\n\"Feb 2026\",\"Bills: Rent\",\"Bills\",\"Rent\",$300.00,$0.00,$600.00\r\n"
        let files = ["b-Register.csv": register, "b-Budget.csv": budget]
        let result = try AppExportConverter.convert(paths: files.keys.sorted(), budgetPath: "converted.tally") { files[$0]! }
        #expect(!result.leftOut.contains { $0.reason.contains("next month") }, "\(result.leftOut)")
        // January: Available to Budget 1000.00 − 300.00 = 700.00 (the 2500.00 is held);
        // February: 700.00 + 2500.00 − 300.00 = 2900.00. Checking 3500.00 all along.
        let january = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(january.readyToAssign == Self.money("700.00") && january.balances == ["Checking": Self.money("3500.00")])
        #expect(january.available["Rent"] == Self.money("300.00") && january.available["Income for next month"] == Self.money("2500.00"))
        let february = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 2, day: 28)!)
        #expect(february.readyToAssign == Self.money("2900.00") && february.available["Rent"] == Self.money("600.00"))
        #expect(february.available["Income for next month"] == Self.money("0.00"))
    }

    /// YNAB 4's `Pre-YNAB Debt`: a card's debt from before the budget is a category whose
    /// negative balance carries, paid down by what is budgeted to it; Available to Budget
    /// never pays it. Plain `rollover` does the same; nothing is listed.
    @Test func preYNABDebtCarriesFromMonthToMonth() throws {
        let header = "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
        let register =
            header
            + "\"Visa\",\"\",\"\",\"01/20/2026\",\"Transfer : Checking\",\"\",\"\",\"\",\"\",$0.00,$100.00,\"C\",-$400.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/20/2026\",\"Transfer : Visa\",\"\",\"\",\"\",\"\",$100.00,$0.00,\"C\",$1100.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/05/2026\",\"Employer\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$200.00,\"C\",$1200.00\r\n"
            + "\"Visa\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",\"\",$500.00,$0.00,\"R\",-$500.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$1000.00,\"R\",$1000.00\r\n"
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Jan 2026\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",$100.00,-$500.00,-$400.00\r\n"
            + "\"Feb 2026\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",$100.00,$0.00,-$300.00\r\n"
        let files = ["b-Register.csv": register, "b-Budget.csv": budget]
        let result = try AppExportConverter.convert(paths: files.keys.sorted(), budgetPath: "converted.tally") { files[$0]! }
        #expect(!result.leftOut.contains { $0.reason.contains("overspent") || $0.reason.contains("add up") }, "\(result.leftOut)")
        #expect(result.budget.contains("for 'Pre-YNAB Debt:Visa'  rollover\n"), "\(result.budget)")
        // January: the debt 100.00 − 500.00 = −400.00; Available to Budget 1000.00 + 200.00
        // − 100.00 = 1100.00. February: −400.00 + 100.00 = −300.00 (carried, not reset);
        // 1100.00 − 100.00 = 1000.00. Checking 1100.00 + Visa −400.00 = 700.00 = 1000.00 −
        // 300.00.
        let january = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(january.available["Visa"] == Self.money("-400.00") && january.readyToAssign == Self.money("1100.00"))
        let february = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 2, day: 28)!)
        #expect(february.available["Visa"] == Self.money("-300.00") && february.readyToAssign == Self.money("1000.00"))
        #expect(february.balances == ["Checking": Self.money("1100.00"), "Visa": Self.money("-400.00")])
    }

    /// YNAB 4's export does not say which accounts are cards: overspending with spending
    /// from an account that goes below zero is listed (YNAB 4 makes a card's overspending
    /// debt, Tally takes it from ready to assign); cash overspending is not, the rules agree.
    @Test func overspendingFromAnAccountBelowZeroIsListed() throws {
        let header = "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
        func row(_ account: String, _ date: String, _ payee: String, _ sub: String, out: String, in inflow: String) -> String {
            let master = sub.hasPrefix("Available") ? "Income" : "Fun"
            return "\"\(account)\",\"\",\"\",\"\(date)\",\"\(payee)\",\"\(master): \(sub)\",\"\(master)\",\"\(sub)\",\"\",$\(out),$\(inflow),\"C\",$0.00\r\n"
        }
        let register =
            header + row("Visa", "01/20/2026", "Bistro", "Dining", out: "80.00", in: "0.00") + row("Checking", "01/14/2026", "Cinema", "Movies", out: "30.00", in: "0.00")
            + row("Checking", "01/01/2026", "Starting Balance", "Available this month", out: "0.00", in: "500.00")
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Jan 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,-$80.00,-$30.00\r\n\"Jan 2026\",\"Fun: Movies\",\"Fun\",\"Movies\",$20.00,-$30.00,-$10.00\r\n"
            + "\"Feb 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,$0.00,$50.00\r\n\"Feb 2026\",\"Fun: Movies\",\"Fun\",\"Movies\",$20.00,$0.00,$20.00\r\n"
        let files = ["b-Register.csv": register, "b-Budget.csv": budget]
        let result = try AppExportConverter.convert(paths: files.keys.sorted(), budgetPath: "converted.tally") { files[$0]! }
        let listed = result.leftOut.map(\.reason).filter { $0.contains("overspent") }
        // Visa: 0 − 80.00 = −80.00 on 2026-01-20, below zero; Checking: 500.00 − 30.00.
        #expect(
            listed == [
                "`Dining` overspent by 30.00 at the end of 2026-01 with spending from an account that goes below zero (a card? YNAB 4's export does not say): YNAB makes credit overspending card debt, Tally takes all overspending from ready to assign"
            ])
    }

    /// A budget with Visa, whose 500.00 starting balance is `Pre-YNAB Debt: Visa`, and
    /// 80.00 of Dining (50.00 budgeted) spent on it in January; `paid`, Visa paid in full
    /// (580.00) on 10 February.
    static func cardBudget(paid: Bool) throws -> ConversionResult {
        let header = "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
        let payment =
            "\"Visa\",\"\",\"\",\"02/10/2026\",\"Transfer : Checking\",\"\",\"\",\"\",\"\",$0.00,$580.00,\"C\",$0.00\r\n"
            + "\"Checking\",\"\",\"\",\"02/10/2026\",\"Transfer : Visa\",\"\",\"\",\"\",\"\",$580.00,$0.00,\"C\",$620.00\r\n"
        let register =
            header + (paid ? payment : "")
            + "\"Visa\",\"\",\"\",\"01/20/2026\",\"Bistro\",\"Fun: Dining\",\"Fun\",\"Dining\",\"\",$80.00,$0.00,\"C\",-$580.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/05/2026\",\"Employer\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$200.00,\"C\",$1200.00\r\n"
            + "\"Visa\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",\"\",$500.00,$0.00,\"R\",-$500.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$1000.00,\"R\",$1000.00\r\n"
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Jan 2026\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",$0.00,-$500.00,-$500.00\r\n\"Jan 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,-$80.00,-$30.00\r\n"
            + "\"Feb 2026\",\"Pre-YNAB Debt: Visa\",\"Pre-YNAB Debt\",\"Visa\",$0.00,$0.00,-$500.00\r\n\"Feb 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,$0.00,$50.00\r\n"
        let files = ["b-Register.csv": register, "b-Budget.csv": budget]
        return try AppExportConverter.convert(paths: files.keys.sorted(), budgetPath: "converted.tally") { files[$0]! }
    }

    /// YNAB 4 books a card's starting balance to `Pre-YNAB Debt: CARD`: the account it
    /// names is a card, a credit wallet, and its overspending is card debt as YNAB 4
    /// makes it (not taken from Available to Budget); nothing is listed.
    @Test func aCardNamedByItsPreYNABDebtIsACard() throws {
        let result = try Self.cardBudget(paid: false)
        #expect(result.leftOut.isEmpty, "\(result.leftOut)")
        #expect(result.budget.contains("wallet Visa      credit"), "\(result.budget)")
        // January: Available to Budget 1000.00 + 200.00 − 50.00 = 1150.00 (the Pre-YNAB
        // debt is never taken from it). February: Dining's 30.00 over was on the card:
        // card debt, not taken: 1150.00 − 50.00 = 1100.00 (1070.00 were it cash).
        let january = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 1, day: 31)!)
        #expect(january.readyToAssign == Self.money("1150.00") && january.available["Dining"] == Self.money("-30.00"))
        let february = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 2, day: 28)!)
        #expect(february.readyToAssign == Self.money("1100.00") && february.available["Dining"] == Self.money("50.00"))
        #expect(february.balances == ["Checking": Self.money("1200.00"), "Visa": Self.money("-580.00")])
    }

    /// A YNAB 4 card paid beyond the card debt overspending left on it: YNAB 4 keeps the
    /// debt, Tally's ready to assign pays what was paid beyond it, so the month is listed.
    @Test func aYNAB4CardPaidBeyondItsCardDebtIsListed() throws {
        let result = try Self.cardBudget(paid: true)
        // Dining's 30.00 over in January was on Visa: card debt from 1 February. Visa is
        // paid 580.00 on 10 February and owes 0.00 at February's end, less than 30.00.
        #expect(
            result.leftOut.map(\.reason) == [
                "`Visa` may end 2026-02 owing less than the card debt overspending left on it: YNAB 4 keeps that debt, Tally's ready to assign pays what was paid beyond it"
            ])
    }

    /// A category YNAB 4 keeps overspent into the next month (its red arrow) is not marked
    /// in the export: Tally resets it, and the month whose figures then do not add up is
    /// listed.
    @Test func overspendingCarriedByYNAB4IsListed() throws {
        let register =
            "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
            + "\"Checking\",\"\",\"\",\"01/20/2026\",\"Bistro\",\"Fun: Dining\",\"Fun\",\"Dining\",\"\",$80.00,$0.00,\"C\",$420.00\r\n"
            + "\"Checking\",\"\",\"\",\"01/01/2026\",\"Starting Balance\",\"Income: Available this month\",\"Income\",\"Available this month\",\"\",$0.00,$500.00,\"R\",$500.00\r\n"
        // February: −30.00 carried + 50.00 budgeted = 20.00 in YNAB 4; Tally: 0.00 + 50.00.
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Jan 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,-$80.00,-$30.00\r\n\"Feb 2026\",\"Fun: Dining\",\"Fun\",\"Dining\",$50.00,$0.00,$20.00\r\n"
        let files = ["b-Register.csv": register, "b-Budget.csv": budget]
        let result = try AppExportConverter.convert(paths: files.keys.sorted(), budgetPath: "converted.tally") { files[$0]! }
        #expect(
            result.leftOut.map(\.reason).contains(
                "the plan's figures for `Dining` in 2026-02 do not add up (available is what last month left plus assigned plus activity)"))
    }
}
