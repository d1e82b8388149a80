import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import Testing

/// Never a guessed figure: dates and decimal marks an export leaves in doubt are
/// refused until named, and what would not give the app's figures is listed.
@Suite struct AppExportDoubtTests {
    static let registerHeader = "\"Account\",\"Flag\",\"Date\",\"Payee\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\"\n"
    static let planHeader = "\"Month\",\"Category Group/Category\",\"Category Group\",\"Category\",\"Budgeted\",\"Activity\",\"Available\"\n"

    static func convert(_ files: [String: String], _ options: AppExportOptions = AppExportOptions()) throws -> ConversionResult {
        try AppExportConverter.convert(paths: files.keys.sorted(), options: options, budgetPath: "converted.tally") { path in
            guard let text = files[path] else { throw AppExportDoubtError.missing }
            return text
        }
    }

    enum AppExportDoubtError: Error { case missing }

    /// Why the export is refused, nil when it converts.
    static func refusal(_ files: [String: String]) -> String? {
        do {
            _ = try convert(files)
            return nil
        } catch {
            return (error as? AppExportError)?.description ?? "\(error)"
        }
    }

    static func row(_ account: String, _ date: String, _ payee: String, _ group: String, _ category: String, _ memo: String, _ out: String, _ inflow: String) -> String {
        "\"\(account)\",\"\",\"\(date)\",\"\(payee)\",\"\(group): \(category)\",\"\(group)\",\"\(category)\",\"\(memo)\",\(out),\(inflow),\"Cleared\"\n"
    }

    /// `03/04/2026` is 4 March as MM/DD/YYYY and 3 April as DD/MM/YYYY: refused until the
    /// app's setting is named; named, the day is the one it says.
    @Test func datesReadTwoWaysAreRefusedUntilNamed() throws {
        let register = Self.registerHeader + Self.row("Cash", "03/04/2026", "Bakery", "Food", "Bread", "", "3.20", "0.00")
        #expect(Self.refusal(["r.csv": register])?.contains("read as MM/DD/YYYY and as DD/MM/YYYY") == true)
        var options = AppExportOptions()
        options.dateFormat = .daySlashed
        options.conversion.commodities = ["": "EUR"]
        let result = try Self.convert(["r.csv": register], options)
        #expect(result.budget.contains("2026-04-03"))
    }

    /// Only `1,000`-like amounts: a thousand with a point, one with a comma. Refused
    /// until named; a decimal comma elsewhere in the file tells it (`1234,56 €`).
    @Test func amountsReadTwoWaysAreRefusedUntilNamed() throws {
        let doubtful = Self.registerHeader + Self.row("Cash", "03/14/2026", "Shop", "Food", "Bread", "", "\"1,000\"", "0")
        #expect(Self.refusal(["r.csv": doubtful])?.contains("`1,000` can be read two ways") == true)
        let told =
            Self.registerHeader + Self.row("Bank", "14.03.2026", "Shop", "Food", "Bread", "", "\"1,000 €\"", "\"0,00 €\"")
            + Self.row("Bank", "15.03.2026", "Shop", "Food", "Bread", "", "\"1234,56 €\"", "\"0,00 €\"")
        let result = try Self.convert(["r.csv": told])
        // 1,000 € with a decimal comma is one euro; 1234,56 € is 1234.56.
        #expect(result.budget.contains("-1.00"))
        #expect(result.budget.contains("-1234.56"))
        // A symbol's point is no decimal mark: `1 234,56 kr.` is 1234.56 SEK.
        let crowns = Self.registerHeader + Self.row("Bank", "14.03.2026", "Shop", "Food", "Bread", "", "\"1 234,56 kr.\"", "\"0,00 kr.\"")
        var options = AppExportOptions()
        options.conversion.commodities = ["kr": "SEK"]
        let inCrowns = try Self.convert(["r.csv": crowns], options)
        #expect(inCrowns.budget.contains("-1234.56") && inCrowns.budget.contains("currency SEK"), "\(inCrowns.budget)")
    }

    /// An amount with a thousands separator left unquoted splits its row: refused, since
    /// every later column would be read shifted.
    @Test func aRowWithMoreFieldsThanTheHeaderIsRefused() {
        let register = Self.registerHeader + Self.row("Bank", "03/14/2026", "Shop", "Food", "Bread", "", "$1,234.56", "$0.00")
        #expect(Self.refusal(["r.csv": register])?.contains("12 fields where the header names 11") == true)
    }

