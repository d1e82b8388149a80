import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Never an empty success on the odd exports each app can give: a header without rows
/// (with or without a byte-order mark) is refused by name; an export whose every row is
/// a transfer gives the transfers, or, when their other sides are missing, lists them and
/// says it gives no wallet (`tally convert` then exits 2, nothing written); a row in a
/// currency Tally cannot name is listed with the way to name it.
@Suite struct AppExportOddInputTests {
    /// Each app's export as `tally convert` converts it (``ConvertInputs``), with the
    /// currency the apps that name none need.
    static func convert(_ files: [String: String], commodity: String? = nil) throws -> ConversionResult {
        var options = ConversionOptions()
        if let commodity { options.commodities = ["": commodity] }
        return try ConvertInputs.convert(paths: files.keys.sorted(), options: options, app: AppExportOptions(), budgetPath: "converted.tally") { files[$0]! }
    }

    static func refusal(_ files: [String: String], commodity: String? = nil) -> String? {
        do {
            _ = try convert(files, commodity: commodity)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Every app's fixture, by its files.
    static let fixtures: [[String]] = [
        ["ynab-household - Register.csv", "ynab-household - Plan.csv"], ["goodbudget-household.csv"], ["spendee-student.csv"],
        ["wallet-couple.csv"], ["Monefy.Data.31-03-2026.csv"], ["moneylover-2026-03.csv"], ["toshl_export.csv"], ["mint-transactions.csv"],
        ["actual-all-accounts.csv"], ["moneymanager-2026-03.tsv"], YNAB4FigureTests.files
    ]

    /// The fixture's files cut to their header line, after a byte-order mark when `bom`.
    static func headersOnly(_ files: [String], bom: Bool) throws -> [String: String] {
        var headers: [String: String] = [:]
        for file in files {
            let text = try String(contentsOfFile: TestSupport.path(AppExportGoldenTests.fixtures + file), encoding: .utf8)
            headers[file] = (bom ? "\u{FEFF}" : "") + String(text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }) + "\r\n"
        }
        return headers
    }

    /// A header and nothing else is the app's (`--from` is not needed) but holds nothing
    /// to convert: refused with the file's name, whatever currency is given.
    @Test(arguments: fixtures, [false, true])
    func aHeaderAloneIsRefused(_ files: [String], bom: Bool) throws {
        let refusal = try #require(Self.refusal(try Self.headersOnly(files, bom: bom), commodity: "USD"))
        #expect(refusal.contains("a header and no rows: nothing to convert"), "\(refusal)")
        #expect(files.contains { refusal.contains($0) }, "\(refusal)")
    }

    /// One transfer of 50.00 per app, written as the app writes its two rows (the
    /// fixtures' forms), and nothing else.
    static let transfersOnly: [(app: String, file: String, text: String, commodity: String?, from: String, to: String)] = [
        (
            "goodbudget", "goodbudget.csv",
            "Date,Envelope,Account,Name,Notes,Amount,Status,Details\n03/15/2026,,Checking,Transfer to Cash,ATM,-50.00,Cleared,\n"
                + "03/15/2026,,Cash,Transfer from Checking,ATM,50.00,,\n", "USD", "Checking", "Cash"
        ),
        (
            "spendee", "spendee.csv",
            "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author\n2026-03-15T18:00:00+01:00,Bank,Transfer,Transfer,-50.00,EUR,,,Mia\n"
                + "2026-03-15T18:00:00+01:00,Cash,Transfer,Transfer,50.00,EUR,,,Mia\n", nil, "Bank", "Cash"
        ),
        (
            "wallet", "wallet.csv",
            "account;category;currency;amount;ref_currency_amount;type;payment_type;payment_type_local;note;date;gps_latitude;gps_longitude;gps_accuracy_in_meters;warranty_in_month;transfer;payee;labels;envelope_id;custom_category\n"
                + "Joint account;Transfer;EUR;-50,00;-50,00;Expenses;TRANSFER;Bank transfer;;2026-03-15 09:00:00;;;;0;true;;;20001;false\n"
                + "Savings;Transfer;EUR;50,00;50,00;Income;TRANSFER;Bank transfer;;2026-03-15 09:00:00;;;;0;true;;;20001;false\n", nil, "Joint account",
            "Savings"
        ),
        (
            "monefy", "Monefy.Data.31-03-2026.csv",
            "date;account;category;amount;currency;converted amount;currency;description\n15/03/2026;Bank card;To 'Cash';-50,00;EUR;-50,00;EUR;\n"
                + "15/03/2026;Cash;From 'Bank card';50,00;EUR;50,00;EUR;\n", nil, "Bank card", "Cash"
        ),
        (
            "moneylover", "moneylover.csv",
            "Id;Date;Category;Amount;Currency;Note;Wallet\n1;15/03/2026;Outgoing Transfer;-50.00;USD;ATM;Bank\n2;15/03/2026;Incoming Transfer;50.00;USD;ATM;Cash\n",
            nil, "Bank", "Cash"
        ),
        (
            "toshl", "toshl_export.csv",
            "\"Date\",\"Account\",\"Category\",\"Tags\",\"Expense amount\",\"Income amount\",\"Currency\",\"In main currency\",\"Main currency\",\"Description\"\n"
                + "\"3/15/2026\",\"Bank\",\"Transfer\",\"\",\"50.00\",\"0\",\"EUR\",\"50.00\",\"EUR\",\"\"\n"
                + "\"3/15/2026\",\"Cash\",\"Transfer\",\"\",\"0\",\"50.00\",\"EUR\",\"50.00\",\"EUR\",\"\"\n", nil, "Bank", "Cash"
        ),
        (
            "mint", "transactions.csv",
            "\"Date\",\"Description\",\"Original Description\",\"Amount\",\"Transaction Type\",\"Category\",\"Account Name\",\"Labels\",\"Notes\"\n"
                + "\"3/15/2026\",\"Transfer to Savings\",\"ONLINE TRANSFER\",\"50.00\",\"debit\",\"Transfer\",\"Checking\",\"\",\"\"\n"
                + "\"3/15/2026\",\"Transfer from Checking\",\"ONLINE TRANSFER\",\"50.00\",\"credit\",\"Transfer\",\"Savings\",\"\",\"\"\n", "USD", "Checking",
            "Savings"
        ),
        (
            "actual", "actual.csv",
            "Account,Date,Payee,Notes,Category,Amount,Split_Amount,Cleared\nChecking,2026-03-15,Transfer : Savings,,,-50.00,0,Cleared\n"
                + "Savings,2026-03-15,Transfer : Checking,,,50.00,0,Cleared\n", "USD", "Checking", "Savings"
        ),
        (
            "moneymanager", "mm.tsv",
            "Period\tAccounts\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\n2026-03-15\tBank\tCash\t\tATM\t50.00\tTransfer-Out\t\n"
                + "2026-03-15\tCash\tBank\t\tATM\t50.00\tTransfer-In\t\n", "EUR", "Bank", "Cash"
        )
    ]

    /// Every row a transfer: one transfer, −50.00 in the one wallet and +50.00 in the
    /// other (0 + 50.00), never a category.
    @Test(arguments: 0 ..< transfersOnly.count)
    func everyRowATransferGivesTheTransfers(_ i: Int) throws {
        let export = Self.transfersOnly[i]
        let result = try Self.convert([export.file: export.text], commodity: export.commodity)
        #expect(result.lack == nil, "\(export.app)")
        #expect(result.budget.split(separator: "\n").filter { $0.contains(" transfer ") }.count == 1, "\(export.app): \(result.budget)")
        let balances = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!).balances
        #expect(balances == [export.from: Money("-50.00")!, export.to: Money("50.00")!], "\(export.app)")
        #expect(!result.budget.contains("expense") && !result.budget.contains("income"), "\(export.app): \(result.budget)")
    }

