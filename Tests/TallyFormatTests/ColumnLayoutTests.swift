import TallyFormat
import TallySyntax
import XCTest

/// The column rules of the canonical layout (Grammar.md, "Canonical layout"), one at a
/// time, on the smallest texts that show them.
final class ColumnLayoutTests: XCTestCase {
    private func formatted(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let output = FormatAssertions.check(Array(text.utf8), text, file: file, line: line) else { return "" }
        return String(decoding: output, as: UTF8.self)
    }

    func testFieldsOfABlockStandInColumnsTwoSpacesApart() {
        XCTAssertEqual(formatted("wallet Checking bank\nwallet Cash cash\n"),
                       "wallet Checking  bank\nwallet Cash      cash\n")
    }

    func testMissingFieldLeavesItsCellBlank() {
        XCTAssertEqual(formatted("2026-01-01 \"Shop\" Cash Fun -1.00\n2026-01-02 Cash Fun -2.00\n"),
                       "2026-01-01 \"Shop\"  Cash  Fun  -1.00\n2026-01-02         Cash  Fun  -2.00\n")
    }

    func testAttributesAlignByKeywordNotPosition() {
        XCTAssertEqual(formatted("goal Trip 100 by 2027-01-01 in Savings\ngoal Car 5000 in Savings\n"),
                       "goal Trip   100  by 2027-01-01  in Savings\ngoal Car   5000                 in Savings\n")
    }

    func testAttributeWithoutColumnSharesOneTheLineLacks() {
        XCTAssertEqual(formatted("wallet A bank opening 1.00 owner Anna\nwallet B credit limit 1500 owner Ben\n"),
                       "wallet A  bank    opening 1.00  owner Anna\nwallet B  credit  limit 1500    owner Ben\n")
    }

    func testLastFieldDoesNotWidenItsColumn() {
        XCTAssertEqual(formatted("payee \"A very long payee name\" Food\npayee \"B\" Fun\n"),
                       "payee \"A very long payee name\"  Food\npayee \"B\"                       Fun\n")
        XCTAssertEqual(formatted("2026-01-01 Cash Fun -1.00 rule a-long-rule-name\n2026-01-02 Cash Fun -2.00 #x\n"),
                       "2026-01-01 Cash  Fun  -1.00  rule a-long-rule-name\n2026-01-02 Cash  Fun  -2.00  #x\n")
    }

    func testAFieldFortyWiderStaysInItsColumnAndFortyOneOverflows() {
        let forty = "\"" + String(repeating: "p", count: 42) + "\""  // 44 wide, 40 more than "ab" (4)
        XCTAssertEqual(formatted("2026-01-01 \(forty) Cash -1.00\n2026-01-02 \"ab\" Cash -2.00\n"),
                       "2026-01-01 \(forty)  Cash  -1.00\n2026-01-02 \"ab\"" + String(repeating: " ", count: 42) + "Cash  -2.00\n")
        let fortyOne = "\"" + String(repeating: "p", count: 43) + "\""
        XCTAssertEqual(formatted("2026-01-01 \(fortyOne) Cash -1.00\n2026-01-02 \"ab\" Cash -2.00\n"),
                       "2026-01-01 \(fortyOne)  Cash  -1.00\n2026-01-02 \"ab\"  Cash  -2.00\n")
    }

    func testDatedKeywordStartsAFieldWithTheNamesAfterIt() {
        XCTAssertEqual(formatted("2026-01-05 transfer A -> Savings 300.00 goal Trip\n2026-01-06 transfer Checking -> B 5.00\n"),
                       "2026-01-05 transfer A -> Savings   300.00  goal Trip\n2026-01-06 transfer Checking -> B    5.00\n")
    }

    func testScheduleIsOneField() {
        XCTAssertEqual(formatted("every month on 1 from 2026-01-01 as rent Checking Rent -950.00\nevery week from 2026-01-02 Cash Fun -5\n"),
                       "every month on 1 from 2026-01-01 as rent  Checking  Rent  -950.00\nevery week from 2026-01-02                Cash      Fun     -5\n")
    }
}
