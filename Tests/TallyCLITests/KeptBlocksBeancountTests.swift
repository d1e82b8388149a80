import Foundation
import TallyTestSupport
import Testing

/// What `tally convert` keeps of a beancount file as comments goes back whole and valid
/// (issue 36): a string over several lines (a `query`, a `custom "fava-extension"`) is
/// one block, kept and written back whole; a block dated before the accounts the export
/// would open, or booking another commodity than the wallet's, gets its accounts opened
/// early enough and in its commodities. Checked by `bean-check`: skipped with the reason
/// when it is missing, a failure under CI.
@Suite struct KeptBlocksBeancountTests {
    static var beanCheck: String? {
        let venv = ProcessInfo.processInfo.environment["TALLY_VENV"].map { $0 + "/bin/bean-check" }
        let home = FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/tally/venv/bin/bean-check"
        return [venv, home].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? ExternalTool.find("bean-check")?.url.path
    }
    static var beanCheckOrCI: Bool { beanCheck != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    static let strings = """
        option "operating_currency" "USD"
        2024-01-01 custom "fava-extension" "fava_envelope" "{
          'budgets': 'Expenses',
        }"

        2024-01-01 open Assets:Cash USD
        2024-01-01 open Expenses:Food USD
        2024-01-01 open Equity:Opening USD

        2024-01-02 * "Deposit"
          Assets:Cash  100.00 USD
          Equity:Opening

        2024-01-03 query "food" "
        SELECT date, narration, position

        WHERE account ~ 'Expenses:Food'"

        2024-01-04 * "Lunch"
          Expenses:Food  10.00 USD
          Assets:Cash

        """

    static let earlyBlock = """
        option "operating_currency" "USD"
        2024-01-01 open Assets:Cash USD
        2024-01-01 open Assets:Unvested HOOL.UNVEST
        2024-01-01 open Income:Awards HOOL.UNVEST
        2024-01-01 open Expenses:Food USD
        2024-01-01 open Equity:Opening USD

        2024-01-02 * "Award"
          Income:Awards   -10 HOOL.UNVEST
          Assets:Unvested  10 HOOL.UNVEST

        2024-02-02 * "Deposit"
          Assets:Cash  100.00 USD
          Equity:Opening

        2024-02-04 * "Lunch"
          Expenses:Food  10.00 USD
          Assets:Cash

        """

    /// Converts `journal` and exports it back; the budget and the export.
    static func roundTrip(_ journal: String, _ folder: TemporaryFolder) throws -> (budget: String, export: String) {
        let original = try folder.write(journal, to: "original.beancount")
        let budget = folder.path("b.tally"), back = folder.path("back.beancount")
        let converted = try TallyBinary.run(["convert", original, "-o", budget])
        #expect(converted.status == 0, "\(converted.stderr)")
        let exported = try TallyBinary.run(["export", "--to", "beancount", budget, "-o", back])
        #expect(exported.status == 0, "\(exported.stderr)")
        return (try String(contentsOfFile: budget, encoding: .utf8), try String(contentsOfFile: back, encoding: .utf8))
    }

    @Test func aStringOverSeveralLinesIsOneBlock() throws {
        let folder = try TemporaryFolder("kept-strings")
        defer { folder.remove() }
        let (budget, export) = try Self.roundTrip(Self.strings, folder)
        // One block each, the closing line and the blank line within the string included.
        #expect(budget.components(separatedBy: "; not converted (").count == 3, "\(budget)")
        #expect(budget.contains(";   }\"\n"), "\(budget)")
        #expect(export.contains("2024-01-01 custom \"fava-extension\" \"fava_envelope\" \"{\n  'budgets': 'Expenses',\n}\"\n"), "\(export)")
        #expect(export.contains("2024-01-03 query \"food\" \"\nSELECT date, narration, position\n\nWHERE account ~ 'Expenses:Food'\"\n"), "\(export)")
    }

    @Test func blocksGetTheirAccountsOpenedEarlyAndInTheirCommodities() throws {
        let folder = try TemporaryFolder("kept-opens")
        defer { folder.remove() }
        let (_, export) = try Self.roundTrip(Self.earlyBlock, folder)
        // The award (2024-01-02) comes before the first converted entry (2024-02-02).
        #expect(export.contains("2024-01-02 open Income:Awards\n"), "\(export)")
        #expect(export.contains("2024-01-02 open Assets:Unvested USD,HOOL.UNVEST\n"), "\(export)")
        #expect(export.contains("2024-02-02 open Assets:Cash USD\n"), "an account no block uses is opened as before")
    }

    @Test(.enabled(if: beanCheckOrCI, "bean-check is not installed"))
    func beanCheckAcceptsBothExports() throws {
        let check = try #require(Self.beanCheck.map { ExternalTool(url: URL(fileURLWithPath: $0)) }, "bean-check is not installed; .ci/run installs it")
        for (name, journal) in [("strings", Self.strings), ("early", Self.earlyBlock)] {
            let folder = try TemporaryFolder("kept-check")
            defer { folder.remove() }
            let original = try folder.write(journal, to: "o.beancount")
            #expect(try check.run([original]).status == 0, "\(name): the fixture itself")
            _ = try Self.roundTrip(journal, folder)
            let result = try check.run([folder.path("back.beancount")])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.output)")
        }
    }
}
