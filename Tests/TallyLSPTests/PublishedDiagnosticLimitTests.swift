import TallyLSP
import XCTest

/// A file's published diagnostics are capped like `tally check`'s: at most 1,000, errors
/// first, and one information saying how many more there are. A binary buffer gets one.
final class PublishedDiagnosticLimitTests: XCTestCase {
    func testAtMostAThousandAndOneSayingHowManyMore() {
        let client = TestClient()
        client.initialize()
        client.open("a.tally", String(repeating: "bogus\n", count: 1500))
        let list = client.diagnostics("a.tally")?["diagnostics"]?.arrayValue ?? []
        XCTAssertEqual(list.count, 1001)
        XCTAssertEqual(list.filter { $0["code"] == "E0201" }.count, 1000)
        XCTAssertEqual(list.last?["severity"], 3)
        XCTAssertEqual(
            list.last?["message"]?.stringValue,
            "500 more diagnostics in this file not shown: only the first 1000 of 1500 are, errors first")
    }

    func testBinaryTextGetsOneDiagnostic() {
        let client = TestClient()
        client.initialize()
        var state: UInt64 = 12345
        let scalars = (0 ..< 30_000).map { _ -> Character in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: state >> 56)))
        }
        client.open("b.tally", String(scalars))
        XCTAssertEqual(client.codes("b.tally"), ["E0105"])
    }
}
