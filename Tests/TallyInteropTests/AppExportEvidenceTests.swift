import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// What an export says about itself decides what the dates, currencies and transfers
/// are: the plan's months the order of ambiguous dates, the app's currency symbols their
/// codes, Spendee's transfer types transfers. Exports shaped from the apps' public
/// descriptions; figures computed by hand.
@Suite struct AppExportEvidenceTests {
    static let registerHeader = #""Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared""#
    static let planHeader = #""Month","Category Group/Category","Category Group","Category","Assigned","Activity","Available""#

    /// `files` (path → lines) converted as an app's export.
    static func convert(_ files: [String: [String]], _ options: AppExportOptions = AppExportOptions()) throws -> ConversionResult {
        let texts = files.mapValues { "\u{FEFF}" + $0.joined(separator: "\r\n") + "\r\n" }
        return try AppExportConverter.convert(paths: texts.keys.sorted(), options: options, budgetPath: "converted.tally") { texts[$0]! }
    }

    static let march31 = CivilDate(year: 2026, month: 3, day: 31)!

    /// Every day 1–12: `03/01/2026` is March 1st or January 3rd. The plan's months (March
    /// alone) leave one reading.
    @Test func thePlansMonthsDecideTheDateOrder() throws {
        let register = [
            Self.registerHeader,
            #""Checking","","03/02/2026","Corner Shop","Everyday: Groceries","Everyday","Groceries","",$12.50,$0.00,"Cleared""#,
            #""Checking","","03/01/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$1000.00,"Cleared""#
        ]
        let plan = [Self.planHeader, #""Mar 2026","Everyday: Groceries","Everyday","Groceries",$100.00,-$12.50,$87.50"#]
        #expect(throws: AppExportError.self) { try Self.convert(["b - Register.csv": register]) }
        let result = try Self.convert(["b - Register.csv": register, "b - Plan.csv": plan])
        #expect(result.budget.contains("opening 1000.00 on 2026-03-01"), "\(result.budget)")
        let figures = try AppExportFigureTests.figures(result, at: Self.march31)
        // Checking: 1000.00 − 12.50 = 987.50; Groceries: 100.00 assigned − 12.50 = 87.50.
        #expect(figures.balances == ["Checking": Money("987.50")!])
        #expect(figures.available == ["Groceries": Money("87.50")!])
    }

    /// Symbols the apps write for their currencies: `RM` is MYR (not a code), `zł` PLN,
    /// `Kč` CZK, `R$` BRL.
    @Test(arguments: [("RM1000.00", "RM12.50", "MYR"), ("1000,00 zł", "12,50 zł", "PLN"), ("1 000,00 Kč", "12,50 Kč", "CZK"), ("R$ 1.000,00", "R$ 12,50", "BRL")])
    func anAppsCurrencySymbolIsItsCode(_ opening: String, _ spent: String, _ code: String) throws {
        let zero = spent.replacingOccurrences(of: "12", with: "0").replacingOccurrences(of: "50", with: "00")
        let register = [
            Self.registerHeader,
            #""Checking","","03/20/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","","\#(zero)","\#(opening)","Cleared""#,
            #""Checking","","03/21/2026","Corner Shop","Everyday: Groceries","Everyday","Groceries","","\#(spent)","\#(zero)","Cleared""#
        ]
        let result = try Self.convert(["b - Register.csv": register])
        #expect(result.budget.contains("currency \(code)"), "\(result.budget)")
        #expect(!result.leftOut.contains { $0.reason.contains("commodity") || $0.reason.contains("currency") }, "\(result.leftOut)")
        // 1000.00 − 12.50 = 987.50, in the wallet's currency.
        #expect(try AppExportFigureTests.figures(result, at: Self.march31).balances == ["Checking": Money("987.50")!])
    }

    /// `$1.000,00` is no US dollar as YNAB writes it: refused until the currency is named.
    @Test func aDollarSignWithADecimalCommaIsNotTakenForUSD() throws {
        let register = [
            Self.registerHeader,
            #""Checking","","03/20/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0,00,"$1.000.000,00","Cleared""#,
            #""Checking","","03/21/2026","Tienda","Everyday: Groceries","Everyday","Groceries","","$12.500,00",$0,00,"Cleared""#
        ].map { $0.replacingOccurrences(of: "$0,00", with: "\"$0,00\"") }
        #expect {
            try Self.convert(["b - Register.csv": register])
        } throws: { "\($0)".contains("--commodity '$=CODE'") }
        var options = AppExportOptions()
        options.conversion.commodities = ["$": "COP"]
        let result = try Self.convert(["b - Register.csv": register], options)
        #expect(result.budget.contains("currency COP"))
        // 1,000,000.00 − 12,500.00 = 987,500.00 pesos.
        #expect(try AppExportFigureTests.figures(result, at: Self.march31).balances == ["Checking": Money("987500.00")!])
    }

