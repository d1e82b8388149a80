import TallyCore
import Testing

/// `Money.formatted(scale:)` writes digits straight into the string's storage; these
/// pin the edges of that: leading zeros, signs, scale 0, the largest values.
@Suite struct MoneyFormattingTests {
    @Test(arguments: [
        (Int64(0), 0, 0, "0"), (0, 2, 2, "0.00"), (5, 2, 2, "0.05"), (-5, 2, 2, "-0.05"),
        (12345, 2, 2, "123.45"), (-12345, 2, 0, "-123"), (7, 0, 3, "7.000"), (-100, 2, 2, "-1.00"),
        (Int64.max, 0, 0, "9223372036854775807"), (Int64.min, 0, 0, "-9223372036854775808"),
        (Int64.min, 18, 18, "-9.223372036854775808"), (1, 18, 18, "0.000000000000000001")
    ])
    func writesEveryDigit(units: Int64, scale: Int, places: Int, expected: String) {
        #expect(Money(units: units, scale: scale).formatted(scale: places) == expected)
        // A report's byte buffer gets the same text, after what it already holds.
        var bytes = Array("x".utf8)
        #expect(Money(units: units, scale: scale).append(scale: places, to: &bytes) == expected.utf8.count)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + expected)
    }

    /// The one way amounts are written for people: at least the currency's decimals (no
    /// digit hidden) or exactly them (rounded), with the code unless told otherwise.
    @Test func amountsKeepOrRoundTheirDigitsAndNameTheirCurrency() {
        let money = Money(units: -3005, scale: 3)
        #expect(money.text(.atLeast(2), currency: "EUR") == "-3.005 EUR")
        #expect(money.text(.exactly(2), currency: "EUR") == "-3.01 EUR")
        #expect(money.text(.atLeast(2), currency: "EUR", code: false) == "-3.005")
        #expect(Money(units: 5, scale: 0).text(.atLeast(2), currency: "") == "5.00")
        #expect(Money(units: 5, scale: 0).text(.exactly(0), currency: "JPY") == "5 JPY")
    }
}
