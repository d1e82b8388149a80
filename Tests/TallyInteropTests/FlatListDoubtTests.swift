import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// What the newly read apps' rows may hold that no reading settles: listed with its line,
/// never guessed into a figure.
@Suite struct FlatListDoubtTests {
    static func convert(_ file: String, _ text: String, commodity: String? = nil) throws -> ConversionResult {
        var options = AppExportOptions()
        if let commodity { options.conversion.commodities = ["": commodity] }
        return try AppExportConverter.convert(paths: [file], options: options, budgetPath: "converted.tally") { _ in text }
    }

    static func listed(_ result: ConversionResult) -> [String] { result.leftOut.map { "\($0.source.line): \($0.reason)" } }

    /// Money Manager's `Income/Expense` word and Mint's `Transaction Type` decide the sign:
    /// a word neither knows, or a signed amount where none is written, is listed.
    @Test func aSignNoWordTellsIsListed() throws {
        let manager = try Self.convert(
            "mm.tsv",
            "Date\tAccount\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\n"
                + "2026-03-02\tCash\tFood\t\tlunch\t8.50\tExp.\t\n2026-03-03\tCash\tFood\t\tsnack\t2.00\tRefund?\t\n",
            commodity: "EUR")
        #expect(Self.listed(manager).contains("3: a row whose date, amount or type cannot be read"))
        #expect(manager.budget.contains("-8.50") && !manager.budget.contains("2.00"))
        let mint = try Self.convert(
            "transactions.csv",
            "\"Date\",\"Description\",\"Original Description\",\"Amount\",\"Transaction Type\",\"Category\",\"Account Name\",\"Labels\",\"Notes\"\n"
                + "\"3/14/2026\",\"Shop\",\"SHOP\",\"-12.50\",\"debit\",\"Groceries\",\"Checking\",\"\",\"\"\n"
                + "\"3/15/2026\",\"Shop\",\"SHOP\",\"3.00\",\"debit\",\"Groceries\",\"Checking\",\"\",\"\"\n",
            commodity: "USD")
        // −12.50 with `debit`: money out twice over, or a refund? Listed.
        #expect(Self.listed(mint).contains("2: a row whose date, amount or type cannot be read"))
        #expect(mint.budget.contains("-3.00") && !mint.budget.contains("12.50"))
    }

    /// A transfer the app marks whose other side is not in the export is listed: the
    /// money left one wallet for a place the export does not show.
    @Test func aMarkedTransferWithoutItsOtherSideIsListed() throws {
        let monefy = try Self.convert(
            "Monefy.Data.csv",
            "date;account;category;amount;currency;converted amount;currency;description\n"
                + "14/03/2026;Cash;To 'Savings';-20,00;EUR;-20,00;EUR;\n15/03/2026;Cash;Food;-2,50;EUR;-2,50;EUR;\n")
        // `Savings` has no row: `To 'Savings'` reads as a category, as Monefy shows it
        // in Cash's list, never as half a transfer.
        #expect(monefy.budget.contains("2026-03-14 Cash  'To \\'Savings\\''  -20.00"), "\(monefy.budget)")
        #expect(!monefy.budget.contains("transfer"))
        let lover = try Self.convert(
            "ml.csv", "Id;Date;Category;Amount;Currency;Note;Wallet\n1;14/03/2026;Outgoing Transfer;-20.00;EUR;;Cash\n2;15/03/2026;Food;-2.50;EUR;;Cash\n")
        #expect(Self.listed(lover).contains("2: a transfer whose other side is not in the export"))
    }
}
