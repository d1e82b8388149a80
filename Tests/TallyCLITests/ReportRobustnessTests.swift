import Foundation
import TallyCLI
import TallyTestSupport
import XCTest

/// Every report on every broken example and on damaged copies of the good ones: a
/// report may say the budget has errors, but it never crashes, hangs or fails with
/// anything but its documented exit codes.
final class ReportRobustnessTests: XCTestCase {
    static let commands: [[String]] = [
        ["balance"], ["balance", "--by", "owner"], ["envelopes"], ["goals"], ["register"], ["report"], ["report", "--months", "3"],
        ["report", "--format", "html"], ["insights", "--period", "this-year", "--by", "month"], ["due"], ["forecast", "--events"]
    ]

    func run(_ arguments: [String]) -> (Int32, String) {
        let console = Console.capturing(environment: ["TALLY_TODAY": "2026-11-22"])
        let status = TallyTool.run(arguments, console: console)
        return (status, console.capturedOut + console.capturedErr)
    }

    func testBrokenExamples() {
        for file in TestSupport.files(in: "examples/errors", withExtension: "tally") {
            for command in Self.commands {
                // Totals that could overflow are refused with exit 1 (E0404's example).
                let expected: Int32 = file.hasSuffix("E0404-numeric-overflow.tally") ? 1 : 0
                let (status, output) = run(command + [file])
                XCTAssertEqual(status, expected, "\(command) \(file): \(output.prefix(300))")
                for format in ["json", "csv"] where command.count == 1 {
                    XCTAssertEqual(run(command + [file, "--format", format]).0, expected, "\(command) \(format) \(file)")
                }
            }
        }
    }

    func testDamagedCopiesOfTheExamples() throws {
        var random = TestSupport.SeededGenerator(seed: 20261122)
        let temporary = try TemporaryFolder("reports")
        defer { temporary.remove() }
        let folder = temporary.url
        for name in ["household", "student", "multi-currency"] {
            let original = Array(try String(contentsOfFile: TestSupport.path("examples/\(name).tally"), encoding: .utf8).utf8)
            for round in 0 ..< 12 {
                var bytes = original
                // Delete, duplicate or overwrite a few spans: broken dates, amounts, names.
                for _ in 0 ..< 4 {
                    let at = Int.random(in: 0 ..< bytes.count, using: &random)
                    let length = min(Int.random(in: 1 ... 12, using: &random), bytes.count - at)
                    switch Int.random(in: 0 ..< 3, using: &random) {
                    case 0: bytes.removeSubrange(at ..< at + length)
                    case 1: bytes.insert(contentsOf: bytes[at ..< at + length], at: at)
                    default: for i in at ..< at + length { bytes[i] = UInt8.random(in: 0x20 ... 0x7E, using: &random) }
                    }
                }
                let path = folder.appendingPathComponent("\(name)-\(round).tally").path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                for command in Self.commands {
                    let (status, output) = run(command + [path])
                    XCTAssertEqual(status, 0, "\(command) \(name) round \(round): \(output.prefix(300))")
                }
            }
        }
    }
}
