import TallyReports
import XCTest

/// The JSON printer every report's `--format json` goes through: key order kept, amounts
/// as strings, strings escaped only where they need it.
final class JSONValueTests: XCTestCase {
    func testJSONKeepsKeyOrderAndAmountsAsStrings() {
        let value = JSONValue.object([("b", .string("-1.50")), ("a", .array([.string("x"), .null])), ("c", .array([.object([("n", .number(1))])]))])
        XCTAssertEqual(
            value.rendered(),
            """
            {
              "b": "-1.50",
              "a": ["x", null],
              "c": [
                {
                  "n": 1
                }
              ]
            }

            """)
    }

    func testJSONStringsAreEscapedWhenTheyNeedIt() {
        XCTAssertEqual(JSONValue.quote("Café Lind"), "\"Café Lind\"")
        XCTAssertEqual(JSONValue.quote("say \"hi\"\\"), "\"say \\\"hi\\\"\\\\\"")
        XCTAssertEqual(JSONValue.quote("a\tb\u{1}"), "\"a\\tb\\u0001\"")
    }
}
