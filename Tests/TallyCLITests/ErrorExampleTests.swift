import Foundation
import TallyTestSupport
import XCTest

/// Every file in `examples/errors/` is checked with the real binary; its text and JSON
/// output and exit code are compared with `X.expected` beside it. Re-record with
/// `TALLY_RECORD=1 swift test` after a deliberate change.
final class ErrorExampleTests: XCTestCase {
    func testEveryErrorExampleMatchesItsGoldenOutput() throws {
        let files = TestSupport.files(in: "examples/errors", withExtension: "tally")
        XCTAssertGreaterThanOrEqual(files.count, 25)
        for file in files {
            let relative = "examples/errors/" + (file as NSString).lastPathComponent
            let text = TallyInProcess.run(["check", "--color", "never", relative])
            let json = TallyInProcess.run(["check", "--format", "json", relative])
            XCTAssertEqual(text.status, json.status, relative)
            XCTAssertEqual(text.stderr, "", relative)
            XCTAssertNotEqual(text.status, 2, relative)
            let actual = text.stdout + "--- exit \(text.status) ---\n" + json.stdout
            let golden = String(file.dropLast(".tally".count)) + ".expected"
            if let failure = TestSupport.compareGolden(actual, path: golden) { XCTFail(failure) }
        }
    }

    func testEveryExampleChecksClean() throws {
        let files = TestSupport.files(in: "examples", withExtension: "tally")
        XCTAssertGreaterThanOrEqual(files.count, 3)
        for file in files {
            let relative = "examples/" + (file as NSString).lastPathComponent
            let result = TallyInProcess.run(["check", relative])
            XCTAssertEqual(result.status, 0, "\(relative):\n\(result.stdout)")
            XCTAssertEqual(result.stdout, "checked 1 file: no problems found\n", relative)
        }
    }
}
