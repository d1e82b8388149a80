import Foundation
import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import XCTest

@testable import TallyCLI

/// `tally check --format github|sarif`, and `--deny` / `--allow` in every format.
final class CheckFormatTests: XCTestCase {
    /// One workflow command as GitHub documents it: properties escaped, data escaped.
    private let commandPattern = try! NSRegularExpression(
        pattern:
            #"^::(error|warning|notice) file=([^,:\r\n]*),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([EWI]\d{4})::([^\r\n]*)$"#)

    private func commands(_ output: String) -> [[String]] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let text = String(line)
            guard let match = commandPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
                XCTFail("not a workflow command: \(text)")
                return []
            }
            return (1 ..< match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    func testGitHubCommandsMarkEachProblemWithItsSeverityAndRange() throws {
        let result = try TallyBinary.run([
            "check", "--format", "github", "examples/errors/E0204-invalid-date.tally",
            "examples/errors/W0501-envelope-overspent.tally", "examples/errors/I0502-envelope-alert.tally"
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasSuffix("\n"))
        let found = commands(result.stdout)
        XCTAssertEqual(found.count, 6, result.stdout)
        // `2026-02-30` on line 6 covers columns 1 through 10.
        XCTAssertEqual(
            found.first,
            [
                "error", "examples/errors/E0204-invalid-date.tally", "6", "1", "6", "10", "E0204",
                "invalid date `2026-02-30`: February 2026 has 28 days"
            ])
        XCTAssertEqual(Set(found.map { $0[0] }), ["error", "warning", "notice"])
        let warning = try XCTUnwrap(found.first { $0[6] == "W0501" })
        XCTAssertEqual(warning[0], "warning")
        XCTAssertTrue(warning[7].contains("%0Ahelp: "), "help follows on an escaped new line: \(warning[7])")
        let notice = try XCTUnwrap(found.first { $0[6] == "I0502" })
        XCTAssertTrue(notice[7].contains("80%25"), "a percent sign in data is escaped: \(notice[7])")
    }

    func testGitHubEscapingFollowsTheWorkflowCommandSyntax() {
        XCTAssertEqual(GitHubDiagnosticRenderer.escapeData("100% done\r\nnext: a, b"), "100%25 done%0D%0Anext: a, b")
        XCTAssertEqual(GitHubDiagnosticRenderer.escapeProperty("dir: a,b/100%\n.tally"), "dir%3A a%2Cb/100%25%0A.tally")
        // `%` is escaped first, so an escape already in the text is not mistaken for one.
        XCTAssertEqual(GitHubDiagnosticRenderer.escapeData("%0A"), "%250A")
    }

    func testGitHubPropertiesOfAnOddFileNameAreEscaped() throws {
        let temporary = try TemporaryFolder("github")
        defer { temporary.remove() }
        let folder = temporary.url
        let odd = folder.appendingPathComponent("a,b: 100%.tally")
        try FileManager.default.copyItem(atPath: TestSupport.path("examples/errors/E0204-invalid-date.tally"), toPath: odd.path)
        let result = try TallyBinary.run(["check", "--format", "github", odd.path])
        XCTAssertEqual(result.status, 1)
        let found = commands(result.stdout)
        XCTAssertEqual(found.count, 4)
        XCTAssertEqual(found.first?[1], folder.path.replacingOccurrences(of: ":", with: "%3A") + "/a%2Cb%3A 100%25.tally")
    }

    func testGitHubPathsAreRelativeToTheWorkspace() throws {
        let absolute = TestSupport.path("examples/errors/E0204-invalid-date.tally")
        let result = try TallyBinary.run(
            ["check", "--format", "github", absolute],
            environment: ["GITHUB_WORKSPACE": TestSupport.repositoryRoot.path])
        XCTAssertEqual(commands(result.stdout).first?[1], "examples/errors/E0204-invalid-date.tally")
        let outside = try TallyBinary.run(["check", "--format", "github", absolute], environment: ["GITHUB_WORKSPACE": "/nowhere"])
        XCTAssertEqual(commands(outside.stdout).first?[1], absolute.replacingOccurrences(of: ":", with: "%3A"))
    }

    func testSARIFHasTheRequiredFieldsRulesAndRegions() throws {
        let result = try TallyBinary.run([
            "check", "--format", "sarif", "examples/errors/E0204-invalid-date.tally",
            "examples/errors/I0502-envelope-alert.tally"
        ])
        XCTAssertEqual(result.status, 1)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, SARIFDiagnosticRenderer.schema)
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let tool = try XCTUnwrap(runs[0]["tool"] as? [String: Any])
        let driver = try XCTUnwrap(tool["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "tally")
        XCTAssertEqual(driver["version"] as? String, TallyVersion.current)
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, DiagnosticCode.all.map(\.rawValue))
        for (rule, code) in zip(rules, DiagnosticCode.all) {
            XCTAssertEqual((rule["shortDescription"] as? [String: Any])?["text"] as? String, code.title)
            let help = try XCTUnwrap((rule["help"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(help.hasPrefix(code.summary), "\(code): \(help)")
            if let fix = code.fix { XCTAssertTrue(help.hasSuffix("Fix: " + fix), "\(code): \(help)") }
        }

        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 5)
        for item in results {
            let ruleId = try XCTUnwrap(item["ruleId"] as? String)
            let index = try XCTUnwrap(item["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, ruleId)
            XCTAssertNotNil((item["message"] as? [String: Any])?["text"] as? String)
            let locations = try XCTUnwrap(item["locations"] as? [[String: Any]])
            let physical = try XCTUnwrap(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try XCTUnwrap((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertTrue(uri.hasPrefix("examples/errors/"), uri)
            let region = try XCTUnwrap(physical["region"] as? [String: Int])
            for key in ["startLine", "startColumn", "endLine", "endColumn"] {
                XCTAssertGreaterThanOrEqual(region[key] ?? 0, 1, "\(ruleId) region needs \(key)")
            }
        }
        let first = try XCTUnwrap(results.first)
        XCTAssertEqual(first["level"] as? String, "error")
        let region = ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Int]
        XCTAssertEqual(region, ["startLine": 6, "startColumn": 1, "endLine": 6, "endColumn": 11])
        XCTAssertEqual(results.last?["level"] as? String, "note")
    }

    func testSARIFWithNoProblemsHasAnEmptyResultList() throws {
        let result = try TallyBinary.run(["check", "--format", "sarif", "examples/household.tally"])
        XCTAssertEqual(result.status, 0)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual((runs[0]["results"] as? [Any])?.count, 0)
        XCTAssertEqual(try TallyBinary.run(["check", "--format", "github", "examples/household.tally"]).stdout, "")
    }

    // MARK: --deny and --allow

    private let overspent = "examples/errors/W0501-envelope-overspent.tally"

    /// The codes a format reports, with their severities, read the way a consumer would.
    private func reported(_ format: String, _ extra: [String]) throws -> (status: Int32, found: [String]) {
        let result = try TallyBinary.run(["check", "--format", format, overspent] + extra)
        switch format {
        case "text":
            let found = result.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let match = line.firstMatch(of: /: (error|warning|info)\[([EWI]\d{4})\]/) else { return nil }
                return "\(match.1) \(match.2)"
            }
            return (result.status, found)
        case "github":
            return (result.status, commands(result.stdout).map { "\($0[0] == "notice" ? "info" : $0[0]) \($0[6])" })
        case "json":
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let items = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
            return (result.status, items.map { "\($0["severity"]!) \($0["code"]!)" })
        default:
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let items = try XCTUnwrap(((json["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            return (result.status, items.map { "\(($0["level"] as! String) == "note" ? "info" : $0["level"]!) \($0["ruleId"]!)" })
        }
    }

    func testDenyAndAllowBehaveTheSameInEveryFormat() throws {
        for format in ["text", "json", "github", "sarif"] {
            let plain = try reported(format, [])
            XCTAssertEqual(plain.status, 0, format)
            XCTAssertTrue(plain.found.contains("warning W0501"), "\(format): \(plain.found)")

            let denied = try reported(format, ["--deny", "W0501"])
            XCTAssertEqual(denied.status, 1, format)
            XCTAssertTrue(denied.found.contains("error W0501"), "\(format): \(denied.found)")
            XCTAssertFalse(denied.found.contains("warning W0501"), format)

            let allowed = try reported(format, ["--allow=W0501"])
            XCTAssertEqual(allowed.status, 0, format)
            XCTAssertFalse(allowed.found.contains { $0.hasSuffix("W0501") }, "\(format): \(allowed.found)")
            XCTAssertEqual(allowed.found.count, plain.found.count - 1, format)

            XCTAssertEqual(try reported(format, ["--strict"]).status, 1, "\(format): --strict fails on the warning")
            XCTAssertEqual(try reported(format, ["--strict", "--allow", "W0501"]).status, 0, format)

            // Given both, nothing is silently resolved: a usage error.
            let both = try TallyBinary.run(["check", "--format", format, overspent, "--deny", "W0501", "--allow", "W0501"])
            XCTAssertEqual(both.status, 2, format)
            XCTAssertEqual(both.stdout, "", format)
        }
    }

    func testAllowTakesListsButNeverSilencesSyntaxErrors() throws {
        let list = try TallyBinary.run(["check", "--allow", "W0501,I0502", "--strict", overspent])
        XCTAssertFalse(list.stdout.contains("W0501"), list.stdout)

        let syntax = try TallyBinary.run(["check", "--allow", "E0204", "examples/errors/E0204-invalid-date.tally"])
        XCTAssertEqual(syntax.status, 2)
        XCTAssertTrue(syntax.stderr.hasPrefix("tally check: `E0204` is a syntax error and cannot be silenced"), syntax.stderr)

        for bad in [["--deny", "X9999"], ["--allow", "w0501"], ["--deny"], ["--deny", "W0501,"]] {
            let result = try TallyBinary.run(["check"] + bad + [overspent])
            XCTAssertEqual(result.status, 2, "\(bad)")
            XCTAssertTrue(result.stderr.hasPrefix("tally check: "), result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }
}
