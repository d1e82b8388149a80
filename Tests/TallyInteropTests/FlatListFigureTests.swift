import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Monefy, Money Lover, Toshl, Mint, Actual and Money Manager: each export's wallets
/// come to the app's own balances, worked out by hand from the fixtures (the app's
/// balance is its opening, when the export holds one, plus every row of the account);
/// each transfer the app marks is one transfer, counted once in both wallets.
@Suite struct FlatListFigureTests {
    static let day = CivilDate(year: 2026, month: 3, day: 31)!

    static func balances(_ file: String, commodity: String? = nil) throws -> [String: Money] {
        var options = AppExportOptions()
        if let commodity { options.conversion.commodities = ["": commodity] }
        let result = try AppExportGoldenTests.convert([file], options)
        return try AppExportFigureTests.figures(result, at: day).balances
    }

    /// The transfers of a converted budget: `wallet -> wallet` lines.
    static func transfers(_ file: String, commodity: String? = nil) throws -> [String] {
        var options = AppExportOptions()
        if let commodity { options.conversion.commodities = ["": commodity] }
        let budget = try AppExportGoldenTests.convert([file], options).budget
        return budget.split(separator: "\n").filter { $0.contains(" transfer ") }.map { String($0) }
    }

    static func money(_ text: String) -> Money { Money(text)! }

    /// Monefy: semicolons, decimal commas, a no-break space between thousands, days first;
    /// `Initial balance 'Cash'` rows are openings, `To 'Cash'`/`From 'Bank card'` a transfer.
    @Test func monefy() throws {
        let balances = try Self.balances("Monefy.Data.31-03-2026.csv")
        // Cash: 100.00 (initial balance) − 12.50 + 200.00 (from Bank card) − 18.00 = 269.50
        // Bank card: 1 500,00 (initial) + 2 000,00 − 200,00 (to Cash) − 650,00 − 45,80 = 2604.20
        #expect(balances == ["Cash": Self.money("269.50"), "Bank card": Self.money("2604.20")])
        #expect(try Self.transfers("Monefy.Data.31-03-2026.csv").count == 1)
    }

    /// Money Lover: signed amounts, `Outgoing Transfer`/`Incoming Transfer` categories.
    @Test func moneyLover() throws {
        let balances = try Self.balances("moneylover-2026-03.csv")
        // Bank: 1800.00 − 23.40 − 100.00 (to Cash) − 61.75 + 4.99 (refund) = 1619.84
        // Cash: 100.00 − 3.20 = 96.80 (neither has an opening in the export: from 0)
        #expect(balances == ["Bank": Self.money("1619.84"), "Cash": Self.money("96.80")])
        #expect(try Self.transfers("moneylover-2026-03.csv").count == 1)
    }

    /// Toshl: an expense column and an income column, both without sign; quoted amounts
    /// with thousands separators; a `Transfer` pair.
    @Test func toshl() throws {
        let balances = try Self.balances("toshl_export.csv")
        // Bank: 1250.00 − 9.60 − 50.00 (to Cash) − 420.00 = 770.40; Cash: 50.00 − 7.20 = 42.80
        #expect(balances == ["Bank": Self.money("770.40"), "Cash": Self.money("42.80")])
        #expect(try Self.transfers("toshl_export.csv").count == 1)
    }

    /// Mint: amounts without sign, `debit` or `credit`; newest first; a transfer to
    /// Savings and a card payment, each shown in both accounts. Mint names no currency.
    @Test func mint() throws {
        let balances = try Self.balances("mint-transactions.csv", commodity: "USD")
        // Checking: 3200.00 − 1450.00 − 500.00 (to Savings) − 200.00 (card payment) = 1050.00
        // Savings: 500.00; Rewards Visa (a credit wallet: it received a `Credit Card
        // Payment`): −186.42 − 38.15 + 200.00 = −24.57
        #expect(balances == ["Checking": Self.money("1050.00"), "Savings": Self.money("500.00"), "Rewards Visa": Self.money("-24.57")])
        #expect(try Self.transfers("mint-transactions.csv", commodity: "USD").count == 2)
    }

