import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// YNAB writes its register newest first: an account's `Starting Balance` row comes after
/// the rows of the same day, and still opens the wallet (it was left out as "equity after
/// a wallet's first movement", and the balance was short by it, at exit 0).
@Suite struct YNABRegisterOrderTests {
    static let header = "\u{FEFF}\"Account\",\"Flag\",\"Date\",\"Payee\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\"\r\n"

    /// The figures of a register given alone, at the end of 2026-03-31.
    static func balances(_ rows: [String]) throws -> (balances: [String: Money], leftOut: [String]) {
        let register = header + rows.map { $0 + "\r\n" }.joined()
        let result = try AppExportConverter.convert(paths: ["b - Register.csv"], budgetPath: "converted.tally") { _ in register }
        let figures = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!)
        return (figures.balances, result.leftOut.map(\.reason))
    }

    /// The minimal form: a purchase and, below it, the same day's starting balance.
    @Test func aStartingBalanceBelowItsDaysPurchaseOpensTheWallet() throws {
        let (balances, leftOut) = try Self.balances([
            #""Checking","","03/25/2026","Corner Shop","Everyday: Groceries","Everyday","Groceries","",$10.00,$0.00,"Cleared""#,
            #""Checking","","03/25/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$100.00,"Cleared""#
        ])
        // 100.00 (starting balance) − 10.00 (the purchase) = 90.00, not −10.00.
        #expect(balances == ["Checking": Money("90.00")!])
        #expect(!leftOut.contains { $0.contains("equity") })
    }

    /// A transfer between two accounts on the day both open, above both openings.
    @Test func aSameDayTransferAboveBothOpenings() throws {
        let (balances, leftOut) = try Self.balances([
            #""Checking","","03/20/2026","Transfer : Savings","","","","",$300.00,$0.00,"Cleared""#,
            #""Savings","","03/20/2026","Transfer : Checking","","","","",$0.00,$300.00,"Cleared""#,
            #""Savings","","03/20/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$5000.00,"Cleared""#,
            #""Checking","","03/20/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$1000.00,"Cleared""#
        ])
        // Checking: 1000.00 − 300.00 = 700.00; Savings: 5000.00 + 300.00 = 5300.00.
        #expect(balances == ["Checking": Money("700.00")!, "Savings": Money("5300.00")!])
        #expect(!leftOut.contains { $0.contains("equity") })
    }
}
