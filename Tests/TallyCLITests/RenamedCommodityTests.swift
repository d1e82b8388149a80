import Foundation
import TallyTestSupport
import Testing

/// `--commodity HOOL.UNVEST=HOOLUNVEST` names a beancount commodity that is no currency
/// code so that it converts; it is the budget's name for it, not the journal's (issue
/// 36). The export used to write the new name back, so a round trip renamed the
/// commodity in every posting, `open` and price (Fava and bean-query then knew no
/// HOOL.UNVEST): `tally convert` keeps the journal's symbol below the `currency` line
/// (`commodity: "1000.00 \"HOOL.UNVEST\""`), as it keeps `$` for `$=USD`, and the export
/// writes it again. bean-check, hledger and ledger accept each export; each is skipped
/// with the reason when missing, a failure under CI.
@Suite struct RenamedCommodityTests {
    static func exported(_ format: String, _ folder: TemporaryFolder) throws -> (budget: String, journal: String, path: String) {
        let original = try folder.write(DottedCommodityTests.journal, to: "rsu.beancount")
        let budget = folder.path("b.tally"), back = folder.path("back." + format)
        let converted = try TallyBinary.run(["convert", "--force", "--commodity", "HOOL.UNVEST=HOOLUNVEST", original, "-o", budget])
        #expect(converted.status == 0 && converted.stderr.isEmpty, "\(converted.stderr)")
        let exported = try TallyBinary.run(["export", "--to", format, budget, "-o", back])
        #expect(exported.status == 0, "\(exported.stderr)")
        return (try String(contentsOfFile: budget, encoding: .utf8), try String(contentsOfFile: back, encoding: .utf8), back)
    }

    @Test func theBudgetKeepsTheJournalsSymbol() throws {
        let folder = try TemporaryFolder("renamed")
        defer { folder.remove() }
        let (budget, journal, _) = try Self.exported("beancount", folder)
        #expect(budget.contains("currency HOOLUNVEST"), "\(budget)")
        #expect(budget.contains("commodity: \"1000.00 \\\"HOOL.UNVEST\\\"\""), "\(budget)")
        // Every place the commodity is named: the directive, the account, the postings.
        #expect(journal.contains("commodity HOOL.UNVEST\n"), "\(journal)")
        #expect(journal.contains("open Assets:Hooli:Unvested HOOL.UNVEST\n"), "\(journal)")
        #expect(journal.contains("    Assets:Hooli:Unvested  10.00 HOOL.UNVEST\n"), "\(journal)")
        #expect(!journal.contains("HOOLUNVEST"), "\(journal)")
    }

    @Test(.enabled(if: KeptBlocksBeancountTests.beanCheckOrCI, "bean-check is not installed (run .ci/run)"))
    func beancountReadsTheSameCommodity() throws {
        let beanCheck = try #require(KeptBlocksBeancountTests.beanCheck, "bean-check missing under CI")
        let folder = try TemporaryFolder("renamed-beancount")
        defer { folder.remove() }
        let (_, _, path) = try Self.exported("beancount", folder)
        let checked = try ExternalTool(url: URL(fileURLWithPath: beanCheck)).run([path])
        #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.output)")
    }

    /// hledger and ledger read the symbol quoted: 10 units in the account, as in the
    /// original (ledger shows it without the quotes).
    @Test(.enabled(if: ExternalTool.find("hledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true", "hledger is not installed"))
    func hledgerReadsTheSameCommodity() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("renamed-hledger")
        defer { folder.remove() }
        let (_, journal, path) = try Self.exported("hledger", folder)
        let run = try hledger.run(["-f", path, "bal", "--flat", "-N", "assets:hooli:unvested"])
        #expect(run.status == 0, "\(run.output)\n\(journal)")
        #expect(run.stdout.contains("10.00 \"HOOL.UNVEST\"  Assets:Hooli:Unvested"), "\(run.output)")
    }

    @Test(.enabled(if: ExternalTool.find("ledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true", "ledger is not installed"))
    func ledgerReadsTheSameCommodity() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("renamed-ledger")
        defer { folder.remove() }
        let (_, journal, path) = try Self.exported("ledger", folder)
        let run = try ledger.run(["-f", path, "bal", "--flat", "--no-total", "assets:hooli:unvested"])
        #expect(run.status == 0, "\(run.output)\n\(journal)")
        #expect(run.stdout.contains("10.00 HOOL.UNVEST  Assets:Hooli:Unvested"), "\(run.output)")
    }
}
