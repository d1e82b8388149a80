import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// A YNAB plan's figures where the register has no rows to check them by: a month with
/// nothing but an assignment, and a closed card's hidden payment category.
@Suite struct YNABPlanFigureTests {
    static let planHeader = "\u{FEFF}\"Month\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Assigned\",\"Activity\",\"Available\"\r\n"

    static func convert(register rows: [String], plan: [String]) throws -> ConversionResult {
        let register = YNABRegisterOrderTests.header + rows.map { $0 + "\r\n" }.joined()
        let plan = Self.planHeader + plan.map { $0 + "\r\n" }.joined()
        return try AppExportConverter.convert(paths: ["b - Register.csv", "b - Plan.csv"], budgetPath: "converted.tally") {
            $0.contains("Plan") ? plan : register
        }
    }

    static let opening = #""Checking","","01/15/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,"$3,000.00","Cleared""#

    /// Money taken out of a category in a month without a register row keeps its sign.
    @Test func aMonthWithoutRegisterRowsKeepsTheFilesSign() throws {
        let result = try Self.convert(
            register: [Self.opening],
            plan: [
                #""Jan 2026","Bills: Rent","Bills","Rent",$0.00,$0.00,$0.00"#,
                #""Feb 2026","Bills: Rent","Bills","Rent","-$1,055.00",$0.00,"-$1,055.00""#,
                #""Mar 2026","Bills: Rent","Bills","Rent",$0.00,$0.00,$0.00"#
            ])
        // February: 0.00 carried + (−1055.00) assigned + 0.00 activity = −1055.00, as the file says.
        let february = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 2, day: 28)!)
        #expect(february.available["Rent"] == Money("-1055.00")!)
        // March: YNAB starts an overspent category at 0.00: 0.00 + 0.00 + 0.00 = 0.00.
        let march = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!)
        #expect(march.available["Rent"] == Money("0.00")!)
        #expect(!result.leftOut.contains { $0.reason.contains("do not add up") || $0.reason.contains("the plan's activity") })
    }

    /// A closed card's payment category is hidden (`Hidden Categories: Old Visa`) and
    /// YNAB shows it as 0.00; it was an envelope of its own, holding the 35.00 the plan
    /// assigned to it.
    @Test func aClosedCardsHiddenPaymentCategoryHoldsNothing() throws {
        let result = try Self.convert(
            register: [
                #""Checking","","02/13/2026","Transfer : Old Visa","","","","","$200.00",$0.00,"Cleared""#,
                #""Old Visa","","02/13/2026","Transfer : Checking","","","","",$0.00,"$200.00","Cleared""#,
                #""Old Visa","","01/20/2026","Phone Co","Bills: Phone","Bills","Phone","","$200.00",$0.00,"Cleared""#,
                Self.opening
            ],
            plan: [
                #""Jan 2026","Bills: Phone","Bills","Phone",$200.00,-$200.00,$0.00"#,
                #""Jan 2026","Hidden Categories: Old Visa","Hidden Categories","Old Visa",$35.00,$200.00,$235.00"#,
                #""Feb 2026","Bills: Phone","Bills","Phone",$0.00,$0.00,$0.00"#,
                #""Feb 2026","Hidden Categories: Old Visa","Hidden Categories","Old Visa",$0.00,-$200.00,$35.00"#,
                #""Mar 2026","Bills: Phone","Bills","Phone",$0.00,$0.00,$0.00"#,
                #""Mar 2026","Hidden Categories: Old Visa","Hidden Categories","Old Visa",$0.00,$0.00,$35.00"#
            ])
        let march = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!)
        // Phone: 200.00 assigned − 200.00 spent = 0.00; no envelope for the closed card.
        #expect(march.available == ["Phone": Money("0.00")!])
        // Checking: 3000.00 − 200.00 (the card paid off) = 2800.00; Old Visa: −200.00 + 200.00 = 0.00.
        #expect(march.balances == ["Checking": Money("2800.00")!, "Old Visa": Money("0.00")!])
        // The closed card is a card still: a credit wallet, as an open card's is.
        #expect(result.budget.contains("wallet 'Old Visa'  credit"))
        let listed = result.leftOut.map(\.reason).filter { $0.contains("closed card") }
        #expect(listed == ["the hidden payment category of the closed card `Old Visa`: YNAB shows it as 0.00 (the plan's last month says 35.00), Tally has none"])
    }
}
