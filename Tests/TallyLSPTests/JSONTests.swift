import TallyLSP
import XCTest

final class JSONTests: XCTestCase {
    func testParsesAndPrintsEveryKindOfValue() throws {
        let text = #"{"a":[1,-2,3.5,true,false,null],"b":{"c":"d\n\"e\" \u00e9 \ud83d\ude00"}}"#
        let value = try JSON.parse(text)
        XCTAssertEqual(value["a"], [1, -2, .double(3.5), true, false, nil])
        XCTAssertEqual(value["b"]?["c"], .string("d\n\"e\" é 😀"))
        XCTAssertEqual(try JSON.parse(value.text), value)
        XCTAssertEqual(value.text, #"{"a":[1,-2,3.5,true,false,null],"b":{"c":"d\n\"e\" é 😀"}}"#)
    }

    func testControlCharactersAreEscapedWhenPrinted() {
        XCTAssertEqual(JSON.string("a\u{1}b\tc").text, #""a\u0001b\tc""#)
    }

    func testRejectsMalformedText() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01x", "{\"a\":1} x", "\"a\u{1}\"", "[\"\\q\"]"] {
            XCTAssertThrowsError(try JSON.parse(bad), "accepted \(bad)")
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSON.parse(deep))
    }

    func testIntegersAndWholeDoublesReadAsInt() throws {
        XCTAssertEqual(try JSON.parse("42").intValue, 42)
        XCTAssertEqual(try JSON.parse("4.0").intValue, 4)
        XCTAssertNil(try JSON.parse("4.5").intValue)
        XCTAssertNil(try JSON.parse("\"4\"").intValue)
    }
}