    /// Mint's `Original Description` (the bank's text, which `Description` renames) is
    /// kept as a bank statement's import keeps it: the note when the row has none, else
    /// `description:`; each side of a transfer's.
    @Test func mintKeepsTheBanksText() throws {
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        let budget = try AppExportGoldenTests.convert(["mint-transactions.csv"], options).budget
        let lines = budget.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("2026-03-15 \"Whole Foods\" \"WHOLEFDS MKT 10234\"") }, "\(budget)")
        // `March rent` is the row's note: the bank's `CHECK 1042` is the metadata.
        let rent = try #require(lines.firstIndex { $0.hasPrefix("2026-03-05 \"Landlord\" \"March rent\"") })
        #expect(lines[rent + 1] == "description: \"CHECK 1042\"")
        let payment = try #require(lines.firstIndex { $0.hasPrefix("2026-03-28 \"\" \"ONLINE PAYMENT THANK YOU\"") })
        #expect(lines[payment + 1] == "description: \"CHASE CREDIT CRD AUTOPAY\"")
    }

    /// Actual: newest first, `Starting Balance` rows after their day's rows, a split's
    /// parent (amount 0, its total in `Split_Amount`) beside its parts, a transfer
    /// (payee and category empty) in both accounts. Actual names no currency.
    @Test func actual() throws {
        let balances = try Self.balances("actual-all-accounts.csv", commodity: "USD")
        // Checking: 1200.00 (starting balance) + 2800.00 − 950.00 − 400.00 (to Savings)
        //   − 100.00 − 30.00 (the split's parts; its parent row, 0 with 130.00 in
        //   `Split_Amount`, not counted) = 2520.00
        // Savings: 3000.00 + 400.00 = 3400.00
        #expect(balances == ["Checking": Self.money("2520.00"), "Savings": Self.money("3400.00")])
        #expect(try Self.transfers("actual-all-accounts.csv", commodity: "USD").count == 1)
        // The split is one transaction: −130.00 from Checking, in two categories.
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        let budget = try AppExportGoldenTests.convert(["actual-all-accounts.csv"], options).budget
        #expect(budget.split(separator: "\n").filter { $0.contains("Costco") }.map { String($0) } == ["2026-03-20 \"Costco\"            Checking           -130.00"])
        #expect(budget.contains("    Food     -100.00  \"food\"\n    General   -30.00  \"soap\""))
    }

    /// Money Manager (Realbyte): tabs, amounts without sign told by `Income/Expense`
    /// (`Exp.`, `Income`, `Transfer-Out`, `Transfer-In`), subcategories.
    @Test func moneyManager() throws {
        let balances = try Self.balances("moneymanager-2026-03.tsv", commodity: "EUR")
        // Bank Accounts: 2500.00 − 200.00 (to Cash) − 900.00 = 1400.00
        // Cash: 200.00 − 8.50 − 31.20 = 160.30
        #expect(balances == ["Bank Accounts": Self.money("1400.00"), "Cash": Self.money("160.30")])
        #expect(try Self.transfers("moneymanager-2026-03.tsv", commodity: "EUR").count == 1)
        // `Description`, the memo below the note, is each entry's `description:` line; the
        // transfer's stands on its `Transfer-In` row only.
        var options = AppExportOptions()
        options.conversion.commodities = ["": "EUR"]
        let budget = try AppExportGoldenTests.convert(["moneymanager-2026-03.tsv"], options).budget
        #expect(budget.contains("transfer 'Bank Accounts' -> Cash  200.00\n    description: \"weekly cash\"\n"), "\(budget)")
        #expect(budget.contains("\"noodles\"    Cash             Food/Lunch         -8.50\n    description: \"with Anna, paid in coins\"\n"))
    }

    /// Money Manager's export with a `Currency` column needs no `--commodity`: each row's
    /// currency is its own.
    @Test func moneyManagerWithItsCurrencyColumn() throws {
        let text =
            "Period\tAccounts\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\tCurrency\n"
            + "2026-03-01\tBank\tSalary\t\tpay\t50000\tIncome\t\tINR\n2026-03-02\tBank\tFood\tLunch\t\t1500.00\tExp.\t\tINR\n"
        let result = try AppExportConverter.convert(paths: ["mm.tsv"], budgetPath: "converted.tally") { _ in text }
        // Bank: 50000 − 1500.00 = 48500.00 INR
        #expect(result.budget.contains("currency INR"))
        #expect(try AppExportFigureTests.figures(result, at: Self.day).balances == ["Bank": Self.money("48500.00")])
    }

    /// Spendee's `Author` in a shared wallet: each entry says who recorded it (`by NAME`),
    /// a transfer too; an export of one author's rows (the fixture) keeps none.
    @Test func spendeesAuthorsOfASharedWallet() throws {
        let text =
            "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author\n"
            + "2026-03-01T08:00:00+01:00,Joint,Income,Salary,850.00,EUR,,,Mia\n2026-03-03T12:30:00+01:00,Joint,Expense,Food,-12.80,EUR,,,Mia\n"
            + "2026-03-04T12:30:00+01:00,Joint,Expense,Food,-30.00,EUR,,,Leo\n2026-03-05T18:00:00+01:00,Joint,Transfer,Transfer,-50.00,EUR,,,Leo\n"
            + "2026-03-05T18:00:00+01:00,Cash,Transfer,Transfer,50.00,EUR,,,Leo\n"
        let result = try AppExportConverter.convert(paths: ["spendee.csv"], budgetPath: "converted.tally") { _ in text }
        let lines = result.budget.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasSuffix("by Mia") }.count == 2, "\(result.budget)")
        #expect(lines.contains { $0.contains("-30.00") && $0.hasSuffix("by Leo") } && lines.contains { $0.contains("transfer Joint -> Cash") && $0.hasSuffix("by Leo") })
        // Joint: 850.00 − 12.80 − 30.00 − 50.00 (to Cash) = 757.20; Cash: 50.00
        #expect(try AppExportFigureTests.figures(result, at: Self.day).balances == ["Joint": Self.money("757.20"), "Cash": Self.money("50.00")])
        #expect(try AppExportGoldenTests.interpret(result, today: Self.day).1.filter { $0.severity != .info }.isEmpty)
        let single = try AppExportGoldenTests.convert(["spendee-student.csv"], AppExportOptions()).budget
        #expect(!single.contains("by Mia"))
    }

    /// Two transfers of one amount on one day: each joins the wallets its rows name
    /// (Money Manager's category, Monefy's `To 'X'`), not the first row of that amount.
    @Test func sameDayTransfersOfOneAmountJoinTheWalletsTheyName() throws {
        let manager =
            "Period\tAccounts\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\n"
            + "2026-03-02\tBank\tCash\t\t\t100.00\tTransfer-Out\t\n2026-03-02\tSavings\tCard\t\t\t100.00\tTransfer-Out\t\n"
            + "2026-03-02\tCard\tSavings\t\t\t100.00\tTransfer-In\t\n2026-03-02\tCash\tBank\t\t\t100.00\tTransfer-In\t\n"
        let monefy =
            "date;account;category;amount;currency;converted amount;currency;description\n"
            + "14/03/2026;Bank;To 'Cash';-100,00;EUR;-100,00;EUR;\n14/03/2026;Savings;To 'Card';-100,00;EUR;-100,00;EUR;\n"
            + "14/03/2026;Card;From 'Savings';100,00;EUR;100,00;EUR;\n14/03/2026;Cash;From 'Bank';100,00;EUR;100,00;EUR;\n"
        for (file, text) in [("mm.tsv", manager), ("Monefy.Data.csv", monefy)] {
            var options = AppExportOptions()
            options.conversion.commodities = ["": "EUR"]
            let result = try AppExportConverter.convert(paths: [file], options: options, budgetPath: "converted.tally") { _ in text }
            let transfers = result.budget.split(separator: "\n").filter { $0.contains(" transfer ") }.map { $0.split(separator: " ").suffix(4).joined(separator: " ") }
            #expect(transfers.sorted() == ["Bank -> Cash 100.00", "Savings -> Card 100.00"], "\(file): \(result.budget)")
            // Each wallet: 0 ∓ 100.00.
            let balances = try AppExportFigureTests.figures(result, at: Self.day).balances
            #expect(balances == ["Bank": Self.money("-100.00"), "Savings": Self.money("-100.00"), "Card": Self.money("100.00"), "Cash": Self.money("100.00")])
        }
    }
}
