import Foundation
import TallyActions
import TallyCore
import TallyImport
import TallySyntax
import TallyTestSupport
import Testing

/// Each movement of a statement is imported once, for good (Grammar.md §7.3,
/// "Identity"): whatever the import profile reads from the file, however long the period
/// downloaded, in whichever of the bank's formats; and a balance the statement states
/// above its header is checked.
@Suite struct StatementIdentityTests {
    static let today = CivilDate(iso: "2026-12-01")!
    static let november = CivilDate(iso: "2026-11-30")!

    /// Two open wallets, so that only the statement's IBAN says which one it is for.
    static let budget = """
        currency EUR
        wallet Checking  bank     opening 217.95 on 2026-10-31
        wallet Savings   savings  opening 1000.00 on 2026-10-31
        income  Salary
        expense Rent, Groceries, Energy, Fun
        import Checking  account "\(DKBStatement.iban)"

        """

    private func withBudget(_ name: String, _ text: String = budget, _ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder("identity-" + name)
        defer { folder.remove() }
        try body(try folder.write(text, to: "budget.tally"))
    }

    @discardableResult
    private func importing(_ path: String, _ name: String, _ bytes: [UInt8], wallet: String? = nil) throws -> ImportStatements.Result {
        let result = try ImportStatements.perform(.init(budget: path, statements: [.sent(name: name, bytes: bytes)], wallet: wallet, today: Self.today))
        // No row refused: `tally import` exits 0.
        #expect(!result.refusedRows, "\(result.summary)")
        return result
    }

    private func checking(_ path: String, at date: CivilDate = november) throws -> Money {
        let model = try BudgetEditor(path: path, today: Self.today).model
        return model.balance(of: model.wallets.firstIndex { $0.name == "Checking" }!, at: date)
    }

    /// Added, present, matched, refused.
    private static func counts(_ result: ImportStatements.Result) -> [Int] {
        [result.counts.added, result.counts.present, result.counts.matched, result.counts.refused]
    }

    private func text(_ path: String) throws -> String { String(decoding: try DiskFileProvider().read(path), as: UTF8.self) }

    @Test func theStatementsIBANRoutesItAndItsBalanceIsAsserted() throws {
        try withBudget("route") { path in
            let result = try importing(path, "dkb.csv", DKBStatement(movements: DKBStatement.november + [DKBStatement.pending]).csv)
            // Seven booked movements; the pending one is left out.
            #expect(Self.counts(result) == [7, 0, 0, 0])
            // 217.95 + 2450.00 − 950.00 − 2 × 23.45 − 84.00 − 10.99 − 41.70 = 1534.36, as the bank says.
            #expect(try checking(path) == Money("1534.36")!)
            #expect(try text(path).contains("2026-11-30 assert Checking  1534.36"))
            let model = try BudgetEditor(path: path, today: Self.today).model
            #expect(model.balance(of: model.wallets.firstIndex { $0.name == "Savings" }!, at: Self.november) == Money("1000.00")!, "nothing went to Savings")
        }
    }

    @Test func theSameStatementAfterTheProfileChangedAddsNothing() throws {
        try withBudget("profile") { path in
            let csv = DKBStatement(movements: DKBStatement.november).csv
            try importing(path, "dkb.csv", csv)
            // The profile now reads the payee from another column and the date from the value date.
            let profiled = try text(path).replacingOccurrences(
                of: "import Checking  account \"\(DKBStatement.iban)\"\n",
                with: "import Checking  account \"\(DKBStatement.iban)\"\n    payee: \"Zahlungsempfänger*in\"\n    date:  \"Wertstellung\"\n")
            #expect(profiled != (try text(path)))
            try Data(profiled.utf8).write(to: URL(fileURLWithPath: path))
            let again = try importing(path, "dkb.csv", csv)
            #expect(Self.counts(again) == [0, 7, 0, 0])
            #expect(again.changesNothing)
            #expect(try checking(path) == Money("1534.36")!)
        }
    }

    @Test func aLongerDownloadAddsOnlyWhatIsNew() throws {
        try withBudget("longer") { path in
            // Up to the 20th: 217.95 + 2450.00 − 950.00 − 46.90 − 84.00 − 10.99 = 1576.06.
            let first = DKBStatement(movements: Array(DKBStatement.november.prefix(6)), to: "20.11.2026", balance: "1.576,06 €")
            #expect(try importing(path, "dkb-20.csv", first.csv).counts.added == 6)
            #expect(try checking(path, at: CivilDate(iso: "2026-11-20")!) == Money("1576.06")!)
            // The whole month: only Lidl's 41.70 is new; 1576.06 − 41.70 = 1534.36.
            let whole = try importing(path, "dkb-30.csv", DKBStatement(movements: DKBStatement.november).csv)
            #expect(Self.counts(whole) == [1, 6, 0, 0])
            #expect(try checking(path) == Money("1534.36")!)
        }
    }

