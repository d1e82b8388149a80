import Foundation
import TallyTestSupport
import Testing

/// `tally convert` always writes a budget when the journal can be read (issue 22): what
/// Tally cannot represent stays in it as a comment at its place, its original lines and
/// the reason beside them, and an assertion that counts such a line is kept the same way,
/// so the budget checks clean. `--strict` still fails on any loss; `--force` replaces an
/// existing output.
@Suite struct ConvertKeptAsCommentsTests {
    /// Checking opens at 1000.00; shares bought at cost with the cash left to balance (not
    /// converted: ledger balances at the cost, hledger 1.25 ignores braces) take 150.00
    /// from it, groceries 20.00: ledger's 830.00 on the 5th counts the shares, Tally's budget would
    /// have 980.00, so the assertion is kept as a comment. Savings opens at 100.00 EUR;
    /// 3 coins without a unit (more postings than in EUR) are listed for that cause alone
    /// (the opening converts), and
    /// 100.00 - 5.00 = 95.00 EUR holds in the budget as in hledger, which asserts the EUR
    /// of the account only.
    static let journal = """
        2025-01-01 opening
            assets:checking        1000.00 EUR
            assets:savings          100.00 EUR
            equity:opening balances

        2025-01-03 shares
            assets:broker          10 ACME {15.00 EUR}
            assets:checking

        2025-01-04 coins
            assets:savings          1
            assets:savings          1
            assets:savings          1
            income:gifts           -3

        2025-01-05 groceries
            expenses:food            20.00 EUR
            assets:checking                      = 830.00 EUR

        2025-01-06 fee
            expenses:bank             5.00 EUR
            assets:savings                       = 95.00 EUR

        """