    /// Every row a transfer whose other side is missing (the second row cut): the row is
    /// listed and the budget holds no wallet, or one that never moves, which `tally
    /// convert` refuses (exit 2, nothing written). Monefy's
    /// `To 'Cash'` naming no account of the export is Monefy's category of that name
    /// (docs/interop.md), so it is not here.
    @Test(arguments: (0 ..< transfersOnly.count).filter { transfersOnly[$0].app != "monefy" })
    func aLoneTransferSideGivesNoWallet(_ i: Int) throws {
        let export = Self.transfersOnly[i]
        let lines = export.text.split(separator: "\n")
        let result = try Self.convert([export.file: lines.dropLast().joined(separator: "\n") + "\n"], commodity: export.commodity)
        #expect(["no wallet", "no transaction or opening"].contains(result.lack), "\(export.app): \(result.budget)")
        #expect(result.leftOut.contains { $0.source.line == 2 }, "\(export.app): \(result.leftOut.map(\.reason))")
    }

    /// A row whose currency names none Tally knows (`Bitcoin`) is listed with the way to
    /// name it, the other rows converted; named, it is its own wallet in that currency. A
    /// row whose currency field is empty is listed likewise.
    @Test func aRowInACurrencyTallyCannotNameIsListed() throws {
        let text = "Id;Date;Category;Amount;Currency;Note;Wallet\n1;15/03/2026;Food;-12.50;USD;Lunch;Cash\n2;16/03/2026;Food;-0.001;Bitcoin;Coffee;Cash\n"
        let result = try Self.convert(["moneylover.csv": text])
        #expect(
            result.leftOut.map { "\($0.source.line): \($0.reason)" }.contains(
                "3: a posting in `Bitcoin`, a commodity that is no currency code (a wallet holds one currency; `--commodity 'Bitcoin=CODE'` names it)"))
        // Cash: −12.50 USD, the Bitcoin row apart.
        #expect(try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!).balances == ["Cash": Money("-12.50")!])
        var named = ConversionOptions()
        named.commodities = ["Bitcoin": "BTC"]
        let converted = try ConvertInputs.convert(paths: ["moneylover.csv"], options: named, app: AppExportOptions(), budgetPath: "converted.tally") { _ in text }
        #expect(converted.leftOut.allSatisfy { $0.source.line == 1 }, "\(converted.leftOut.map(\.reason))")
        #expect(converted.budget.contains("currency BTC"), "\(converted.budget)")
        let spendee = try Self.convert([
            "spendee.csv": "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author\n2026-03-03T12:30:00+01:00,Bank,Expense,Food,-12.80,EUR,,,Mia\n"
                + "2026-03-04T12:30:00+01:00,Bank,Expense,Food,-1.80,,,,Mia\n"
        ])
        #expect(
            spendee.leftOut.map { "\($0.source.line): \($0.reason)" }.contains(
                "3: a row whose `Currency` is empty (`--commodity =CODE` names the currency of such rows)"))
        #expect(spendee.budget.contains("-12.80") && !spendee.budget.contains("1.80"))
    }

    /// Each app with a currency column: a header, a row of 12 in its currency and a row of
    /// 3 in `Bitcoin` (`(day, amount, currency)` makes a row of money out).
    static let currencyRows: [(app: String, file: String, header: String, row: @Sendable (Int, Int, String) -> String, wallet: String)] = [
        (
            "spendee", "spendee.csv", "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author",
            { "2026-03-\($0)T12:00:00+01:00,Bank,Expense,Food,-\($1),\($2),,,Mia" }, "Bank"
        ),
        (
            "wallet", "wallet.csv",
            "account;category;currency;amount;ref_currency_amount;type;payment_type;payment_type_local;note;date;gps_latitude;gps_longitude;gps_accuracy_in_meters;warranty_in_month;transfer;payee;labels;envelope_id;custom_category",
            { "Joint;Food;\($2);-\($1);-\($1);Expenses;CASH;Cash;;2026-03-\($0) 09:00:00;;;;0;false;;;1000;false" }, "Joint"
        ),
        (
            "monefy", "Monefy.Data.31-03-2026.csv", "date;account;category;amount;currency;converted amount;currency;description",
            { "\($0)/03/2026;Cash;Food;-\($1);\($2);-\($1);EUR;" }, "Cash"
        ),
        ("moneylover", "moneylover.csv", "Id;Date;Category;Amount;Currency;Note;Wallet", { "\($0);\($0)/03/2026;Food;-\($1);\($2);;Cash" }, "Cash"),
        (
            "toshl", "toshl_export.csv",
            "\"Date\",\"Account\",\"Category\",\"Tags\",\"Expense amount\",\"Income amount\",\"Currency\",\"In main currency\",\"Main currency\",\"Description\"",
            { "\"3/\($0)/2026\",\"Cash\",\"Food\",\"\",\"\($1)\",\"0\",\"\($2)\",\"\($1)\",\"EUR\",\"\"" }, "Cash"
        ),
        (
            "moneymanager", "mm.tsv", "Period\tAccounts\tCategory\tSubcategory\tNote\tAmount\tIncome/Expense\tDescription\tCurrency",
            { "2026-03-\($0)\tCash\tFood\t\t\t\($1)\tExp.\t\t\($2)" }, "Cash"
        )
    ]

    /// Every app: the `Bitcoin` row (line 3) is listed with the option that names it, the
    /// other converted: the wallet comes to −12 (0 − 12), exit 0 with the line listed.
    @Test(arguments: 0 ..< currencyRows.count)
    func eachAppListsARowInAnUnknownCurrency(_ i: Int) throws {
        let app = Self.currencyRows[i]
        let text = [app.header, app.row(14, 12, "EUR"), app.row(15, 3, "Bitcoin")].joined(separator: "\n") + "\n"
        let result = try Self.convert([app.file: text])
        #expect(result.lack == nil, "\(app.app)")
        #expect(
            result.leftOut.map { "\($0.source.line): \($0.reason)" }.contains(
                "3: a posting in `Bitcoin`, a commodity that is no currency code (a wallet holds one currency; `--commodity 'Bitcoin=CODE'` names it)"),
            "\(app.app): \(result.leftOut.map(\.reason))")
        #expect(try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 3, day: 31)!).balances == [app.wallet: Money("-12")!], "\(app.app)")
    }
}