    /// A transfer whose other side is missing from an account in the export (Savings has
    /// a row of its own), and a split whose parts are not all there, are listed rather
    /// than booked with half their money.
    @Test func halfTransfersAndSplitsAreListed() throws {
        let register =
            Self.registerHeader + "\"Bank\",\"\",\"03/14/2026\",\"Transfer : Savings\",\"\",\"\",\"\",\"\",$50.00,$0.00,\"Cleared\"\n"
            + Self.row("Savings", "03/01/2026", "Starting Balance", "Inflow", "Ready to Assign", "", "$0.00", "$100.00")
            + Self.row("Bank", "03/15/2026", "Costco", "Food", "Groceries", "Split (1/2) food", "$10.00", "$0.00")
            + Self.row("Bank", "03/16/2026", "Shop", "Food", "Groceries", "", "$5.00", "$0.00")
        let result = try Self.convert(["r.csv": register])
        let reasons = result.leftOut.map(\.reason)
        #expect(reasons.contains { $0.contains("a transfer whose other side") })
        #expect(reasons.contains { $0.contains("a part of a split") })
        // Only the comments that keep what was left out may name the transfer.
        #expect(!result.budget.split(separator: "\n").contains { !$0.hasPrefix(";") && $0.contains("transfer") })
        #expect(result.budget.contains("-5.00"))
    }

    /// A split with a transfer part, not converted for a part without a category, lists
    /// the transfer's other side too: the Savings row may not count alone.
    @Test func aListedSplitTakesItsTransfersOtherSide() throws {
        let register =
            Self.registerHeader + Self.row("Bank", "03/14/2026", "Costco", "Food", "Groceries", "Split (1/2) food", "$10.00", "$0.00")
            + "\"Bank\",\"\",\"03/14/2026\",\"Transfer : Savings\",\"\",\"\",\"\",\"Split (2/2) \",$5.00,$0.00,\"Cleared\"\n"
            + "\"Savings\",\"\",\"03/14/2026\",\"Transfer : Bank\",\"\",\"\",\"\",\"\",$0.00,$5.00,\"Cleared\"\n"
        let converted = try Self.convert(["r.csv": register])
        // Converted: one transaction of −15.00 whose second line is the transfer's 5.00.
        #expect(converted.leftOut.map(\.reason).allSatisfy { $0.hasPrefix("no plan file") }, "\(converted.leftOut)")
        let broken = register.replacingOccurrences(of: "\"Food: Groceries\",\"Food\",\"Groceries\"", with: "\"\",\"\",\"\"")
        let listed = try Self.convert(["r.csv": broken]).leftOut.filter { $0.reason == "a split with a part without a category" }
        #expect(listed.map(\.source.line) == [2, 3, 4])
    }

    /// A plan that disagrees with the register is listed; cash overspending is not: YNAB
    /// starts the next month at 0.00 and takes it from Ready to Assign, as the converted
    /// envelope's `rollover unspent` does.
    @Test func figuresTallyCannotMatchAreListed() throws {
        let register =
            Self.registerHeader + Self.row("Bank", "01/01/2026", "Starting Balance", "Inflow", "Ready to Assign", "", "$0.00", "$100.00")
            + Self.row("Bank", "01/14/2026", "Shop", "Food", "Groceries", "", "$30.00", "$0.00")
        // January: 20.00 assigned, 30.00 spent: −10.00, which YNAB takes from February's
        // ready to assign. February's activity (−5.00) is in no register row.
        let plan =
            Self.planHeader + "\"Jan 2026\",\"Food: Groceries\",\"Food\",\"Groceries\",$20.00,-$30.00,-$10.00\n"
            + "\"Feb 2026\",\"Food: Groceries\",\"Food\",\"Groceries\",$20.00,$0.00,$20.00\n"
            + "\"Mar 2026\",\"Food: Groceries\",\"Food\",\"Groceries\",$0.00,-$5.00,$15.00\n"
        let result = try Self.convert(["p.csv": plan, "r.csv": register])
        let reasons = result.leftOut.map(\.reason)
        #expect(!reasons.contains { $0.contains("overspent") } && result.budget.contains("rollover unspent"), "\(reasons)")
        // February: 0.00 carried (not −10.00) + 20.00 assigned = 20.00, the plan's Available.
        let february = try AppExportFigureTests.figures(result, at: CivilDate(year: 2026, month: 2, day: 28)!)
        #expect(february.available["Groceries"] == Money("20.00")!)
        #expect(reasons.contains { $0.contains("activity for `Groceries` in 2026-03 is -5.00, the register's rows add up to 0") })
        #expect(result.budget.contains("fill Groceries  20.00") || result.budget.contains("fill Groceries 20.00"))
    }

