import TallyCore
import TallySyntax
import XCTest

/// At most a number of diagnostics per file, errors first, the rest counted.
final class DiagnosticLimitTests: XCTestCase {
    private func diagnostic(_ code: DiagnosticCode, _ file: String, at offset: Int) -> Diagnostic {
        Diagnostic(code, "at \(offset)", file: file, range: ByteRange(start: offset, end: offset + 1))
    }

    func testKeepsErrorsFirstThenEarliestInTheGivenOrder() {
        // a.tally: 3 warnings at 0, 1, 2 and 2 errors at 3, 4; limit 3 keeps both errors and
        // the first warning, in the given order; 5 − 3 = 2 left out. b.tally has 2: all kept.
        let a = [
            diagnostic(.walletBelowZero, "a", at: 0), diagnostic(.walletBelowZero, "a", at: 1),
            diagnostic(.walletBelowZero, "a", at: 2), diagnostic(.unknownName, "a", at: 3),
            diagnostic(.unknownName, "a", at: 4)
        ]
        let b = [diagnostic(.unknownName, "b", at: 0), diagnostic(.walletBelowZero, "b", at: 1)]
        let (kept, omitted) = DiagnosticLimit.apply(a + b, limit: 3)
        XCTAssertEqual(kept, [a[0], a[3], a[4]] + b)
        XCTAssertEqual(omitted, [DiagnosticLimit.Omitted(file: "a", count: 2, total: 5)])
        XCTAssertEqual(DiagnosticLimit.message(omitted[0]), "2 more diagnostics in this file not shown: only the first 3 of 5 are, errors first")
    }

    func testUnderTheLimitNothingChanges() {
        let all = (0 ..< 1000).map { diagnostic(.unknownName, "a", at: $0) }
        let (kept, omitted) = DiagnosticLimit.apply(all)
        XCTAssertEqual(kept, all)
        XCTAssertEqual(omitted, [])
    }
}
