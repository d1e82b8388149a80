import Foundation
import XCTest

/// The query grammar of docs/reports.md as the built binary shows it: each kind of term
/// (every row checked against the term); `EntryQueryParsingTests` reads it shape by shape.
final class EntryQueryTests: XCTestCase {
    let file = "examples/household.tally"

    /// Register rows (CSV, without the header) for `arguments`.
    func rows(_ arguments: [String]) throws -> [[String]] {
        let result = try TallyBinary.run(["register", file, "--format", "csv"] + arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result.stdout.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Columns: date,wallet,type,category,counterpart,payee,note,tags,amount,currency,balance.
    func testEachTermFiltersTheRegister() throws {
        let all = try rows(["-p", "2026"])
        XCTAssertGreaterThan(all.count, 50)
        let cases: [([String], ([String]) -> Bool)] = [
            (["food"], { ($0[3] + $0[5] + $0[6] + $0[1] + $0[4]).lowercased().contains("food") }),
            (["cat:groceries"], { $0[3].lowercased().contains("groceries") }),
            (["wallet:joint"], { $0[1] == "Joint" }),
            (["payee:lidl"], { $0[5] == "Lidl" }),
            (["amt:>500"], { abs(Double($0[8])!) > 500 }),
            (["amt:<-500"], { Double($0[8])! < -500 }),
            (["date:2026-11"], { $0[0].hasPrefix("2026-11") }),
            (["cat:groceries", "not:payee:lidl"], { $0[3].hasSuffix("Groceries") && $0[5] != "Lidl" }),
            (["payee:lidl", "payee:edeka"], { $0[5] == "Lidl" || $0[5] == "Edeka" })
        ]
        for (query, test) in cases {
            let shown = try rows(["-p", "2026"] + query)
            XCTAssertFalse(shown.isEmpty, "\(query)")
            XCTAssertTrue(shown.allSatisfy(test), "\(query): \(shown.filter { !test($0) })")
            XCTAssertEqual(shown.count, all.filter(test).count, "\(query)")
        }
    }

    /// With TALLY_FILE set, `tally reg food` is a query on that budget (hledger's habit).
    func testQueryWithoutNamingTheFile() throws {
        let named = try TallyBinary.run(["register", file, "food", "-p", "2026-11"])
        let short = try TallyBinary.run(["reg", "food", "-p", "2026-11"], environment: ["TALLY_FILE": file])
        XCTAssertEqual(short.status, 0, short.stderr)
        XCTAssertEqual(short.stdout, named.stdout)
        XCTAssertTrue(named.stdout.contains("Food:Groceries"))
    }

    /// A tag term keeps the entries that carry the tag: the same rows as `--tag`.
    func testTagTermAndFlagAgree() throws {
        XCTAssertEqual(try rows(["tag:#work"]), try rows(["--tag", "work"]))
    }

    func testQueryInInsightsAndReportAndUsageErrors() throws {
        let narrowed = try TallyBinary.run(["insights", file, "-p", "2026", "cat:groceries", "--format", "csv"])
        XCTAssertEqual(narrowed.status, 0, narrowed.stderr)
        XCTAssertTrue(narrowed.stdout.split(separator: "\r\n").dropFirst().allSatisfy { $0.contains("Groceries") }, narrowed.stdout)
        XCTAssertEqual(try TallyBinary.run(["report", file, "payee:lidl"]).status, 0)
        let bad = try TallyBinary.run(["register", file, "amt:lots"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(bad.stderr.contains("`amt:lots`"), bad.stderr)
        let notTaken = try TallyBinary.run(["goals", file, "food"])
        XCTAssertEqual(notTaken.status, 2)
        // `tally bal food`, as in hledger: the flows of the lines the query keeps.
        let balance = try TallyBinary.run(["balance", file, "food", "--format", "csv"])
        XCTAssertEqual(balance.status, 0, balance.stderr)
        let categories = balance.stdout.split(separator: "\r\n").dropFirst().filter { !$0.hasPrefix("Income,") && !$0.hasPrefix("Expense,") && !$0.hasPrefix("Net,") }
        XCTAssertFalse(categories.isEmpty, balance.stdout)
        XCTAssertTrue(categories.allSatisfy { $0.hasPrefix("Food:") }, balance.stdout)
        // `--by` and `--at` belong to the wallets' table, also when TALLY_FILE names the budget.
        for arguments in [["balance", file, "food", "--by", "owner"], ["balance", "food", "--at", "2026-11-01"], ["balance", file, "--budget", "--by", "owner"]] {
            let refused = try TallyBinary.run(arguments, environment: ["TALLY_FILE": file])
            XCTAssertEqual(refused.status, 2, "\(arguments): \(refused.stdout)")
        }
        XCTAssertTrue(try TallyBinary.run(["help", "register"]).stdout.contains("QUERY"))
    }
}