    /// Only starting balances came in: Tally's ready to assign waits for income, so it is
    /// listed; a Goodbudget split row (`Details`) whose envelopes no other row names is
    /// listed, not guessed at.
    @Test func figuresTallyDoesNotShowAreListed() throws {
        let register = Self.registerHeader + Self.row("Bank", "01/01/2026", "Starting Balance", "Inflow", "Ready to Assign", "", "$0.00", "$100.00")
        let plan = Self.planHeader + "\"Jan 2026\",\"Food: Groceries\",\"Food\",\"Groceries\",$20.00,$0.00,$20.00\n"
        let result = try Self.convert(["p.csv": plan, "r.csv": register])
        #expect(result.leftOut.map(\.reason).contains { $0.hasPrefix("no income besides starting balances") })
        let goodbudget = "Date,Envelope,Account,Name,Notes,Amount,Status,Details\n03/14/2026,,Checking,Target,,-26.10,,\"Groceries|-20.00||Household|-6.10\"\n"
        var options = AppExportOptions()
        options.conversion.commodities = ["": "USD"]
        let split = try Self.convert(["g.csv": goodbudget], options)
        #expect(split.leftOut.map(\.reason).contains("a split part in `Groceries`, an envelope no other row of the export names"))
        #expect(!split.budget.contains("26.10"))
    }

    /// A Spendee row without a category, and a transfer row without its pair, are listed;
    /// the rest converts.
    @Test func listRowsWithoutCategoryOrPair() throws {
        let spendee =
            "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author\n"
            + "2026-03-01T08:00:00+01:00,Bank,Income,Salary,850.00,EUR,,,Mia\n"
            + "2026-03-02T08:00:00+01:00,Bank,Expense,,-9.99,EUR,,,Mia\n"
            + "2026-03-03T08:00:00+01:00,Bank,Transfer,Transfer,-50.00,EUR,,,Mia\n"
        let result = try Self.convert(["s.csv": spendee])
        #expect(
            result.leftOut.map { "\($0.source.line): \($0.reason)" }.filter { !$0.contains("starting balances") } == [
                "3: a transaction without a category", "4: a transfer whose other side is not in the export"
            ])
        #expect(result.budget.contains("+850.00") && !result.budget.contains("9.99"))
    }

    /// A plan's months are read in English only (`Jan 2026`, `January 2026`); another
    /// language's (`janv. 2026`, `Mai 2026`) is refused, never matched by its first letters.
    @Test func monthsInAnotherLanguageAreRefused() {
        let register = Self.registerHeader + Self.row("Bank", "03/14/2026", "Shop", "Food", "Groceries", "", "$5.00", "$0.00")
        for month in ["janv. 2026", "Mai 2026", "Mär 2026"] {
            let plan = Self.planHeader + "\"\(month)\",\"Food: Groceries\",\"Food\",\"Groceries\",$5.00,$0.00,$5.00\n"
            #expect(Self.refusal(["p.csv": plan, "r.csv": register])?.contains("is not written as YNAB writes it in English") == true, "\(month)")
        }
        let plan = Self.planHeader + "\"March 2026\",\"Food: Groceries\",\"Food\",\"Groceries\",$5.00,-$5.00,$0.00\n"
        #expect(Self.refusal(["p.csv": plan, "r.csv": register]) == nil)
    }

    /// An export in one file per wallet is one list: a transfer's rows pair across files.
    @Test func aTransferPairsAcrossFiles() throws {
        let header = "Date,Wallet,Type,Category name,Amount,Currency,Note,Labels,Author\n"
        let bank = header + "2026-03-01T08:00:00+01:00,Bank,Income,Salary,850.00,EUR,,,Mia\n2026-03-05T18:00:00+01:00,Bank,Transfer,Transfer,-50.00,EUR,,,Mia\n"
        let cash = header + "2026-03-05T18:00:00+01:00,Cash,Transfer,Transfer,50.00,EUR,,,Mia\n"
        let result = try Self.convert(["bank.csv": bank, "cash.csv": cash])
        #expect(result.budget.contains("transfer Bank -> Cash  50.00"), "\(result.budget)")
        #expect(result.leftOut.count == 1)  // the starting balances, once
    }

    /// A register without its plan converts the money and lists that the envelopes are missing.
    @Test func aRegisterAloneSaysTheEnvelopesAreMissing() throws {
        let register = Self.registerHeader + Self.row("Bank", "03/14/2026", "Shop", "Food", "Groceries", "", "$5.00", "$0.00")
        let result = try Self.convert(["r.csv": register])
        #expect(result.leftOut.map(\.reason).contains { $0.hasPrefix("no plan file given") })
    }
}
