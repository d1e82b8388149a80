import Foundation
import TallyTestSupport
import Testing

/// `tally import` of banks' current exports, each shaped from the bank's description of
/// its file (`Fixtures/import-banks/`), imported into a copy of `budget.tally` and
/// compared with its golden result: PayPal's activity download (gross, fee and net, a
/// pending deposit its balance counts) and DKB's CSV (a byte-order mark, a preamble,
/// `DD.MM.YY`, the payer and recipient columns).
@Suite struct BankExportGoldenTests {
    static let fixtures = TestSupport.path("Tests/TallyCLITests/Fixtures/import-banks")

    private func importing(_ statement: String, wallet: String, profile: String = "") throws -> (TallyBinary.Result, String) {
        let folder = try TemporaryFolder("import-banks")
        defer { folder.remove() }
        let budget = try String(contentsOfFile: Self.fixtures + "/budget.tally", encoding: .utf8) + profile
        _ = try folder.write(budget, to: "budget.tally")
        try FileManager.default.copyItem(atPath: Self.fixtures + "/" + statement, toPath: folder.path(statement))
        let result = TallyInProcess.run(["import", folder.path("budget.tally"), folder.path(statement), "--wallet", wallet, "--today", "2026-04-02"])
        let prefix = folder.path + "/"
        let check = TallyInProcess.run(["check", folder.path("budget.tally"), "--today", "2026-04-02"])
        #expect(check.status == 0, "\(statement): the budget has errors after the import:\n\(check.stdout)")
        return (
            TallyBinary.Result(
                stdout: result.stdout.replacingOccurrences(of: prefix, with: ""), stderr: result.stderr.replacingOccurrences(of: prefix, with: ""),
                status: result.status),
            String(try folder.read("budget.tally").dropFirst(budget.count))
        )
    }

    @Test(arguments: [("paypal.csv", "PayPal"), ("dkb.csv", "DKB")])
    func eachExportImportsAsItsGoldenResultSays(statement: String, wallet: String) throws {
        let (result, appended) = try importing(statement, wallet: wallet)
        let actual =
            "$ tally import budget.tally \(statement) --wallet \(wallet)\n"
            + "--- exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)--- appended to budget.tally\n\(appended)"
        if let problem = TestSupport.compareGolden(actual, path: Self.fixtures + "/" + statement + ".expected") { Issue.record(Comment(rawValue: problem)) }
    }

    /// PayPal with `amount: "Net"`: one movement of 48.25 rather than 50.00 and a fee of
    /// 1.75, and the same balance: 100.00 − 20.00 + 48.25 = 128.25, asserted (the pending
    /// 30.00 the file's balance of 158.25 counts is left out of it).
    @Test func payPalsNetAsTheAmountGivesTheSameBalance() throws {
        let (result, appended) = try importing("paypal.csv", wallet: "PayPal", profile: "\nimport PayPal\n    amount: \"Net\"\n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(appended.contains("+48.25") && !appended.contains("-1.75") && !appended.contains("+50.00"), "\(appended)")
        #expect(appended.contains("2026-03-05 assert PayPal  128.25"), "\(appended)")
    }
}
