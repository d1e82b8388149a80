import Foundation
import TallyTestSupport
import Testing

/// Banks' exports (Tests/TallyImportTests/Fixtures/banks/) go, without `--wallet`, into
/// the wallet whose profile names the account the file names: BNP Paribas's in the
/// line above its header, ING Netherlands' in the `Rekening` column of every row. Each
/// file's stated balance is then asserted: BNP's `Solde au 31/03/2026` of 1 415,00
/// (0.00 + 2500.00 − 1000.00 − 85.00), ING's last `Saldo na mutatie` of 2076,55 (0.00 −
/// 400.00 + 2500.00 − 23.45).
@Suite struct BankAccountRoutingTests {
    static let budget = """
        currency EUR

        wallet Courant  bank  opening 0.00 on 2026-02-28
        wallet Betaal   bank  opening 0.00 on 2026-02-28

        income  Salary
        expense Housing, Food

        import Courant  account "FR76 3000 4000 0312 3456 7890 143"
        import Betaal   account "NL20 INGB 0001 2345 67"

        """

    @Test(arguments: [("bnp-paribas.csv", "2026-03-31 assert Courant  1415.00"), ("ing-nl.csv", "2026-03-30 assert Betaal  2076.55")])
    func theAccountTheFileNamesChoosesTheWallet(file: String, assertion: String) throws {
        let folder = try TemporaryFolder("bank-routing")
        defer { folder.remove() }
        _ = try folder.write(Self.budget, to: "budget.tally")
        try FileManager.default.copyItem(atPath: TestSupport.path("Tests/TallyImportTests/Fixtures/banks/\(file)"), toPath: folder.path(file))
        let result = TallyInProcess.run(["import", folder.path("budget.tally"), folder.path(file), "--today", "2026-04-02"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let appended = String(try folder.read("budget.tally").dropFirst(Self.budget.count))
        #expect(appended.contains(assertion), "\(appended)")
        #expect(TallyInProcess.run(["check", folder.path("budget.tally"), "--today", "2026-04-02"]).status == 0)
    }
}