    @Test func theSameStatementReencodedAddsNothing() throws {
        try withBudget("encoding") { path in
            let statement = DKBStatement(movements: DKBStatement.november)
            try importing(path, "dkb.csv", statement.csv)
            // Windows-1252 without a byte-order mark, Windows line ends.
            let latin = Array(statement.csvText.replacingOccurrences(of: "\n", with: "\r\n").data(using: .windowsCP1252)!)
            #expect(latin.contains(0x80) && !latin.starts(with: [0xEF, 0xBB, 0xBF]), "€ is one byte, 0x80, and no byte-order mark")
            #expect(Self.counts(try importing(path, "dkb-1252.csv", latin)) == [0, 7, 0, 0])
        }
    }

    @Test func theCAMTDownloadOfTheSameMonthAddsNothing() throws {
        try withBudget("camt") { path in
            try importing(path, "dkb.csv", DKBStatement(movements: DKBStatement.november).csv)
            let camt = DKBStatement(movements: DKBStatement.november).camt(closing: "1534.36", closingDate: "2026-11-30")
            let same = try importing(path, "dkb.xml", camt)
            #expect(Self.counts(same) == [0, 7, 0, 0])
            #expect(same.changesNothing, "the closing balance is asserted already")
            #expect(try checking(path) == Money("1534.36")!)
        }
    }

    @Test func aCAMTDownloadAddsOnlyWhatTheCSVLacked() throws {
        try withBudget("camt-more") { path in
            // A file without the balance line: the CAMT download states another balance.
            try importing(path, "dkb.csv", DKBStatement(movements: DKBStatement.november, balance: nil).csv)
            // A third REWE purchase of 23.45 on the 5th is new (the two in the budget are
            // two of its three): 1534.36 − 23.45 = 1510.91.
            var third = DKBStatement.november[3]
            third.camtReference = "2026110500099"
            let more = DKBStatement(movements: DKBStatement.november + [third]).camt(closing: "1510.91", closingDate: "2026-11-30")
            let result = try importing(path, "dkb.xml", more)
            #expect(Self.counts(result) == [1, 7, 0, 0])
            #expect(try checking(path) == Money("1510.91")!)
        }
    }

    @Test func aTransferSideFilledFromTheCSVIsTheCAMTsMovement() throws {
        // The rent's 950.00 went to Savings, and the CSV filled the transfer's sending side.
        let budget = Self.budget + "2026-11-03 transfer Checking -> Savings  950.00\n    from-id: \"csv:0123456789abcdef:1\"\n"
        try withBudget("transfer", budget) { path in
            let camt = DKBStatement(movements: DKBStatement.november).camt(closing: "1534.36", closingDate: "2026-11-30")
            // The other six are new; the −950.00 of 2026-11-03 is the transfer's side.
            let result = try importing(path, "dkb.xml", camt)
            #expect(Self.counts(result) == [6, 1, 0, 0])
            #expect(try checking(path) == Money("1534.36")!)
        }
    }

    @Test func aBudgetImportedWithTheOlderFingerprintsDoesNotDouble() throws {
        // The budget as an earlier Tally wrote the import: `fp:` ids of date, amount,
        // payee and description, with the payee the profile of the day chose.
        var statement = try StatementReader.read(DKBStatement(movements: DKBStatement.november).csv, path: "dkb.csv")
        for i in statement.rows.indices { statement.rows[i].cells = nil }
        let ids = MovementIdentity.ids(of: statement.rows, wallet: "Checking")
        #expect(ids.allSatisfy { $0.hasPrefix("fp:") } && ids.count == 7)
        var budget = Self.budget
        for (row, id) in zip(statement.rows, ids) {
            budget += "\(row.date) \"\(row.label ?? "")\"  Checking  \(row.amount)\n    id: \"\(id)\"\n"
        }
        try withBudget("older", budget) { path in
            #expect(try checking(path) == Money("1534.36")!)
            let again = try importing(path, "dkb.csv", DKBStatement(movements: DKBStatement.november).csv)
            #expect(Self.counts(again) == [0, 7, 0, 0])
            #expect(try checking(path) == Money("1534.36")!)
        }
    }

    @Test func aPreambleBalanceThatDoesNotHoldRefusesTheImport() throws {
        try withBudget("balance") { path in
            let before = try text(path)
            // The movements make 1534.36; the line says 1600.00.
            let wrong = DKBStatement(movements: DKBStatement.november, balance: "1.600,00 €")
            let refusal = #expect(throws: ActionRefusal.self) { try importing(path, "dkb.csv", wrong.csv) }
            let message = refusal?.message() ?? ""
            #expect(message.contains("1600.00") && message.contains("1534.36"), "\(message)")
            #expect(try text(path) == before, "nothing written")
        }
    }

    @Test func aStatementOfAnotherWalletsAccountIsRefused() throws {
        try withBudget("other") { path in
            let before = try text(path)
            #expect(throws: ActionRefusal.self) { try importing(path, "dkb.csv", DKBStatement(movements: DKBStatement.november).csv, wallet: "Savings") }
            #expect(try text(path) == before)
        }
    }
}
