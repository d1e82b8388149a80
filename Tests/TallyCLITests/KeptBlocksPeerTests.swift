import Foundation
import TallyTestSupport
import Testing

/// What `tally convert` keeps whole comes back through the peers' own programs (issue 22):
/// each of the team's journals with parts not converted (`kept-whole.*`) is converted
/// and exported to its own format; ledger and hledger print the same `bal` and `reg` on
/// the original and on the export (the accounts of the written-back parts declared with
/// the others, so hledger lists them in the same order), leaving out only the virtual
/// `budget` posting, a part of a converted transaction that stays a comment; bean-check
/// accepts the beancount export, the plugin, event and revaluation back in it. Needs the
/// peers: each skipped without its program, a failure under CI.
@Suite struct KeptBlocksPeerTests {
    static let fixtures = "Tests/TallyInteropTests/Fixtures/convert/"
    static var underCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The export to `peer` of the budget `journal` converts to.
    static func exported(_ journal: String, to peer: String, in folder: TemporaryFolder) throws -> String {
        let budget = folder.url.appendingPathComponent("budget.tally").path
        let exported = folder.url.appendingPathComponent("back." + URL(fileURLWithPath: journal).pathExtension).path
        let converted = try TallyBinary.run(["convert", "-o", budget, TestSupport.path(fixtures + journal)])
        #expect(converted.status == 0, "\(converted.stderr)")
        let export = try TallyBinary.run(["export", "--to", peer, "-o", exported, budget])
        #expect(export.status == 0, "\(export.stderr)")
        return exported
    }

    @Test(
        .enabled(if: (ExternalTool.find("ledger") != nil && ExternalTool.find("hledger") != nil) || underCI, "ledger or hledger is not installed"),
        arguments: [("ledger", "kept-whole.ledger", ["not", "Budget"]), ("hledger", "kept-whole.journal", ["not:budget"])])
    func theReportsAreTheSame(_ peer: String, _ journal: String, _ query: [String]) throws {
        let tool = try #require(ExternalTool.find(peer), "\(peer) is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("kept-peer")
        defer { folder.remove() }
        let exported = try Self.exported(journal, to: peer, in: folder)
        for report in ["bal", "reg"] {
            let before = try tool.run(["-f", TestSupport.path(Self.fixtures + journal), report] + query)
            let after = try tool.run(["-f", exported, report] + query)
            #expect(before.status == 0 && !before.stdout.isEmpty, "\(before.output)")
            #expect(after.stdout == before.stdout, "\(peer) \(report)\n\(after.output)")
        }
    }

    @Test(.enabled(if: ExternalTool.find("bean-check") != nil || underCI, "bean-check is not installed"))
    func beancountChecksTheExport() throws {
        let check = try #require(ExternalTool.find("bean-check"), "bean-check is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("kept-peer")
        defer { folder.remove() }
        let exported = try Self.exported("kept-whole.beancount", to: "beancount", in: folder)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
        #expect(text.contains("\n2024-01-04 event \"location\" \"Lisbon\"\n") && text.contains("\n2024-01-05 * \"Revaluation\"\n"), "\(text)")
        let result = try check.run([exported])
        #expect(result.status == 0, "\(result.output)")
    }
}
