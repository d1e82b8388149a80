import Foundation
import TallyTestSupport
import XCTest

/// One scenario budget written by hand as an hledger journal: hledger's balances and
/// category totals agree with Tally's to the cent (wallets as `assets:`/`liabilities:`,
/// categories as `income:`/`expenses:`, parents totalling their children). Skipped with
/// the reason when hledger is missing, a failure under CI (see `ExternalTool`).
final class HledgerCrossCheckTests: XCTestCase {
    static let budget = "Tests/TallyCoreTests/Scenarios/03-parents-and-wallets.tally"
    static let journal = "Tests/TallyCLITests/Fixtures/hledger/03-parents-and-wallets.journal"

    /// `hledger bal` as account → amount (the number without its commodity).
    func hledger(_ hledger: ExternalTool, _ arguments: [String]) throws -> [String: String] {
        let result = try hledger.run(["bal", "-f", Self.journal, "-O", "csv", "--flat", "--no-total"] + arguments)
        XCTAssertEqual(result.status, 0, result.output)
        var balances: [String: String] = [:]
        for line in result.stdout.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard fields.count == 2 else { continue }
            balances[fields[0]] = fields[1].replacingOccurrences(of: " EUR", with: "")
        }
        return balances
    }

    func tally(_ arguments: [String]) throws -> [String: Any] {
        let result = try TallyBinary.run(arguments + ["--today", "2026-03-31", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A negated decimal string: `-85.00` ↔ `85.00`.
    func negated(_ text: String) -> String { text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text }

    func testBalancesAndCategoryTotalsAgreeWithHledger() throws {
        let tool = try ExternalTool.require("hledger")
        let ledger = try hledger(tool, [])
        // Wallets: Checking 2830.00, Cash 180.00, Card −85.00 in both.
        let balance = try tally(["balance", Self.budget])
        let wallets = try XCTUnwrap(balance["wallets"] as? [[String: Any]])
        let accounts = ["Checking": "assets:Checking", "Cash": "assets:Cash", "Card": "liabilities:Card"]
        XCTAssertEqual(wallets.count, accounts.count)
        for wallet in wallets {
            let name = try XCTUnwrap(wallet["name"] as? String)
            XCTAssertEqual(wallet["balance"] as? String, ledger[try XCTUnwrap(accounts[name])], name)
        }
        // The total of the wallets is what equity put in plus income less expense:
        // hledger's assets + liabilities = 2830 + 180 − 85 = 2925.
        XCTAssertEqual(balance["total"] as? String, "2925.00")
        // Categories: spending positive in Tally, a debit in hledger; income the reverse.
        let insights = try tally(["insights", Self.budget, "--period", "2026-03"])
        for row in try XCTUnwrap(insights["expenseByCategory"] as? [[String: Any]]) {
            let name = try XCTUnwrap(row["name"] as? String)
            XCTAssertEqual(row["amount"] as? String, ledger["expenses:" + name], name)
        }
        for row in try XCTUnwrap(insights["incomeByCategory"] as? [[String: Any]]) {
            let name = try XCTUnwrap(row["name"] as? String)
            XCTAssertEqual((row["amount"] as? String).map(negated), ledger["income:" + name], name)
        }
        // Parents total their children: Tally's --depth 1 is hledger's --depth 2 under
        // `expenses:` (Food 120 + 15 + 60 + 40 = 235.00).
        let parents = try hledger(tool, ["--depth", "2", "expenses"])
        let shallow = try tally(["insights", Self.budget, "--period", "2026-03", "--depth", "1"])
        let rows = try XCTUnwrap(shallow["expenseByCategory"] as? [[String: Any]])
        XCTAssertEqual(rows.count, parents.count)
        for row in rows {
            let name = try XCTUnwrap(row["name"] as? String)
            XCTAssertEqual(row["amount"] as? String, parents["expenses:" + name], name)
        }
        XCTAssertEqual(parents["expenses:Food"], "235.00")
    }

    /// The register's running total of the rows shown (a `wallet:` query) is hledger's
    /// `register` total of that account at the end of every day either shows, on each
    /// example as `tally export` writes it (the export's opening balance transactions left
    /// out: Tally's rows do not list a wallet's opening). Days, not rows: a split is a row
    /// per category in Tally and one posting in hledger, and a balance check is a posting
    /// of 0 in hledger and no row in Tally.
    func testRegisterRunningTotalIsHledgers() throws {
        let tool = try ExternalTool.require("hledger")
        let temporary = try TemporaryFolder("running")
        defer { temporary.remove() }
        var compared = 0
        for example in ["household", "student", "multi-currency"] {
            let budget = "examples/\(example).tally"
            let journal = temporary.path(example + ".journal")
            let export = try TallyBinary.run(["export", "--to", "hledger", budget, "-o", journal, "--today", "2026-11-22"])
            XCTAssertEqual(export.status, 0, export.stderr)
            let wallets = try XCTUnwrap(try tally(["wallets", budget])["wallets"] as? [[String: Any]])
            for wallet in wallets {
                let name = try XCTUnwrap(wallet["name"] as? String)
                let kind = wallet["kind"] as? String
                let account = (kind == "credit" || kind == "loan" ? "Liabilities:" : "Assets:") + name
                let peer = try tool.run(["reg", "-f", journal, "-O", "csv", "^\(account)$", "not:desc:^Opening balance$"])
                XCTAssertEqual(peer.status, 0, peer.output)
                // "txnidx","date","code","description","account","amount","total"
                let theirs = peer.stdout.split(whereSeparator: \.isNewline).dropFirst().map { line in
                    let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                    return [fields[1], Self.number(fields[fields.count - 2]), Self.number(fields[fields.count - 1])]
                }
                let rows = try XCTUnwrap(try tally(["register", budget, "wallet:\(name)"])["rows"] as? [[String: Any]])
                let ours = rows.filter { ($0["wallet"] as? String) == name }.map { row in
                    [row["date"] as? String ?? "", Self.number(row["amount"] as? String ?? ""), Self.number(row["total"] as? String ?? "")]
                }
                XCTAssertEqual(ours.count, rows.count, "\(example) \(name): the query kept rows of other wallets")
                XCTAssertEqual(Self.days(ours), Self.days(theirs.filter { $0[1] != "0" }), "\(example) \(name)")
                compared += ours.count
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// Each day's last running total, from rows of date, amount and total.
    static func days(_ rows: [[String]]) -> [[String]] {
        var days: [[String]] = []
        for row in rows {
            if days.last?[0] == row[0] { days[days.count - 1] = [row[0], row[2]] } else { days.append([row[0], row[2]]) }
        }
        return days
    }

    /// A figure without its commodity and thousands marks, as a decimal's text.
    static func number(_ text: String) -> String {
        let kept = text.filter { $0.isNumber || $0 == "-" || $0 == "." }
        return Decimal(string: kept).map { "\($0)" } ?? text
    }
}
