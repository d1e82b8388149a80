import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Never an empty success: a CSV that is no export Tally reads is refused with what it
/// looks like (it was read as a journal of nothing, every line listed, at exit 0), and a
/// conversion that gives no wallet, or none that moves, says so. The exports are shaped
/// from each app's public description of its columns.
@Suite struct UnrecognisedInputTests {
    /// `files` (path → text) converted as `tally convert` does, without `--from`.
    static func convert(_ files: [String: String]) throws -> ConversionResult {
        try ConvertInputs.convert(
            paths: files.keys.sorted(), options: ConversionOptions(), app: AppExportOptions(), budgetPath: "converted.tally"
        ) { files[$0]! }
    }

    /// The refusal's words for `files`, nil when they converted.
    static func refusal(_ files: [String: String]) -> String? {
        do {
            _ = try convert(files)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Tables no app Tally reads exports.
    static let exports: [(file: String, text: String)] = [
        ("budget.csv", "Date,Thing,Value\r\n2026-03-01,Bread,2.50\r\n2026-03-02,Milk,1.10\r\n"),
        ("statement.csv", "Booking date;Text;Amount;Balance\n14.03.2026;Shop;-12,50;987,50\n")
    ]

    /// Each export is refused with its columns, the apps Tally reads and `--from`: never
    /// read as a journal.
    @Test(arguments: 0 ..< exports.count)
    func anExportTallyDoesNotReadIsRefused(_ i: Int) throws {
        let export = Self.exports[i]
        let refusal = try #require(Self.refusal([export.file: export.text]))
        #expect(refusal.contains("is a CSV table with the columns"), "\(refusal)")
        #expect(refusal.contains("YNAB, Goodbudget, Spendee, Wallet by BudgetBakers, YNAB 4, Monefy") && refusal.contains("--from"), "\(refusal)")
    }

    /// The exports once refused by name (YNAB 4, Monefy, Money Lover, Toshl, Mint, Actual,
    /// Money Manager) are read without `--from`: a wallet that moves. Mint's, Actual's and
    /// Money Manager's name no currency, which `--commodity =CODE` gives.
    static let formerlyRefused: [(file: String, text: String, commodity: String?)] = [
        (
            "My Budget-Register.csv",
            "\"Account\",\"Flag\",\"Check Number\",\"Date\",\"Payee\",\"Category\",\"Master Category\",\"Sub Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\",\"Running Balance\"\r\n"
                + "\"Checking\",\"\",\"\",\"03/14/2026\",\"Shop\",\"Everyday: Groceries\",\"Everyday\",\"Groceries\",\"\",$12.50,$0.00,\"C\",$987.50\r\n",
            nil
        ),
        (
            "Monefy.Data.14-03-2026.csv",
            "date;account;category;amount;currency;converted amount;currency;description\n14/03/2026;Cash;Food;-12,50;EUR;-12,50;EUR;Lunch\n", nil
        ),
        ("moneylover.csv", "Id;Date;Category;Amount;Currency;Note;Wallet\n1;14/03/2026;Food;-12.50;EUR;Lunch;Cash\n", nil),
        (
            "toshl_export.csv",
            "\"Date\",\"Account\",\"Category\",\"Tags\",\"Expense amount\",\"Income amount\",\"Currency\",\"In main currency\",\"Main currency\",\"Description\"\n"
                + "\"3/14/2026\",\"Cash\",\"Food\",\"\",\"12.50\",\"0\",\"EUR\",\"12.50\",\"EUR\",\"Lunch\"\n",
            nil
        ),
        (
            "transactions.csv",
            "\"Date\",\"Description\",\"Original Description\",\"Amount\",\"Transaction Type\",\"Category\",\"Account Name\",\"Labels\",\"Notes\"\n"
                + "\"3/14/2026\",\"Corner Shop\",\"POS CORNER SHOP 123\",\"12.50\",\"debit\",\"Groceries\",\"Checking\",\"\",\"\"\n",
            "USD"
        ),
        ("actual-export.csv", "Account,Date,Payee,Notes,Category,Amount,Split_Amount,Cleared\nChecking,2026-03-14,Corner Shop,,Groceries,-12.50,0,true\n", "USD"),
        (
            "money-manager.tsv",
            "Date\tAccount\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\n14/03/2026\tCash\tFood\tLunch\t\t12.50\tExp.\t\n", "EUR"
        )
    ]

    @Test(arguments: 0 ..< formerlyRefused.count)
    func aFormerlyRefusedExportIsRead(_ i: Int) throws {
        let export = Self.formerlyRefused[i]
        var options = ConversionOptions()
        if let commodity = export.commodity { options.commodities = ["": commodity] }
        let result = try ConvertInputs.convert(
            paths: [export.file], options: options, app: AppExportOptions(), budgetPath: "converted.tally"
        ) { _ in export.text }
        #expect(result.lack == nil)
        // −12.50 spent, from the one wallet, in the one category.
        #expect(result.budget.contains("-12.50"), "\(result.budget)")
        if export.commodity != nil {
            // Without it, the export is refused: it names no currency.
            let refusal = Self.refusal([export.file: export.text])
            #expect(refusal?.contains("names no currency; give it with --commodity =CODE") == true, "\(refusal ?? "")")
        }
    }

    /// YNAB 4's budget file alone is YNAB 4's, and asks for its register.
    @Test func aYNAB4BudgetAloneAsksForItsRegister() {
        let budget =
            "\"Month\",\"Category\",\"Master Category\",\"Sub Category\",\"Budgeted\",\"Outflows\",\"Category Balance\"\r\n"
            + "\"Mar 2026\",\"Everyday: Groceries\",\"Everyday\",\"Groceries\",$300.00,-$12.50,$287.50\r\n"
        let refusal = Self.refusal(["My Budget-Budget.csv": budget])
        #expect(refusal?.contains("give YNAB's register file") == true, "\(refusal ?? "")")
    }

    /// A table without a telling extension is refused too; a journal without one is read.
    @Test func contentTellsATableFromAJournal() throws {
        let table = Self.refusal(["money.txt": "date;payee;amount\n2026-03-14;Shop;-12.50\n2026-03-15;Bakery;-3.00\n"])
        #expect(table?.contains("`money.txt` is a CSV table with the columns date, payee, amount") == true, "\(table ?? "")")
        let journal = try Self.convert(["money.txt": "2026-03-14 Shop, Bakery; and more\n    assets:bank    -12.50 EUR\n    expenses:food\n"])
        #expect(journal.budget.contains("2026-03-14 \"Shop, Bakery\"") && journal.budget.contains("-12.50"))
    }

    /// What a conversion lacks, for `tally convert` to refuse it: no wallet, or wallets
    /// that never move; nil for a budget with a transaction, or with an opening alone.
    @Test func aConversionOfNothingSaysWhatItLacks() throws {
        #expect(try Self.convert(["notes.journal": "; nothing here yet\n"]).lack == "no wallet")
        let declared = try Self.convert(["accounts.journal": "account assets:bank\naccount expenses:food\n"])
        #expect(declared.lack == "no transaction or opening")
        let opened = try Self.convert(["o.journal": "2026-01-01 opening\n    assets:bank    100.00 EUR\n    equity:opening\n"])
        #expect(opened.lack == nil)
        let spent = try Self.convert(["s.journal": "2026-01-02 Shop\n    assets:bank    -1.00 EUR\n    expenses:food\n"])
        #expect(spent.lack == nil)
    }
}