    /// YNAB's month rule: cash overspending resets the category and is taken from the next
    /// month's Ready to Assign; credit overspending YNAB makes card debt instead.
    /// `rollover unspent` does both (Grammar.md §4, "Credit overspending"): nothing listed.
    @Test func overspendingFollowsYNABsMonthRule() throws {
        func convert(_ account: String) throws -> ConversionResult {
            let register = [
                Self.registerHeader,
                #""Checking","","01/01/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$100.00,"Cleared""#,
                #""Checking","","01/02/2026","ACME","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,$50.00,"Cleared""#,
                #""\#(account)","","01/14/2026","Shop","Food: Groceries","Food","Groceries","",$30.00,$0.00,"Cleared""#
            ]
            let plan = [
                Self.planHeader, #""Jan 2026","Credit Card Payments: Visa","Credit Card Payments","Visa",$0.00,$0.00,$0.00"#,
                #""Jan 2026","Food: Groceries","Food","Groceries",$20.00,-$30.00,-$10.00"#,
                #""Feb 2026","Food: Groceries","Food","Groceries",$20.00,$0.00,$20.00"#
            ]
            return try Self.convert(["b - Register.csv": register, "b - Plan.csv": plan])
        }
        let cash = try convert("Checking")
        #expect(!cash.leftOut.contains { $0.reason.contains("overspent") }, "\(cash.leftOut)")
        let february = try AppExportFigureTests.figures(cash, at: CivilDate(year: 2026, month: 2, day: 28)!)
        // Groceries: 0.00 carried + 20.00 = 20.00 (the plan's Available); ready to assign
        // 100.00 + 50.00 − 20.00 − 20.00 − 10.00 (January's overspending) = 100.00, and
        // Checking 150.00 − 30.00 = 120.00 = 100.00 + 20.00.
        #expect(february.available["Groceries"] == Money("20.00")! && february.readyToAssign == Money("100.00")!)
        let card = try convert("Visa")
        #expect(!card.leftOut.contains { $0.reason.contains("overspent") }, "\(card.leftOut)")
        let onCard = try AppExportFigureTests.figures(card, at: CivilDate(year: 2026, month: 2, day: 28)!)
        // Groceries 20.00 again; ready to assign 100.00 + 50.00 − 20.00 − 20.00 = 110.00:
        // January's 10.00 over was all on Visa, card debt that no money holds (Checking
        // 150.00 − Visa 30.00 + 10.00 = 130.00 = 110.00 + 20.00).
        #expect(onCard.available["Groceries"] == Money("20.00")! && onCard.readyToAssign == Money("110.00")!)
    }

    /// Spendee's transfer rows (`Outgoing Transfer`, `Incoming Transfer`) are one transfer
    /// between the wallets, not a `Transfer` category with a refund.
    @Test func spendeesTransferTypesAreOneTransfer() throws {
        let export = [
            "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author",
            "2026-03-01T08:00:00+01:00,Bank,Income,Salary,850.00,EUR,,,Mia",
            "2026-03-05T18:00:00+01:00,Bank,Outgoing Transfer,Transfer,-50.00,EUR,,,Mia",
            "2026-03-05T18:00:00+01:00,Cash,Incoming Transfer,Transfer,50.00,EUR,,,Mia",
            "2026-03-06T10:00:00+01:00,Cash,Expense,Food & Drink,-2.90,EUR,,,Mia"
        ]
        let result = try Self.convert(["spendee.csv": export])
        // Bank: 850.00 − 50.00 = 800.00; Cash: 50.00 − 2.90 = 47.10.
        #expect(try AppExportFigureTests.figures(result, at: Self.march31).balances == ["Bank": Money("800.00")!, "Cash": Money("47.10")!])
        #expect(result.budget.components(separatedBy: "transfer").count == 2, "\(result.budget)")
        #expect(!result.budget.contains("#refund") && !result.budget.contains("expense Transfer"), "\(result.budget)")
    }
}
