import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Goodbudget's split rows: `Details` holds the parts, `ENVELOPE|AMOUNT||ENVELOPE|AMOUNT`.
/// Converted as one transaction with a split line per envelope when every part names an
/// envelope of the export and the parts come to the row's amount; listed otherwise.
@Suite struct GoodbudgetSplitTests {
    /// March's pay (500.00), Groceries filled with 100.00 and Household with 50.00, and a
    /// split at Target of 26.10 whose `Details` is `details`.
    static func convert(_ details: String) throws -> ConversionResult {
        let text =
            "Date,Envelope,Account,Name,Notes,Amount,Status,Details\n"
            + "03/01/2026,[Unallocated],Checking,ACME,pay,500.00,Cleared,\n03/01/2026,Groceries,,Fill,,100.00,,\n03/01/2026,[Unallocated],,Fill,,-100.00,,\n"
            + "03/01/2026,Household,,Fill,,50.00,,\n03/01/2026,[Unallocated],,Fill,,-50.00,,\n"
            + "03/14/2026,,Checking,Target,,-26.10,Cleared,\"\(details)\"\n"
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        return try AppExportConverter.convert(paths: ["goodbudget.csv"], options: options, budgetPath: "converted.tally") { _ in text }
    }

    static let day = CivilDate(year: 2026, month: 3, day: 31)!

    /// Signed parts, unsigned parts, a part named with its group: the same figures.
    @Test(arguments: ["Groceries|-20.00||Household|-6.10", "Groceries|20.00||Household|6.10", "Food: Groceries|-20.00||Household|-6.10"])
    func aSplitSpendsFromEachEnvelope(_ details: String) throws {
        let result = try Self.convert(details)
        #expect(!result.leftOut.contains { $0.source.line == 7 }, "\(result.leftOut.map(\.reason))")
        let figures = try AppExportFigureTests.figures(result, at: Self.day)
        // Checking: 500.00 − 26.10 = 473.90
        #expect(figures.balances == ["Checking": Money("473.90")!])
        // Groceries: 100.00 − 20.00 = 80.00; Household: 50.00 − 6.10 = 43.90
        #expect(figures.available == ["Groceries": Money("80.00")!, "Household": Money("43.90")!])
        // Ready to assign: 500.00 − 100.00 − 50.00 = 350.00
        #expect(figures.readyToAssign == Money("350.00")!)
        #expect(result.budget.contains("2026-03-14 \"Target\"      Checking                  -26.10\n    Groceries  -20.00\n    Household   -6.10\n"), "\(result.budget)")
    }

    /// A purchase with a return in one split: the parts keep their signs.
    @Test func aSplitWithAReturnKeepsEachSign() throws {
        let result = try Self.convert("Groceries|-30.00||Household|3.90")
        let figures = try AppExportFigureTests.figures(result, at: Self.day)
        // Checking: 500.00 − 26.10 = 473.90; Groceries: 100.00 − 30.00 = 70.00;
        // Household: 50.00 + 3.90 = 53.90
        #expect(figures.balances == ["Checking": Money("473.90")!])
        #expect(figures.available == ["Groceries": Money("70.00")!, "Household": Money("53.90")!])
    }

    /// Parts that do not come to the amount, a part in an envelope nothing else names, and
    /// parts that are not `ENVELOPE|AMOUNT`: the row is listed, Checking keeps only the pay.
    @Test(arguments: [
        ("Groceries|-20.00||Household|-6.00", "a split whose parts (`Details`) come to -26.00, not to its amount -26.10"),
        ("Groceries|-20.00||Garden|-6.10", "a split part in `Garden`, an envelope no other row of the export names"),
        ("Groceries 20.00, Household 6.10", "a split whose `Details` (`Groceries 20.00, Household 6.10`) is not `ENVELOPE|AMOUNT||…`")
    ])
    func aSplitTheExportDoesNotProveIsListed(_ details: String, _ reason: String) throws {
        let result = try Self.convert(details)
        #expect(result.leftOut.map { "\($0.source.line): \($0.reason)" }.contains("7: " + reason), "\(result.leftOut.map(\.reason))")
        #expect(!result.budget.contains("expense Garden") && !result.budget.contains("Checking  -26.10"), "\(result.budget)")
        #expect(try AppExportFigureTests.figures(result, at: Self.day).balances == ["Checking": Money("500.00")!])
    }
}
