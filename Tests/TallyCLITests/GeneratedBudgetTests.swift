import Foundation
import TallyTestSupport
import XCTest

/// `Benchmarks/generate.py` writes budgets that `tally check` finds clean on the day of
/// their last entry: no envelope period opens before the first money (a `rate` line dated
/// the day before does not open one, Grammar.md §4), and ready to assign, with the
/// planned amount of every period begun and the spending no envelope counts taken from
/// it, never goes below zero (W0503, W0514).
final class GeneratedBudgetTests: XCTestCase {
    func testGeneratedBudgetsCheckClean() throws {
        let python = try ExternalTool.require("python3")
        let temporary = try TemporaryFolder("generated")
        defer { temporary.remove() }
        let folder = temporary.url
        for count in [1000, 3000] {
            let path = folder.appendingPathComponent("budget-\(count).tally").path
            let generated = try python.run(["Benchmarks/generate.py", String(count), path])
            XCTAssertEqual(generated.status, 0, generated.output)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // The day of the last entry: entries are written in date order.
            let last = try XCTUnwrap(text.split(separator: "\n").last { $0.first?.isNumber == true }?.prefix(10))
            let check = try TallyBinary.run(["check", path, "--strict", "--today", String(last)])
            XCTAssertEqual(check.status, 0, "\(count) entries, today \(last):\n\(check.stdout)\(check.stderr)")
            XCTAssertTrue(check.stdout.contains("no problems found"), check.stdout)
            // Checked years after its last entry, as the benchmarks check it (2026-11-22; its
            // goals have later dates): its envelopes end with it (`until`), so nothing is
            // planned that no income pays for.
            let later = try TallyBinary.run(["check", path, "--strict", "--today", "2026-11-22"])
            XCTAssertEqual(later.status, 0, "\(count) entries, today 2026-11-22:\n\(later.stdout)\(later.stderr)")
        }
    }
}

/// A budget whose totals could overflow shows no figures: the report commands say why
/// and exit 1, rather than print a total that dropped an addend.
final class OverflowingTotalsTests: XCTestCase {
    func testReportsRefuseTotalsThatCouldOverflow() throws {
        let budget = """
            currency EUR
            wallet A
            wallet B
            expense Fun
            2026-03-02 A Fun -60000000000000000.00
            2026-03-03 B Fun -60000000000000000.00

            """
        for command in ["report", "insights", "balance", "register", "envelopes"] {
            let result = try TallyBinary.run([command, "-", "--today", "2026-03-31"], stdin: budget)
            XCTAssertEqual(result.status, 1, "\(command): \(result.stdout)")
            XCTAssertEqual(result.stdout, "", command)
            XCTAssertTrue(result.stderr.contains("too large") || result.stderr.contains("more than can be totalled exactly"), result.stderr)
        }
        let check = try TallyBinary.run(["check", "-", "--today", "2026-03-31"], stdin: budget)
        XCTAssertTrue(check.stdout.contains("E0404"), check.stdout)
    }
}