    @Test func theBudgetIsWrittenWithWhatIsLeftOutAsComments() throws {
        let folder = try TemporaryFolder("convert-kept")
        defer { folder.remove() }
        let journal = try folder.write(Self.journal, to: "home.journal")
        let output = folder.url.appendingPathComponent("home.tally").path

        let run = TallyInProcess.run(["convert", journal, "-o", output, "--today", "2025-02-01"])
        #expect(run.status == 0, "\(run.stderr)")
        let budget = try String(contentsOfFile: output, encoding: .utf8)
        // The lines left out, at their place, with their original text; a transaction of
        // which nothing was converted names its journal's format (what `tally export
        // --to hledger` writes back as it was), an assertion of a converted one does not.
        #expect(budget.contains("; not converted (home.journal:6, hledger): a posting without an amount beside a cost in braces: ledger balances at the cost, hledger at the price (write the amount)\n;   2025-01-03 shares"), "\(budget)")
        #expect(budget.contains(";       assets:broker          10 ACME {15.00 EUR}"))
        #expect(budget.contains("; not converted (home.journal:10, hledger): an amount without a commodity"))
        #expect(budget.contains("; not converted (home.journal:18): a balance assertion that counts a transaction not converted (home.journal:6)"))
        // The unit-less coins are not a reason to leave savings' opening out.
        #expect(budget.contains("opening 100.00 on 2025-01-01"), "\(budget)")
        #expect(!run.stderr.contains("several commodities"), "\(run.stderr)")
        #expect(budget.contains("2025-01-06 assert 'savings'  95.00"), "\(budget)")
        // The header's advice works as written: each line it counts starts with the marker.
        #expect(budget.contains("; 3 lines could not be converted: each is kept below as a comment that starts with `; not converted`"))
        #expect(budget.components(separatedBy: "\n; not converted (").count - 1 == 3)
        let check = TallyInProcess.run(["check", output, "--today", "2025-02-01"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func strictStillFailsAndAnOutputIsReplacedOnlyWithForce() throws {
        let folder = try TemporaryFolder("convert-force")
        defer { folder.remove() }
        let journal = try folder.write(Self.journal, to: "home.journal")
        let output = try folder.write("; mine\n", to: "home.tally")

        let strict = TallyInProcess.run(["convert", journal, "--strict", "--today", "2025-02-01"])
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty, "nothing written under --strict")

        let refused = TallyInProcess.run(["convert", journal, "-o", output, "--today", "2025-02-01"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("`--force` replaces it"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "; mine\n")

        let forced = TallyInProcess.run(["convert", journal, "-o", output, "--force", "--today", "2025-02-01"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("; Converted by `tally convert`"))
    }

    /// `apply account Household` prefixes the accounts inside its block, as ledger and
    /// hledger read it: `Household:Assets:Checking` is not `Assets:Checking`, so the block's
    /// transaction is kept as a comment and the one after `end apply account` opens checking.
    @Test func applyAccountPrefixesTheAccountsOfItsBlock() throws {
        let folder = try TemporaryFolder("convert-apply")
        defer { folder.remove() }
        let journal = try folder.write(
            """
            apply account Household
            2024/01/01 * Opening
                Assets:Checking      $2,000.00
                Equity:Opening Balances
            end apply account

            2024/01/02 * Opening
                Assets:Checking        $500.00
                Equity:Opening Balances

            """, to: "flat.ledger")
        let run = TallyInProcess.run(["convert", journal, "--today", "2024-02-01"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("flat.ledger:2: not converted: a posting to `Household:Assets:Checking`"), "\(run.stderr)")
        #expect(run.stdout.contains("opening 500.00 on 2024-01-02"), "\(run.stdout)")
    }

    /// `apply tag` tags every transaction of its block, as ledger reads it (as if each
    /// had `; :trip:`), `apply tag KEY: VALUE` gives each the metadata; an `end` closes
    /// the innermost block, so the transaction after `end apply tag` has neither.
    @Test func applyTagTagsTheTransactionsOfItsBlock() throws {
        let folder = try TemporaryFolder("convert-apply-tag")
        defer { folder.remove() }
        let journal = try folder.write(
            """
            2024/01/01 * Opening
                Assets:Checking        $500.00
                Equity:Opening Balances

            apply tag trip
            apply tag project: kitchen
            2024/01/05 Hardware store
                Expenses:Home           $40.00
                Assets:Checking
            end apply tag
            2024/01/06 Diner
                Expenses:Food           $12.00
                Assets:Checking
            end apply tag

            2024/01/07 Bakery
                Expenses:Food            $3.00
                Assets:Checking

            """, to: "tags.ledger")
        let run = TallyInProcess.run(["convert", journal, "--today", "2024-02-01"])
        #expect(run.status == 0 && !run.stderr.contains("not converted"), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let hardware = try #require(lines.firstIndex { $0.contains("Hardware store") })
        #expect(lines[hardware].contains("#trip"), "\(lines[hardware])")
        #expect(lines[hardware + 1].contains("project: \"kitchen\""), "\(run.stdout)")
        let diner = try #require(lines.first { $0.contains("Diner") })
        #expect(diner.contains("#trip"), "\(diner)")
        let bakery = try #require(lines.firstIndex { $0.contains("Bakery") })
        #expect(!lines[bakery].contains("#") && !(lines.dropFirst(bakery + 1).first ?? "").contains("project"), "\(run.stdout)")
    }

    /// A secondary date (`DATE=DATE2`, the year perhaps left out) is kept as `date2:`, which
    /// the peers read only when asked (`--date2`, `--aux-date`), and the export writes it
    /// back after `=`; the figures are the primary date's.
    @Test func aSecondaryDateIsKeptAndWrittenBack() throws {
        let folder = try TemporaryFolder("convert-date2")
        defer { folder.remove() }
        let journal = try folder.write(
            """
            2024/01/01 * Opening
                Assets:Checking        $500.00
                Equity:Opening Balances

            2024/01/04=2024/01/06 ! City Power
                Expenses:Power         $112.40
                Assets:Checking

            2024/01/05=01/09 Grocer
                Expenses:Food           $20.00
                Assets:Checking

            """, to: "date2.ledger")
        let budget = folder.path("date2.tally")
        let run = TallyInProcess.run(["convert", journal, "-o", budget, "--today", "2024-02-01"])
        #expect(run.status == 0 && !run.stderr.contains("not converted"), "\(run.stderr)")
        let text = try folder.read("date2.tally")
        #expect(text.contains("date2: \"2024-01-06\"") && text.contains("date2: \"2024-01-09\""), "\(text)")
        let exported = TallyInProcess.run(["export", "--to", "ledger", budget])
        #expect(exported.stdout.contains("2024-01-04=2024-01-06 ! City Power"), "\(exported.stdout)")
        #expect(exported.stdout.contains("2024-01-05=2024-01-09 Grocer") && !exported.stdout.contains("; date2"), "\(exported.stdout)")
    }

    /// A transaction the converter cannot read at all (ledger's `01/03` under `Y 2024`):
    /// its accounts are unknown, so the assertions after it fail in the budget; they are
    /// kept as comments (the conversion runs again with them named), never a budget with
    /// errors or nothing written. The groceries' checking posting is what balances them
    /// (-30.00), not what its assertion would assign counting without the bakery
    /// (950.00 - 1000.00 = -50.00).
    @Test func assertionsThatFailForALineNotReadAreKeptAsComments() throws {
        let folder = try TemporaryFolder("convert-unread")
        defer { folder.remove() }
        let journal = try folder.write(
            """
            2024/01/01 opening
                Assets:Checking        1000.00 EUR
                Equity:Opening Balances

            Y 2024

            01/03 bakery
                Expenses:Food            20.00 EUR
                Assets:Checking

            2024/01/05 groceries
                Expenses:Food            30.00 EUR
                Assets:Checking                      = 950.00 EUR

            """, to: "short.ledger")
        let run = TallyInProcess.run(["convert", journal, "--today", "2024-02-01"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2024-01-05 \"groceries\"  Checking  Food  -30.00"), "\(run.stdout)")
        #expect(run.stdout.contains("; not converted (short.ledger:13): a balance assertion that fails in the budget"), "\(run.stdout)")
        #expect(!run.stdout.contains("assert Checking"), "\(run.stdout)")
    }
}
