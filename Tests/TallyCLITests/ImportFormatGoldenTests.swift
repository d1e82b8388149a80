import Foundation
import TallyTestSupport
import Testing

/// `tally import` of each statement format beside CSV, written from each format's public
/// description (`Fixtures/import/`, the statement beside its `.expected` result), into a
/// fresh copy of `formats-budget.tally`, whose profiles name every wallet's account: OFX
/// with an empty balance, with a bank's and a card's statement, cut short twice; CAMT.053
/// with zone offsets, CAMT.052 and CAMT.054 with pending entries; MT940 in a German
/// bank's structured dialect and a Dutch bank's free text; QIF with Quicken's dates;
/// Fio banka's API statement in XML and in JSON. Re-record with
/// `TALLY_RECORD=1` after a deliberate change.
struct ImportFormatGoldenTests {
    static let fixtures = TestSupport.path("Tests/TallyCLITests/Fixtures/import")

    static let cases: [(statement: String, arguments: [String])] = [
        ("ofx-empty-balance.ofx", []),
        ("ofx-bank-and-card.ofx", []),
        ("ofx-truncated.ofx", ["--wallet", "Checking"]),
        ("ofx-cut-in-first.ofx", []),
        ("camt053-offsets.xml", []),
        ("camt052-report.xml", []),
        ("camt054-notification.xml", []),
        ("mt940-de.sta", []),
        ("mt940-nl.sta", []),
        ("qif-bank.qif", ["--wallet", "Checking"]),
        ("fio.xml", []),
        ("fio.json", [])
    ]

    @Test(arguments: cases.map(\.statement))
    func aStatementImportsAsItsGoldenResultSays(statement: String) throws {
        let arguments = Self.cases.first { $0.statement == statement }!.arguments
        let actual = try Self.run(statement, arguments: arguments)
        if let problem = TestSupport.compareGolden(actual, path: Self.fixtures + "/" + statement + ".expected") { Issue.record(Comment(rawValue: problem)) }
    }

    /// A file holding a bank's and a card's statement goes nowhere when no profile names
    /// their accounts: `budget.tally` has no profiles, so the card's balance could land
    /// on the bank. Nothing is written, and the message says what to add.
    @Test func aFileOfSeveralAccountsNoProfileNamesIsRefused() throws {
        let actual = try Self.run("ofx-bank-and-card.ofx", arguments: ["--wallet", "Checking"], budget: "budget.tally")
        #expect(actual.contains("--- exit 2\n"), "\(actual)")
        #expect(actual.contains("ofx-bank-and-card.ofx holds statements of several accounts (1234567890, 4111222233334444)"), "\(actual)")
        #expect(actual.contains("add `account \"1234567890\"` to that wallet's profile; nothing written"), "\(actual)")
        #expect(actual.hasSuffix("--- appended to budget.tally\n"), "\(actual)")
    }

    /// The transcript of importing `statement` into a fresh copy of the budget: the
    /// command, its exit code, what it printed and what it appended.
    static func run(_ statement: String, arguments: [String], budget: String = "formats-budget.tally") throws -> String {
        let folder = try TemporaryFolder("import-formats")
        defer { folder.remove() }
        let before = try String(contentsOfFile: fixtures + "/" + budget, encoding: .utf8)
        _ = try folder.write(before, to: budget)
        try FileManager.default.copyItem(atPath: fixtures + "/" + statement, toPath: folder.path(statement))
        let result = TallyInProcess.run(["import", folder.path(budget), folder.path(statement)] + arguments + ["--today", "2026-04-03"])
        let after = try folder.read(budget)
        #expect(after.hasPrefix(before), "\(statement): the budget's existing bytes changed")
        let check = TallyInProcess.run(["check", folder.path(budget), "--today", "2026-04-03"])
        #expect(!check.stdout.contains("error"), "\(statement): the budget has errors after the import:\n\(check.stdout)")
        func relative(_ text: String) -> String { text.replacingOccurrences(of: folder.path + "/", with: "") }
        return "$ tally import \(budget) \(statement)\(arguments.map { " " + $0 }.joined())\n"
            + "--- exit \(result.status)\n--- stdout\n\(relative(result.stdout))--- stderr\n\(relative(result.stderr))"
            + "--- appended to \(budget)\n\(after.dropFirst(before.count))"
    }
}
