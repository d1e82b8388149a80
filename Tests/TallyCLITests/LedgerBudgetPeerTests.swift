import Foundation
import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// Envelopes go to ledger as the periodic transactions its `budget` and `--budget` read
/// (issue 36), not as comments: `EnvelopeBudgetsPeerTests`' household (two currencies,
/// envelopes limited to wallets with `in`) exported to ledger gives, month by month,
/// `ledger budget -X EUR`'s actual and budgeted figures equal to Tally's, stated by hand
/// there; `ledger reg --budget -M` (which fails on the virtual postings hledger reads)
/// and `ledger bal --budget` give what is left, by hand; and the export converted back gives the same envelope lines, `in` included.
/// Needs ledger: skipped without it, a failure under CI.
@Suite struct LedgerBudgetPeerTests {
    static var ledgerOrCI: Bool { ExternalTool.find("ledger") != nil || ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The household's ledger export.
    static func exported(in folder: TemporaryFolder) throws -> (journal: String, path: String) {
        let (model, budget) = try EnvelopeBudgetsPeerTests.loaded(in: folder)
        let journal = JournalExporter(model: model, budget: budget, format: .ledger).export()
        return (journal, try folder.write(journal, to: "household.ledger"))
    }

    /// `ledger budget`'s rows, by the account's last name: the actual and budgeted
    /// amounts, its first two columns of 12 characters (the actual blank where nothing
    /// was spent: "0.00").
    static func budgetRows(_ output: String) -> [String: (actual: String, budgeted: String)] {
        var rows: [String: (String, String)] = [:]
        for line in output.split(separator: "\n") where line.count > 25 {
            let characters = Array(line)
            let cell = { (range: Range<Int>) in String(characters[range]).trimmingCharacters(in: .whitespaces) }
            guard let account = line.split(separator: " ").last, account.contains(":") else { continue }
            let actual = cell(0 ..< 12)
            rows[String(account.split(separator: ":").last!)] = (actual.isEmpty ? "0.00" : actual.replacingOccurrences(of: " EUR", with: ""), cell(13 ..< 25).replacingOccurrences(of: " EUR", with: ""))
        }
        return rows
    }

    @Test func envelopesArePeriodicTransactionsLedgerReads() throws {
        let folder = try TemporaryFolder("ledger-budget")
        defer { folder.remove() }
        let (journal, _) = try Self.exported(in: folder)
        // The form of ledger's manual: a real posting balanced by a wallet, the name
        // and the `in` list as metadata (a periodic transaction has no description).
        #expect(
            journal.contains(
                "~ monthly from 2026-01-01\n    ; envelope: Food\n    ; in: Assets:Checking\n    ; in: Assets:Cash\n    Expenses:Food  300.00 EUR\n    Assets:Checking\n"
            ), "\(journal)")
        #expect(journal.contains("~ monthly from 2026-01-01\n    ; envelope: Rent\n    Expenses:Rent  800.00 EUR\n    Assets:Checking\n"), "\(journal)")
        #expect(journal.contains("    ; in: Assets:Zloty\n    Expenses:Fun  100.00 EUR\n    Assets:Zloty\n"), "\(journal)")
        // Converted back: the same envelopes, `in` read from the metadata.
        #expect(try EnvelopeBudgetsPeerTests.envelopeLines(journal, named: "back.ledger", in: folder) == EnvelopeBudgetsPeerTests.envelopes)
    }

    @Test(.enabled(if: ledgerOrCI, "ledger is not installed"))
    func ledgersBudgetHasTallysFigures() throws {
        let ledger = try #require(ExternalTool.find("ledger"), "ledger is not installed; .ci/run installs it")
        let folder = try TemporaryFolder("ledger-budget")
        defer { folder.remove() }
        let (journal, path) = try Self.exported(in: folder)
        // ledger 3.3's `budget -M` shows no budgeted column and, without an end, budgets
        // up to today: one report per month, its start and (exclusive) end given.
        let months = [("2026-01-01", "2026-02-01"), ("2026-02-01", "2026-03-01"), ("2026-03-01", "2026-04-01")]
        for (m, (start, end)) in months.enumerated() {
            // Spending in złoty valued in euros at the one rate, 0.25.
            let report = try ledger.run(["-f", path, "budget", "--flat", "-X", "EUR", "-b", start, "-e", end, "expenses"])
            #expect(report.status == 0 && report.stderr.isEmpty, "\(report.output)\n\(journal)")
            let rows = Self.budgetRows(report.stdout)
            for (name, figures) in EnvelopeBudgetsPeerTests.byHand {
                let row = rows[name]
                #expect(row?.actual == figures[m].spent && row?.budgeted == figures[m].planned, "\(name) in \(start): \(report.stdout)")
            }
        }
        // Month by month, actual less budgeted: Food 150.00 − 300.00 = −150.00 in
        // January, 310.00 − 300.00 = 10.00 in February; Fun 50.00 − 100.00 = −50.00.
        let register = try ledger.run(["-f", path, "reg", "--budget", "-M", "-X", "EUR", "-b", "2026-01-01", "-e", "2026-04-01", "expenses"])
        #expect(register.status == 0 && register.stderr.isEmpty, "\(register.output)")
        let lines = register.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains { $0.hasPrefix("26-Jan-01 - 26-Jan-31 Expenses:Food -150.00 EUR") }, "\(register.stdout)")
        #expect(lines.contains { $0.hasPrefix("26-Feb-01 - 26-Feb-28 Expenses:Food 10.00 EUR") }, "\(register.stdout)")
        #expect(lines.contains { $0.hasPrefix("Expenses:Fun -50.00 EUR") }, "\(register.stdout)")
        // `bal --budget` over the quarter, spent less planned: Food 150.00 + 310.00 +
        // 95.50 − 3 × 300.00 = −344.50; Fun 50.00 + 90.00 − 3 × 100.00 = −160.00; Rent
        // 3 × 800.00 − 3 × 800.00 = 0, which ledger leaves out.
        let quarter = try ledger.run(["-f", path, "bal", "--budget", "--flat", "-X", "EUR", "-b", "2026-01-01", "-e", "2026-04-01", "expenses"])
        let rows = quarter.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.prefix(2) == ["-344.50 EUR Expenses:Food", "-160.00 EUR Expenses:Fun"], "\(quarter.output)")
        // Periodic transactions are no transactions: `bal` is the wallets' balances.
        let balance = try ledger.run(["-f", path, "bal", "--flat", "-X", "EUR", "-e", "2026-04-01", "assets:checking"])
        // 2000.00 + 2500.00 × 2 − 800.00 × 2 − 120.00 − 310.00 − 95.50 = 4874.50.
        #expect(balance.stdout.contains("4874.50 EUR  Assets:Checking"), "\(balance.output)")
    }
}
