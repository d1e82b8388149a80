import Foundation
import TallyTestSupport
import XCTest

/// Never a silent wrong figure (issue 22): journals with decimal commas, a declared
/// commodity format and posting dates convert to a budget whose export hledger reads
/// with the same balances as the original, on every date of the journal. XCTest, as
/// the peers' machinery (`PeerJournal`, `ExternalTool`) skips through `XCTSkip`.
final class ConvertFiguresPeerTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = try TemporaryFolder("convert-figures")
    }

    override func tearDownWithError() throws {
        temporary.remove()
    }

    /// hledger's balance of every account at the end of `day`, as sorted numbers with their
    /// commodity, written with a period whatever the journal's mark (the round trip renames
    /// accounts, so the amounts are compared as a list).
    private func balances(_ hledger: ExternalTool, _ journal: String, endOf day: String) throws -> [String] {
        let r = try hledger.run(["-f", journal, "bal", "--flat", "-N", "-e", day, "-c", "1000.00 EUR", "-c", "$1000.00", "-O", "csv"])
        XCTAssertEqual(r.status, 0, r.output)
        return r.stdout.split(separator: "\n").dropFirst().map { row in
            // `$5.00` is `5.00 USD` once exported: one spelling for both.
            let amount = String(row.split(separator: ",").last ?? "").replacingOccurrences(of: "\"", with: "")
            return amount.contains("$") ? amount.replacingOccurrences(of: "$", with: "") + " USD" : amount
        }.filter { !$0.isEmpty }.sorted()
    }

    /// Converts `original` (nothing listed when `strict`), exports the budget back to
    /// hledger, and compares hledger's balances on both at the end of each of `days` (the
    /// day after, for `-e`).
    private func roundTrip(_ original: String, strict: Bool, days: [String]) throws -> [String: [String]] {
        let hledger = try PeerJournal.require(.hledger).tool
        let budget = folder.appendingPathComponent("converted.tally").path
        let converted = try TallyBinary.run(["convert"] + (strict ? ["--strict"] : []) + ["-o", budget, original])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        if strict { XCTAssertFalse(converted.stderr.contains("not converted"), converted.stderr) }
        XCTAssertEqual(try TallyBinary.run(["check", budget]).status, 0)
        let exported = folder.appendingPathComponent("back.journal").path
        let export = try TallyBinary.run(["export", "--to", "hledger", "-o", exported, budget])
        XCTAssertEqual(export.status, 0, export.stderr)
        var seen: [String: [String]] = [:]
        for day in days {
            let before = try balances(hledger, original, endOf: day)
            XCTAssertEqual(before, try balances(hledger, exported, endOf: day), "balances before \(day)")
            seen[day] = before
        }
        return seen
    }

    func testAGermanJournalKeepsHledgersBalancesOnEveryDay() throws {
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/german.journal")
        let seen = try roundTrip(original, strict: true, days: ["2024-01-02", "2024-01-04", "2024-01-06", "2024-01-21", "2024-02-01"])
        // Worked out in the journal: giro 1000.00 - 54.20 - 1000 + 1500.00 = 1445.80;
        // VirtualVisa 250.00 - 12.50 = 237.50; Sparbuch 1234.56.
        XCTAssertEqual(
            seen["2024-02-01"],
            ["-1500.00 EUR", "-2484.56 EUR", "1000.00 EUR", "12.50 EUR", "1234.56 EUR", "1445.80 EUR", "237.50 EUR", "54.20 EUR"])
    }

    func testPostingDatesKeepHledgersBalancesOnTheDaysBetween() throws {
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/posting-dates.journal")
        // The transaction of two days (02-10 and 02-12) is listed: compared before it.
        let seen = try roundTrip(original, strict: false, days: ["2024-01-02", "2024-01-31", "2024-02-02", "2024-02-03", "2024-02-06"])
        // checking 500.00 on 02-01 (the bill booked on 01-30 falls on 02-02), 460.00 on 02-02.
        XCTAssertEqual(seen["2024-02-02"], ["-500.00 USD", "500.00 USD"])
        XCTAssertEqual(seen["2024-02-03"], ["-500.00 USD", "40.00 USD", "460.00 USD"])
    }

    func testLedgersPostingDatesKeepTheBalancesOnTheDaysBetween() throws {
        // hledger reads ledger's `[DATE]` as the posting's date too; `[=DATE]` (listed) it
        // uses only with --date2, as ledger with --effective.
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/posting-dates.ledger")
        let seen = try roundTrip(original, strict: false, days: ["2024-03-02", "2024-03-03", "2024-03-04", "2024-03-05", "2024-03-06", "2024-03-10"])
        // Checking 300.00 until 03-03, 240.00 from 03-04 (not from the booking's 03-02).
        XCTAssertEqual(seen["2024-03-04"], ["-300.00 USD", "300.00 USD"])
        XCTAssertEqual(seen["2024-03-05"], ["-300.00 USD", "240.00 USD", "60.00 USD"])
    }

    /// Balance assignments (issue 22): each posting's amount worked out as hledger does, so
    /// the balances agree on every day; the `=*` over subaccounts is listed (its
    /// transaction moves nothing).
    func testBalanceAssignmentsKeepHledgersBalancesOnEveryDay() throws {
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/balance-assignments.journal")
        let seen = try roundTrip(original, strict: false, days: ["2024-01-02", "2024-01-06", "2024-02-01", "2024-02-02", "2024-02-04", "2024-03-02"])
        // Worked out in the journal: checking 2500.00 - 84.20 - 15.80 - 900.00 + 50.00 =
        // 1550.00; savings 10000.00 + 50.00 - 50.00 = 10000.00; opening -12500.00.
        XCTAssertEqual(seen["2024-03-02"], ["-12500.00 EUR", "-50.00 EUR", "10000.00 EUR", "15.80 EUR", "1550.00 EUR", "84.20 EUR", "900.00 EUR"])
    }

    /// hledger's balance per account and commodity, `$` spelled `USD` (the export writes the
    /// code), multi-commodity cells sorted, one row per account.
    private func namedBalances(_ hledger: ExternalTool, _ journal: String) throws -> [String] {
        let r = try hledger.run(["-f", journal, "bal", "--flat", "-N", "-c", "1000.00 EUR", "-c", "$1000.00", "-O", "csv"])
        XCTAssertEqual(r.status, 0, r.output)
        return r.stdout.split(separator: "\n").dropFirst().map { row -> String in
            let cells = row.replacingOccurrences(of: "\"", with: "").split(separator: ",", maxSplits: 1)
            let amounts = (cells.count > 1 ? cells[1] : "").split(separator: ",").map { piece -> String in
                let amount = piece.trimmingCharacters(in: .whitespaces)
                return amount.contains("$") ? amount.replacingOccurrences(of: "$", with: "") + " USD" : amount
            }
            return "\(cells.first ?? ""): \(amounts.sorted().joined(separator: ", "))"
        }.sorted()
    }

    /// `tally export` writes the user's own account names back (issue 22): each wallet and
    /// category keeps its account as `account: "…"` metadata, the openings their equity
    /// account as `opening-account:`, so hledger's balance per account is the same on the
    /// original and on the round trip, names included (`assets:bank:giro`, not `Assets:giro`).
    func testTheRoundTripKeepsTheUsersAccountNames() throws {
        let hledger = try PeerJournal.require(.hledger).tool
        let original = TestSupport.path("Tests/TallyCLITests/Fixtures/interop/hledger/main.journal")
        let budget = folder.appendingPathComponent("named.tally").path
        let converted = try TallyBinary.run(["convert", "--strict", "-o", budget, original])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let exported = folder.appendingPathComponent("named.journal").path
        XCTAssertEqual(try TallyBinary.run(["export", "--to", "hledger", "-o", exported, budget]).status, 0)
        let before = try namedBalances(hledger, original)
        XCTAssertTrue(before.contains("assets:bank:giro: 8385.12 EUR"), "\(before)")
        XCTAssertEqual(before, try namedBalances(hledger, exported))
    }

    /// Several wallets and categories at once (issue 22, Grammar.md §3.11): a transaction on
    /// the wallet that moves most and transfers to the others keep every wallet's balance
    /// and every category's total on every day, nothing listed.
    func testPaychecksIntoSeveralWalletsKeepHledgersBalancesOnEveryDay() throws {
        let original = TestSupport.path("Tests/TallyInteropTests/Fixtures/convert/payroll.journal")
        let seen = try roundTrip(original, strict: true, days: ["2026-01-02", "2026-01-31", "2026-02-04", "2026-02-28"])
        // Worked out in the journal: checking 1000.00 + 2 × 1935.00 = 4870.00; 401k
        // 5000.00 + 2 × 300.00 = 5600.00; taxes 2 × 720.00; health 2 × 45.00.
        let end = try XCTUnwrap(seen["2026-02-28"])
        for amount in ["4870.00 USD", "5600.00 USD", "1200.00 USD", "240.00 USD", "90.00 USD", "-6000.00 USD", "5.00 VACHR", "-600.00 USD", "-300.00 USD"] {
            XCTAssertTrue(end.contains(amount), "\(amount) in \(end)")
        }
    }
}
