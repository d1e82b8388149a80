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
        XCTAssertEqual(
            formatted("wallet Checking bank\nwallet Cash cash\n"),
            "wallet Checking  bank\nwallet Cash      cash\n")
    }

    func testPercentagesOfASplitRuleStandInTheAmountColumnOnTheirDecimalPoint() {
        // `%` where the point of the amounts is: `70` and `12.5` are 2 wide before it, `5.00` 1.
        XCTAssertEqual(
            formatted("match \"COSTCO\"\n    Food:Groceries 70%\n    Fun 5.00 #coffee\n    Gifts 12.5%\n    Household\n"),
            "match \"COSTCO\"\n    Food:Groceries  70%\n    Fun              5.00  #coffee\n    Gifts           12.5%\n    Household\n")
    }

    func testMissingFieldLeavesItsCellBlank() {
        XCTAssertEqual(
            formatted("2026-01-01 \"Shop\" Cash Fun -1.00\n2026-01-02 Cash Fun -2.00\n"),
            "2026-01-01 \"Shop\"  Cash  Fun  -1.00\n2026-01-02         Cash  Fun  -2.00\n")
    }

    func testAttributesAlignByKeywordNotPosition() {
        XCTAssertEqual(
            formatted("goal Trip 100 by 2027-01-01 in Savings\ngoal Car 5000 in Savings\n"),
            "goal Trip   100  by 2027-01-01  in Savings\ngoal Car   5000                 in Savings\n")
    }

    func testAttributeWithoutColumnSharesOneTheLineLacks() {
        XCTAssertEqual(
            formatted("wallet A bank opening 1.00 owner Anna\nwallet B credit limit 1500 owner Ben\n"),
            "wallet A  bank    opening 1.00  owner Anna\nwallet B  credit  limit 1500    owner Ben\n")
    }

    func testLastFieldDoesNotWidenItsColumn() {
        XCTAssertEqual(
            formatted("payee \"A very long payee name\" Food\npayee \"B\" Fun\n"),
            "payee \"A very long payee name\"  Food\npayee \"B\"                       Fun\n")
        XCTAssertEqual(
            formatted("2026-01-01 Cash Fun -1.00 rule a-long-rule-name\n2026-01-02 Cash Fun -2.00 #x\n"),
            "2026-01-01 Cash  Fun  -1.00  rule a-long-rule-name\n2026-01-02 Cash  Fun  -2.00  #x\n")
    }

    /// A payee of `width` characters, quotes included.
    private func payee(_ width: Int) -> String { "\"" + String(repeating: "p", count: width - 2) + "\"" }

    func testAFieldSixteenWiderThanTheMedianStaysInItsColumnAndSeventeenOverflows() {
        // Median of the payee column (6, 6, 22): 6; the limit is 22.
        let sixteen = payee(22)
        XCTAssertEqual(
            formatted("2026-01-01 \(sixteen) Cash -1.00\n2026-01-02 \"abcd\" Cash -2.00\n2026-01-03 \"efgh\" Cash -3.00\n"),
            "2026-01-01 \(sixteen)  Cash  -1.00\n2026-01-02 \"abcd\"" + String(repeating: " ", count: 18) + "Cash  -2.00\n"
                + "2026-01-03 \"efgh\"" + String(repeating: " ", count: 18) + "Cash  -3.00\n")
        // 23 overflows: the column stays 6 wide, and its line goes on two spaces apart.
        let seventeen = payee(23)
        XCTAssertEqual(
            formatted("2026-01-01 \(seventeen) Cash -1.00\n2026-01-02 \"abcd\" Cash -2.00\n2026-01-03 \"efgh\" Cash -3.00\n"),
            "2026-01-01 \(seventeen)  Cash  -1.00\n2026-01-02 \"abcd\"  Cash  -2.00\n2026-01-03 \"efgh\"  Cash  -3.00\n")
    }

    func testFieldsAfterAnOverflowFollowItOutOfTheirColumns() {
        // The wallet, category and amount of the long line do not return to their
        // columns, though the category column would have room; the others keep theirs.
        // The long category, exactly 16 wider than the median (14), does not overflow.
        let long = "\"Trattoria Roma\" \"Ben's birthday dinner\""
        XCTAssertEqual(
            formatted(
                """
                2026-01-01 "Lidl" Joint Food:Groceries -68.45
                2026-01-02 \(long) Visa Fun -78.40 by Anna
                2026-01-03 "Aral" Visa Car:Fuel-and-parking-and-tolls -1061.30
                2026-01-04 "Edeka" Joint Food -7.90

                """),
            """
            2026-01-01 "Lidl"   Joint  Food:Groceries                    -68.45
            2026-01-02 \(long)  Visa  Fun  -78.40  by Anna
            2026-01-03 "Aral"   Visa   Car:Fuel-and-parking-and-tolls  -1061.30
            2026-01-04 "Edeka"  Joint  Food                               -7.90

            """)
    }

    func testFieldsAfterAnOverflowWidenNoColumn() {
        // The long line's wallet, category and amount would widen their columns; they
        // stand out of them, so the other lines keep theirs narrow.
        let long = "\"A payee with a really rather long name\" \"and a note\""
        XCTAssertEqual(
            formatted("2026-01-01 Cash Fun -1\n2026-01-02 \(long) Checking Food:Groceries:Organic -12345.67 #x\n2026-01-03 Cash Fun -1.5\n"),
            "2026-01-01 Cash  Fun  -1\n2026-01-02 \(long)  Checking  Food:Groceries:Organic  -12345.67  #x\n2026-01-03 Cash  Fun  -1.5\n")
    }

    func testTwoOutliersInAColumnBothOverflow() {
        XCTAssertEqual(
            formatted(
                """
                2026-01-01 "A" Cash -1.00
                2026-01-02 \(payee(30)) Cash -2.00
                2026-01-03 "B" Cash -3.00
                2026-01-04 \(payee(28)) Cash -4.00
                2026-01-05 "C" Cash -5.00

                """),
            """
            2026-01-01 "A"  Cash  -1.00
            2026-01-02 \(payee(30))  Cash  -2.00
            2026-01-03 "B"  Cash  -3.00
            2026-01-04 \(payee(28))  Cash  -4.00
            2026-01-05 "C"  Cash  -5.00

            """)
    }

    func testHalfTheCellsWideIsNoOutlier() {
        // Of an even number of cells, the median is the upper middle one: with two wide
        // and two narrow, the wide set the column.
        XCTAssertEqual(
            formatted("2026-01-01 \"A\" Cash -1.00\n2026-01-02 \(payee(30)) Cash -2.00\n"),
            "2026-01-01 \"A\"" + String(repeating: " ", count: 29) + "Cash  -1.00\n2026-01-02 \(payee(30))  Cash  -2.00\n")
    }

    func testBlankCellsCountAsNarrowTowardTheMedian() {
        // Two transactions without payee beside one with a long payee: cells 0, 0, 30,
        // median 0, and the payee overflows rather than push the wallets right.
        XCTAssertEqual(
            formatted("2026-01-01 Cash -1.00\n2026-01-02 Cash -2.00\n2026-01-03 \(payee(30)) Cash -3.00\n"),
            "2026-01-01 Cash  -1.00\n2026-01-02 Cash  -2.00\n2026-01-03 \(payee(30))  Cash  -3.00\n")
        // A payee as wide as the limit among blank cells keeps its column.
        XCTAssertEqual(
            formatted("2026-01-01 Cash -1.00\n2026-01-02 Cash -2.00\n2026-01-03 \(payee(16)) Cash -3.00\n"),
            "2026-01-01" + String(repeating: " ", count: 19) + "Cash  -1.00\n2026-01-02" + String(repeating: " ", count: 19)
                + "Cash  -2.00\n2026-01-03 \(payee(16))  Cash  -3.00\n")
    }

    func testVeryWideFieldsFollowTheSameRule() {
        // Fields of 128 characters and more are counted another way (a sorted list, not a
        // histogram); the rule is the same.
        XCTAssertEqual(
            formatted("2026-01-01 \"ab\" Cash -1.00\n2026-01-02 \(payee(130)) Cash -2.00\n2026-01-03 \"cd\" Cash -3.00\n"),
            "2026-01-01 \"ab\"  Cash  -1.00\n2026-01-02 \(payee(130))  Cash  -2.00\n2026-01-03 \"cd\"  Cash  -3.00\n")
        XCTAssertEqual(
            formatted("2026-01-01 \(payee(130)) Cash -1.00\n2026-01-02 \(payee(146)) Cash -2.00\n2026-01-03 \(payee(128)) Cash -3.00\n"),
            "2026-01-01 \(payee(130))" + String(repeating: " ", count: 18) + "Cash  -1.00\n2026-01-02 \(payee(146))  Cash  -2.00\n"
                + "2026-01-03 \(payee(128))" + String(repeating: " ", count: 20) + "Cash  -3.00\n")
    }

    func testAnOverflowingScheduleLeavesTheRulesTheirColumns() {
        XCTAssertEqual(
            formatted(
                """
                every month on 1 from 2026-09-01 as rent "Landlord" Joint Rent -1180.00
                every month on 4 from 2026-09-04 as energy "Power" Joint Energy -112.00
                every month on 12 from 2026-09-12 until 2027-08-12 as streaming "Streamly" Visa Fun -12.99

                """),
            """
            every month on 1 from 2026-09-01 as rent    "Landlord"  Joint  Rent    -1180.00
            every month on 4 from 2026-09-04 as energy  "Power"     Joint  Energy   -112.00
            every month on 12 from 2026-09-12 until 2027-08-12 as streaming  "Streamly"  Visa  Fun  -12.99

            """)
    }

    func testDatedKeywordStartsAFieldWithTheNamesAfterIt() {
        XCTAssertEqual(
            formatted("2026-01-05 transfer A -> Savings 300.00 goal Trip\n2026-01-06 transfer Checking -> B 5.00\n"),
            "2026-01-05 transfer A -> Savings   300.00  goal Trip\n2026-01-06 transfer Checking -> B    5.00\n")
    }

    func testScheduleIsOneField() {
        XCTAssertEqual(
            formatted("every month on 1 from 2026-01-01 as rent Checking Rent -950.00\nevery week from 2026-01-02 Cash Fun -5\n"),
            "every month on 1 from 2026-01-01 as rent  Checking  Rent  -950.00\nevery week from 2026-01-02                Cash      Fun     -5\n")
    }

    func testRecurringTransferHasColumnsOfItsOwn() {
        XCTAssertEqual(
            formatted(
                """
                every month on 1 from 2026-09-01 as rent "Landlord" Joint Rent -1180.00
                every month on 25 from 2026-09-25 as vacation transfer Joint -> Savings 300.00 goal Vacation
                every month on 4 from 2026-09-04 as energy "Power" Joint Energy -112.00

                """),
            """
            every month on 1 from 2026-09-01 as rent    "Landlord"  Joint  Rent    -1180.00
            every month on 25 from 2026-09-25 as vacation  transfer Joint -> Savings  300.00  goal Vacation
            every month on 4 from 2026-09-04 as energy  "Power"     Joint  Energy   -112.00

            """)
    }

    func testRecurringTransfersAlignAmongThemselves() {
        XCTAssertEqual(
            formatted(
                """
                every month on 25 from 2026-09-25 as vacation transfer Joint -> Savings 300.00
                every week from 2026-09-04 as cash transfer Joint -> Cash 50.00
                every month on 1 from 2026-09-01 as rent "Landlord" Joint Rent -1180.00

                """),
            """
            every month on 25 from 2026-09-25 as vacation  transfer Joint -> Savings  300.00
            every week from 2026-09-04 as cash             transfer Joint -> Cash      50.00
            every month on 1 from 2026-09-01 as rent  "Landlord"  Joint  Rent  -1180.00

            """)
    }
}
