import Foundation
import TallyTestSupport
import XCTest

/// `tally record`, run as a user would on budgets in temporary folders: where entries
/// go, what they look like, and that nothing else in any file changes.
final class RecordCommandTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("record")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    @discardableResult
    private func write(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    private func attributes(_ path: String) throws -> (inode: Int, mtime: Date, permissions: Int) {
        let a = try FileManager.default.attributesOfItem(atPath: path)
        return (
            (a[.systemFileNumber] as? NSNumber)?.intValue ?? -1, a[.modificationDate] as? Date ?? .distantPast,
            (a[.posixPermissions] as? NSNumber)?.intValue ?? -1
        )
    }

    private static let root = """
        ; the root file: declarations, and the rules kept apart
        currency EUR
        wallet Checking  bank  opening 2000.00 on 2026-09-01
        wallet Savings   savings
        income  Salary
        expense Housing:Rent, Food, Fun
        include "rules.tally"

        2026-10-02 "Bakery"     Checking  Food  -4.20

        """

    private static let rules = """
        every month on 1 from 2026-10-01 as rent  "Landlord"  Checking  Housing:Rent  -950.00  ; the flat
        every month on 25 from 2026-10-25 as save  transfer Checking -> Savings 100.00

        2026-10-01 "Landlord"       Checking   Housing:Rent     -950.00  rule rent
        2026-10-03 "Corner shop"    Checking   Food              -12.35
        2026-10-25 transfer Checking -> Savings 100.00  rule save
        2026-10-28 "Cinema"         Checking   Fun               -22.00  #film

        """

    func testABlockTooLargeToLayOutKeepsTheRulesOwnSpacing() throws {
        // One block of 4,501 lines: more than the formatter reads to lay out one line
        // (2,000), so the new entry keeps the rule's own spacing, and no byte before it
        // changes.
        var text =
            Self.root.replacingOccurrences(of: "include \"rules.tally\"\n", with: "")
            + "every month on 1 from 2026-10-01 as rent \"Landlord\" Checking Housing:Rent -950.00\n"
        let old = "2026-09-02 \"Bakery\"  Checking  Food" + String(repeating: " ", count: 26) + "-4.20\n"
        let recent = "2026-10-02 \"Bakery\"    Checking  Food          -4.20\n"
        text +=
            String(repeating: old, count: 3_000) + String(repeating: recent, count: 1_500)
            + "2026-10-01 \"Landlord\"  Checking  Housing:Rent  -950.00  rule rent\n"
        let root = try write("budget.tally", text)
        let result = try TallyBinary.run(["record", root, "rent", "--today", "2026-11-03"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = String(decoding: try bytes(root), as: UTF8.self)
        XCTAssertTrue(after.hasPrefix(text), "existing bytes changed")
        XCTAssertEqual(String(after.dropFirst(text.count)), "2026-11-01 \"Landlord\" Checking Housing:Rent -950.00  rule rent\n")
    }

    func testAppendsToTheFileHoldingTheRuleAndChangesNoOtherByte() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules)
        let rootBefore = try attributes(root)
        let result = try TallyBinary.run(["record", root, "rent", "--today", "2026-11-03"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Recorded `rent` on 2026-11-01 in \(rules)\n")
        // The warning the new entry raises is said with the answer (WriteEffects).
        XCTAssertEqual(result.stderr, "tally record: warning: W0505: Checking goes below zero with this entry: its balance is -38.55 EUR\n")
        // Aligned like the file's transactions: wallet, category and amount columns; the
        // rule's comment stays behind.
        XCTAssertEqual(
            String(decoding: try bytes(rules), as: UTF8.self),
            Self.rules
                + "2026-11-01 \"Landlord\"     Checking  Housing:Rent  -950.00  rule rent\n")
        XCTAssertEqual(try bytes(root), Data(Self.root.utf8))
        XCTAssertEqual(try attributes(root).mtime, rootBefore.mtime)
        XCTAssertEqual(try attributes(root).inode, rootBefore.inode)
    }

    func testDueRecordsEveryOccurrenceInDateOrderAndCheckNoLongerReportsThem() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules)
        let before = try TallyBinary.run(["check", root, "--today", "2026-12-01"])
        XCTAssertTrue(before.stdout.contains("W0506"), before.stdout)
        XCTAssertTrue(before.stdout.contains("I0507"), before.stdout)

        let result = try TallyBinary.run(["record", root, "--due", "--today", "2026-12-01"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: try bytes(rules), as: UTF8.self),
            Self.rules + """
                2026-11-01 "Landlord"     Checking  Housing:Rent  -950.00  rule rent
                2026-11-25 transfer Checking -> Savings  100.00  rule save
                2026-12-01 "Landlord"     Checking  Housing:Rent  -950.00  rule rent

                """)
        let after = try TallyBinary.run(["check", root, "--today", "2026-12-01"])
        XCTAssertEqual(after.status, 0)
        XCTAssertFalse(after.stdout.contains("W0506"), after.stdout)
        XCTAssertFalse(after.stdout.contains("I0507"), after.stdout)

        let again = try TallyBinary.run(["record", root, "--due", "--today", "2026-12-01"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "Nothing is due up to 2026-12-01.\n")
    }

    func testRefusesWhenTheBudgetHasErrorsAndLeavesEveryFileAlone() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules + "2026-10-30 Checking Unknown-category -1.00\n")
        let rootBefore = try attributes(root), rulesBefore = try attributes(rules)
        let rulesBytes = try bytes(rules)
        Thread.sleep(forTimeInterval: 0.01)  // so that a write would show in the modification time
        let result = try TallyBinary.run(["record", root, "--due", "--today", "2026-12-01"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("has 1 error; nothing written"), result.stderr)
        XCTAssertEqual(try bytes(rules), rulesBytes)
        XCTAssertEqual(try attributes(rules).mtime, rulesBefore.mtime)
        XCTAssertEqual(try attributes(rules).inode, rulesBefore.inode)
        XCTAssertEqual(try attributes(root).mtime, rootBefore.mtime)
    }

    func testAppendsInPlaceKeepingPermissions() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules)
        XCTAssertEqual(chmod(rules, 0o640), 0)
        let before = try attributes(rules)
        let result = try TallyBinary.run(["record", root, "rent", "--today", "2026-11-01"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = try attributes(rules)
        XCTAssertEqual(after.inode, before.inode, "the entry is appended in place: a line appended meanwhile by another program stays")
        XCTAssertEqual(after.permissions, 0o640)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, ["budget.tally", "rules.tally"], "no temporary file is left behind")
    }

    func testKeepsCRLFLineEndingsAndEndsAnUnfinishedLastLine() throws {
        let text =
            "currency EUR\r\nwallet Cash cash opening 100.00 on 2026-10-01\r\nexpense Fun\r\n"
            + "every week on friday from 2026-10-02 as treat Cash Fun -5.00\r\n"
            + "2026-10-02 Cash Fun -5.00 rule treat\r\n2026-10-03 Cash Fun -2.00"
        let path = try write("crlf.tally", text)
        let result = try TallyBinary.run(["record", path, "treat", "--today", "2026-10-09"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = String(decoding: try bytes(path), as: UTF8.self)
        XCTAssertEqual(after, text + "\r\n2026-10-09 Cash  Fun  -5.00  rule treat\r\n")
    }

    func testSplitsAndMetadataComeAlongButNotBankIdsOrComments() throws {
        let text = """
            currency EUR
            wallet Checking bank opening 500.00 on 2026-10-01
            expense Phone, Internet
            every month on 5 from 2026-10-05 as telecom "Telco" Checking -60.00  #bills
                Phone     -25.00
                Internet  -35.00  "fibre"
                ; which contract
                contract: "K-77"
                id: "never-twice"

            """
        let path = try write("splits.tally", text)
        let result = try TallyBinary.run(["record", path, "telecom", "--today", "2026-10-05"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: try bytes(path), as: UTF8.self),
            text + """
                2026-10-05 "Telco"  Checking  -60.00  #bills rule telecom
                    Phone     -25.00
                    Internet  -35.00  "fibre"
                    contract: "K-77"

                """)
        let check = try TallyBinary.run(["check", path, "--today", "2026-10-05"])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertFalse(check.stdout.contains("I0507"), check.stdout)
    }

    func testTransfersWithARateAndQuotedRuleNamesKeepTheirFields() throws {
        let text = """
            currency EUR
            currency USD
            wallet Euro bank opening 900.00 on 2026-10-01
            wallet Dollars bank currency USD
            goal Trip
            every month on 3 from 2026-10-03 as 'to dollars' "Exchange" transfer Euro -> Dollars 50.00 @ 1.1 USD goal Trip  ; monthly

            """
        let path = try write("fx.tally", text)
        let result = try TallyBinary.run(["record", path, "to dollars", "--today", "2026-10-04"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            String(decoding: try bytes(path), as: UTF8.self),
            text + "2026-10-03 \"Exchange\"  transfer Euro -> Dollars  50.00 @ 1.1 USD  goal Trip rule 'to dollars'\n")
    }

    func testDryRunPrintsAndWritesNothing() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules)
        let result = try TallyBinary.run(["record", root, "--due", "--today", "2026-11-02", "--dry-run"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Would append to \(rules):\n2026-11-01 \"Landlord\"     Checking  Housing:Rent  -950.00  rule rent\n")
        XCTAssertEqual(try bytes(rules), Data(Self.rules.utf8))
    }

    func testADateMustBeAnOccurrenceNotYetRecorded() throws {
        let root = try write("budget.tally", Self.root)
        let rules = try write("rules.tally", Self.rules)
        let notAnOccurrence = try TallyBinary.run(["record", root, "rent", "--date", "2026-11-02", "--today", "2026-11-03"])
        XCTAssertEqual(notAnOccurrence.status, 2)
        XCTAssertEqual(notAnOccurrence.stderr, "tally record: 2026-11-02 is not an occurrence of `rent`; nearby: 2026-11-01, 2026-12-01, 2027-01-01\n")
        let recorded = try TallyBinary.run(["record", root, "rent", "--date", "2026-10-01", "--today", "2026-11-03"])
        XCTAssertEqual(recorded.status, 1)
        XCTAssertTrue(recorded.stderr.contains("already recorded or skipped"), recorded.stderr)
        // Ahead of time is allowed.
        let ahead = try TallyBinary.run(["record", root, "rent", "--date", "2026-12-01", "--today", "2026-11-03"])
        XCTAssertEqual(ahead.status, 0, ahead.stderr)
        XCTAssertTrue(String(decoding: try bytes(rules), as: UTF8.self).hasSuffix("2026-12-01 \"Landlord\"     Checking  Housing:Rent  -950.00  rule rent\n"))
        // ... and `tally check` agrees: an entry recording an occurrence ahead is not
        // future-dated (W0511), so even --strict passes.
        let strict = try TallyBinary.run(["check", root, "--strict", "--today", "2026-11-03"])
        XCTAssertFalse(strict.stdout.contains("W0511"), strict.stdout)
        let nothing = try TallyBinary.run(["record", root, "save", "--today", "2026-10-26"])
        XCTAssertEqual(nothing.status, 0)
        XCTAssertEqual(nothing.stdout, "Nothing due for `save` up to 2026-10-26; the next occurrence is on 2026-11-25.\n")
    }

    func testUsageMistakesExitTwoWithOneLine() throws {
        let root = try write("budget.tally", Self.root)
        try write("rules.tally", Self.rules)
        let cases: [([String], String)] = [
            (["record", root, "rent", "--bogus"], "unknown option `--bogus`"),
            (["record", root, "rent", "--date", "2026-13-01"], "`2026-13-01` is not a date"),
            (["record", root, "rent", "--date"], "`--date` needs a value"),
            (["record", root, "rent", "--today", "yesterday"], "`yesterday` is not a date"),
            (["record", root], "needs a rule name, or --due"),
            (["record"], "needs a budget file"),
            (["record", root, "rent", "--due"], "not both"),
            (["record", root, "--due", "--date", "2026-11-01"], "--date goes with a rule"),
            (["record", "-", "rent"], "cannot read standard input"),
            (["record", root, "rent", "extra"], "unexpected argument `extra`"),
            (["record", root, "rnet"], "no recurring entry named `rnet`"),
            (["record", folder.appendingPathComponent("missing.tally").path, "rent"], "cannot read")
        ]
        for (arguments, expected) in cases {
            let result = try TallyBinary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("tally record: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try bytes(folder.appendingPathComponent("rules.tally").path), Data(Self.rules.utf8))
    }

    func testHelpListsEveryFlag() throws {
        let help = try TallyBinary.run(["help", "record"])
        XCTAssertEqual(help.status, 0)
        for flag in ["--date", "--due", "--today", "--dry-run", "-h, --help"] {
            XCTAssertTrue(help.stdout.contains("\n  \(flag)"), flag)
        }
        XCTAssertTrue(try TallyBinary.run(["--help"]).stdout.contains("record"))
    }
}
