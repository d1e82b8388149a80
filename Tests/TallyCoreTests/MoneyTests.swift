import TallyCore
import Testing

/// Exact decimal arithmetic: parsing, sums across scales, rounding, overflow.
@Suite struct MoneyTests {
    @Test(arguments: [
        ("-66.20", -6620, 2), ("+2800", 2800, 0), ("5", 5, 0), ("0.005", 5, 3), ("-0", 0, 0)
    ])
    func parsesExactly(text: String, units: Int64, scale: Int) throws {
        let money = try #require(Money(text))
        #expect(money.units == units)
        #expect(money.scale == scale)
    }

    @Test(arguments: ["", "-", "1.", ".5", "1.2.3", "1,5", "abc", "99999999999999999999", "1e5"])
    func rejectsWhatIsNotANumber(text: String) {
        #expect(Money(text) == nil)
    }

    @Test func sumsAcrossScalesWithoutLoss() throws {
        let a = try #require(Money("0.10"))
        let b = try #require(Money("0.2"))
        #expect(a.adding(b)?.description == "0.30")
        // The classic floating-point trap is exact here.
        var total = Money.zero
        for _ in 0 ..< 10 { total = try #require(total.adding(a)) }
        #expect(total == Money("1")!)
        #expect(try #require(Money("1250.00")).subtracting(Money("66.20")!)?.description == "1183.80")
    }

    @Test func equalityIgnoresTrailingZeros() {
        #expect(Money("5") == Money("5.00"))
        #expect(Set([Money("5")!, Money("5.00")!]).count == 1)
        #expect(Money("-1")! < Money("0.01")!)
    }

    @Test func overflowIsReportedNotTrapped() throws {
        let big = Money(units: Int64.max, scale: 0)
        #expect(big.adding(Money("1")!) == nil)
        #expect(big.rescaled(to: 2) == nil)
        #expect(big.multiplied(by: Money("2")!, roundedTo: 0) == nil)
        #expect(Money(units: Int64.min, scale: 0).subtracting(Money(units: Int64.min, scale: 0)) == nil)
    }

    @Test func conversionRoundsHalfAwayFromZero() throws {
        #expect(Money("100.00")!.multiplied(by: Money("1.0812")!, roundedTo: 2)?.description == "108.12")
        #expect(Money("0.05")!.multiplied(by: Money("0.5")!, roundedTo: 2)?.description == "0.03")
        #expect(Money("-0.05")!.multiplied(by: Money("0.5")!, roundedTo: 2)?.description == "-0.03")
        #expect(Money("147.5")!.multiplied(by: Money("2")!, roundedTo: 0)?.description == "295")
    }

    @Test func dividesWithRounding() {
        #expect(Money("100.00")!.divided(by: 3, roundedTo: 2)?.description == "33.33")
        #expect(Money("-2.00")!.divided(by: 3, roundedTo: 2)?.description == "-0.67")
        #expect(Money("1")!.divided(by: Money("8")!, roundedTo: 3)?.description == "0.125")
        #expect(Money("600")!.divided(by: Money("2400")!, roundedTo: 1)?.description == "0.3")
        #expect(Money("1")!.divided(by: 0, roundedTo: 2) == nil)
    }

    @Test func formatsWithAGivenScale() {
        #expect(Money("5")!.formatted(scale: 2) == "5.00")
        #expect(Money("-0.5")!.formatted(scale: 2) == "-0.50")
        #expect(Money("1.005")!.formatted(scale: 2) == "1.01")
        #expect(Money("0.07")!.description == "0.07")
        #expect(Money("1.500")!.significantScale == 1)
    }
}

/// Products and quotients whose scale or size is beyond Money's range are nil, never a trap.
@Suite struct MoneyRangeTests {
    @Test func aProductBeyondTheLargestScaleIsNil() throws {
        let budget = try #require(Money("0.000000000000000001"))
        let alert = try #require(Money("50"))
        #expect(budget.multiplied(by: alert, roundedTo: 20) == nil)
        #expect(budget.multiplied(by: alert, roundedTo: 18)?.description == "0.000000000000000050")
    }

    @Test func scalingUpAHugeProductIsNilNotATrap() throws {
        let big = Money(units: Int64.max, scale: 0)
        #expect(big.multiplied(by: big, roundedTo: 18) == nil)
        #expect(big.divided(by: Money(units: 1, scale: 18), roundedTo: 18) == nil)
    }
}
