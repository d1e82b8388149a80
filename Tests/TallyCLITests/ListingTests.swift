import Foundation
import XCTest

/// `tally wallets`, `categories`, `payees`, `tags` and `stats`, through the built binary,
/// in each format; figures counted by hand from examples/household.tally.
final class ListingTests: XCTestCase {
    let file = "examples/household.tally"

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = TallyInProcess.run(arguments + ["--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func testEveryListingInEveryFormat() throws {
        for command in ["wallets", "categories", "payees", "tags", "stats"] {
            for format in ["text", "json", "csv"] {
                let result = TallyInProcess.run([command, file, "--format", format])
                XCTAssertEqual(result.status, 0, "\(command) \(format): \(result.stderr)")
                XCTAssertFalse(result.stdout.isEmpty)
                if format == "csv" { XCTAssertTrue(result.stdout.contains("\r\n")) }
            }
            XCTAssertTrue(TallyInProcess.run(["--help"]).stdout.contains("  \(command) "), command)
        }
    }

    /// Parents come before their children, indented; a parent counts its children's postings.
    func testCategoriesAreATree() throws {
        let text = TallyInProcess.run(["categories", file]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        let food = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Food ") })
        XCTAssertTrue(lines[food + 1].hasPrefix("  Eating-out "), text)
        let categories = try XCTUnwrap(try json(["categories", file])["categories"] as? [[String: Any]])
        func entries(_ name: String) -> Int { categories.first { $0["name"] as? String == name }?["entries"] as? Int ?? -1 }
        XCTAssertEqual(entries("Food"), entries("Food:Eating-out") + entries("Food:Groceries") + entries("Food:Lunch"))
        XCTAssertEqual(categories.first { $0["name"] as? String == "Food:Groceries" }?["parent"] as? String, "Food")
    }

    func testPayeesTagsWalletsAndStats() throws {
        // Lidl appears in November (2026-11-21 is the last one).
        let payees = try XCTUnwrap(try json(["payees", file, "-p", "2026-11"])["payees"] as? [[String: Any]])
        let lidl = try XCTUnwrap(payees.first { $0["name"] as? String == "Lidl" })
        XCTAssertEqual(lidl["last"] as? String, "2026-11-21")
        let tags = try XCTUnwrap(try json(["tags", file])["tags"] as? [[String: Any]])
        XCTAssertEqual(tags.first { $0["name"] as? String == "birthday" }?["entries"] as? Int, 2)
        let wallets = try XCTUnwrap(try json(["wallets", file])["wallets"] as? [[String: Any]])
        XCTAssertEqual(wallets.map { $0["name"] as? String }, ["Joint", "Anna-cash", "Ben-cash", "Visa", "Savings"])
        let stats = try json(["stats", file])
        XCTAssertEqual(stats["files"] as? [String], ["examples/household.tally"])
        XCTAssertEqual(stats["first"] as? String, "2026-09-01")
        XCTAssertEqual(stats["last"] as? String, "2026-11-21")
        XCTAssertEqual(stats["days"] as? Int, 82)  // 30 (Sep) + 31 (Oct) + 21 (Nov)
        XCTAssertNotNil(stats["milliseconds"] as? Int)
        let perWallet = try XCTUnwrap(stats["wallets"] as? [[String: Any]])
        XCTAssertEqual(perWallet.first?["last"] as? String, "2026-11-21")
        XCTAssertTrue(TallyInProcess.run(["stats", file]).stdout.contains("Took "))
    }
}
