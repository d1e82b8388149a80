import Foundation
import TallyTestSupport
import Testing

/// ledger reads what `tally export --to ledger` writes of journals converted from hledger:
/// the commodity formats hledger allows and ledger reads otherwise (`commodity 1. VWCE`,
/// whole units with a decimal mark, which ledger's `format` cannot take as a sample
/// amount). Needs ledger: skipped without it, a failure under CI.
@Suite struct LedgerExportAcceptedTests {
    static var ledgerOrCI: Bool { ExternalTool.find("ledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test(.enabled(if: ledgerOrCI, "ledger is not installed"))
    func ledgerReadsTheFormatOfWholeUnits() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("ledger-accepted")
        defer { folder.remove() }
        let budget = folder.url.appendingPathComponent("budget.tally").path
        let exported = folder.url.appendingPathComponent("back.ledger").path
        let original = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/hledger/whole-units.journal")
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, original])
        try #require(converted.status == 0, "\(converted.stderr)")
        let export = try TallyBinary.run(["export", "--to", "ledger", "-o", exported, budget])
        try #require(export.status == 0, "\(export.stderr)")
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("    format 1 VWCE\n"), "\(text)")
        let balances = try ledger.run(["-f", exported, "bal", "--flat", "--no-total", "assets"])
        #expect(balances.status == 0, "\(balances.output)")
        // 2500.00 - 64.20 = 2435.80 EUR in the bank; 10 VWCE at the broker.
        let rows = balances.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == ["2435.80 EUR assets:bank", "10 VWCE assets:broker"], "\(balances.stdout)")
    }
}
