import Foundation
import TallyTestSupport
import XCTest

/// docs/reports.md stays true: every key a report's JSON output holds is named in that
/// command's section of the schema, and every CSV header is listed in the CSV table.
final class ReportSchemaDocumentationTests: XCTestCase {
    lazy var docs = (try? String(contentsOfFile: TestSupport.path("docs/reports.md"), encoding: .utf8)) ?? ""

    /// The text of the section headed `### \`tally COMMAND\``.
    func section(_ command: String) throws -> String {
        let start = try XCTUnwrap(docs.range(of: "### `tally \(command)`\n"), "no section for \(command)").upperBound
        let end = docs.range(of: "\n#", range: start ..< docs.endIndex)?.lowerBound ?? docs.endIndex
        return String(docs[start ..< end])
    }

    func keys(_ value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys($1.value)) }
        }
        if let array = value as? [Any] { return array.reduce(into: Set<String>()) { $0.formUnion(keys($1)) } }
        return []
    }

    func testEveryJSONKeyIsDocumented() throws {
        let cases: [(String, [String], [String])] = [
            ("balance", [], []), ("envelopes", [], []), ("envelopes", ["--envelope", "Groceries"], []),
            ("envelopes", ["--monthly", "--today", "2026-11-22"], []), ("goals", [], []),
            ("register", [], []), ("report", [], ["envelopes"]), ("report", ["--months", "3"], []), ("insights", [], []),
            ("due", [], []), ("forecast", [], [])
        ]
        for (command, extra, borrowed) in cases {
            let result = TallyInProcess.run([command, "examples/household.tally", "--format", "json"] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let text = try ([command] + borrowed).map(section).joined() + "\"currency\", \"date\""  // missingRates' keys
            for key in keys(document) {
                XCTAssertTrue(text.contains("\"\(key)\""), "`\(key)` of tally \(command) \(extra) is not in docs/reports.md")
            }
        }
    }

    func testEveryCSVHeaderIsDocumented() throws {
        for arguments in [
            ["balance"], ["envelopes"], ["envelopes", "--envelope", "Groceries"], ["envelopes", "--monthly"], ["goals"], ["register"], ["report"],
            ["report", "--months", "3"], ["insights"], ["due"], ["forecast"]
        ] {
            let result = TallyInProcess.run(arguments + ["examples/household.tally", "--format", "csv"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let header = String(result.stdout.prefix { $0 != "\r\n" && $0 != "\n" && $0 != "\r" })
            XCTAssertTrue(docs.contains("`\(header)`"), "CSV header of \(arguments) is not in docs/reports.md: \(header)")
        }
    }
}
