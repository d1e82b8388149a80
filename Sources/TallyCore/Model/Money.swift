/// An exact decimal amount: an integer number of units at a decimal scale.
/// `Money(units: -6620, scale: 2)` is -66.20. Never a floating-point number.
///
/// Arithmetic that would overflow 64 bits returns nil rather than trapping, so that
/// callers can turn it into a diagnostic. Values compare by amount, whatever the scale:
/// `5` equals `5.00`.
public struct Money: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The amount times 10^scale.
    public let units: Int64
    /// Number of decimal places the value is written with (0...18).
    public let scale: Int

    /// Largest scale the type supports.
    public static let maximumScale = 18

    /// Creates a value from units at a scale.
    public init(units: Int64, scale: Int) {
        precondition((0 ... Money.maximumScale).contains(scale), "scale out of range")
        self.units = units
        self.scale = scale
    }

    /// Zero at scale 0.
    public static let zero = Money(units: 0, scale: 0)

    /// Parses `[+-]digits[.digits]` exactly; nil when the text is not a number or does not
    /// fit in 64 bits.
    public init?(_ text: String) {
        self.init(utf8: ArraySlice(text.utf8))
    }

    /// Parses the UTF-8 bytes of `[+-]digits[.digits]` exactly, without making a string.
    public init?(utf8 bytes: ArraySlice<UInt8>) {
        // Read through a buffer pointer: this runs once per amount in a file.
        guard let (units, scale) = bytes.withUnsafeBufferPointer(Money.parse) else { return nil }
        self.init(units: units, scale: scale)
    }

    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> (units: Int64, scale: Int)? {
        var i = 0
        var negative = false
        if let first = utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            i = 1
        }
        var units: Int64 = 0
        var scale = 0
        var sawPoint = false
        var integerDigits = 0
        while i < utf8.count {
            let byte = utf8[i]
            i += 1
            if byte == UInt8(ascii: ".") {
                if sawPoint { return nil }
                sawPoint = true
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            if !sawPoint { integerDigits += 1 }
            let (times, o1) = units.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(byte - 0x30))
            if o1 || o2 { return nil }
            units = plus
            if sawPoint { scale += 1 }
        }
        guard integerDigits > 0, scale <= Money.maximumScale, !(sawPoint && scale == 0) else { return nil }
        return (negative ? -units : units, scale)
    }

    /// The same value at a larger scale; nil on overflow.
    public func rescaled(to newScale: Int) -> Money? {
        guard newScale >= scale, newScale <= Money.maximumScale else { return nil }
        var u = units
        for _ in 0 ..< (newScale - scale) {
            let (next, overflow) = u.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            u = next
        }
        return Money(units: u, scale: newScale)
    }

    /// The same value written with exactly `places` decimals: trailing zeros beyond them
    /// dropped (`-30.000` → `-30.00`), missing ones added; nil when a digit other than
    /// zero stands beyond them (`115.8331` at 2), or on overflow.
    public func exactly(places: Int) -> Money? {
        guard places >= 0, significantScale <= places else { return nil }
        if places >= scale { return rescaled(to: places) }
        var u = units
        for _ in 0 ..< (scale - places) { u /= 10 }
        return Money(units: u, scale: places)
    }

    /// The sum, at the larger of the two scales; nil on overflow. Totals of a budget's
    /// amounts cannot overflow when ``BudgetModel/totalsAreExact`` holds (the interpreter
    /// checks a bound once, `Walk+Bounds.swift`), which is what lets report code add
    /// without a branch for overflow; reports refuse budgets where it does not hold.
    public func adding(_ other: Money) -> Money? {
        let s = max(scale, other.scale)
        guard let a = rescaled(to: s), let b = other.rescaled(to: s) else { return nil }
        let (sum, overflow) = a.units.addingReportingOverflow(b.units)
        return overflow ? nil : Money(units: sum, scale: s)
    }

    /// The difference; nil on overflow.
    public func subtracting(_ other: Money) -> Money? {
        guard other.units != Int64.min else { return nil }
        return adding(other.negated)
    }

    /// The value with its sign flipped (Int64.min has no negation and stays as is).
    public var negated: Money { units == Int64.min ? self : Money(units: -units, scale: scale) }

    /// The product, rounded half away from zero to `resultScale` decimals; nil on overflow.
    /// Used to convert with an exchange rate: `100.00 × 1.0812` at scale 2 is `108.12`.
    public func multiplied(by factor: Money, roundedTo resultScale: Int) -> Money? {
        guard (0 ... Money.maximumScale).contains(resultScale) else { return nil }
        let product = Int128(units) * Int128(factor.units)
        let productScale = scale + factor.scale
        var value = product
        if resultScale >= productScale {
            for _ in 0 ..< (resultScale - productScale) {
                let (next, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                value = next
            }
        } else {
            var divisor: Int128 = 1
            for _ in 0 ..< (productScale - resultScale) { divisor *= 10 }  // at most 10^36: fits
            let quotient = value / divisor
            let remainder = value % divisor
            value = quotient
            if remainder.magnitude * 2 >= divisor.magnitude { value += product < 0 ? -1 : 1 }
        }
        guard let units = Int64(exactly: value) else { return nil }
        return Money(units: units, scale: resultScale)
    }

    /// The quotient by a whole number, rounded half away from zero to `resultScale`
    /// decimals; nil when dividing by zero or on overflow.
    public func divided(by divisor: Int, roundedTo resultScale: Int) -> Money? {
        divided(by: Money(units: Int64(divisor), scale: 0), roundedTo: resultScale)
    }

    /// The quotient, rounded half away from zero to `resultScale` decimals; nil when
    /// dividing by zero or on overflow.
    public func divided(by divisor: Money, roundedTo resultScale: Int) -> Money? {
        guard !divisor.isZero, (0 ... Money.maximumScale).contains(resultScale) else { return nil }
        // units / 10^scale ÷ divisor.units / 10^divisor.scale, expressed in 10^-resultScale.
        var numerator = Int128(units)
        var denominator = Int128(divisor.units)
        let shift = resultScale + divisor.scale - scale
        // Scaling by up to 10^36 can overflow even 128 bits for the largest amounts.
        for _ in 0 ..< max(shift, 0) {
            let (next, overflow) = numerator.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            numerator = next
        }
        for _ in 0 ..< max(-shift, 0) {
            let (next, overflow) = denominator.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            denominator = next
        }
        var quotient = numerator / denominator
        if (numerator % denominator).magnitude * 2 >= denominator.magnitude {
            quotient += (numerator < 0) != (denominator < 0) ? -1 : 1
        }
        return Int64(exactly: quotient).map { Money(units: $0, scale: resultScale) }
    }

    /// Number of decimal places actually needed (trailing zeros ignored).
    public var significantScale: Int {
        var u = units
        var s = scale
        while s > 0 && u % 10 == 0 {
            u /= 10
            s -= 1
        }
        return s
    }

    /// True below zero.
    public var isNegative: Bool { units < 0 }
    /// True at zero.
    public var isZero: Bool { units == 0 }

    /// The value written with its own scale: `-66.20`.
    public var description: String { formatted(scale: scale) }

    /// The value written with exactly `places` decimals, rounding half away from zero when
    /// `places` is smaller than the scale.
    public func formatted(scale places: Int) -> String {
        let value = rounded(toPlaces: places)
        let length = value.textLength
        return String(unsafeUninitializedCapacity: length) { buffer in
            value.writeText(into: buffer, length: length)
            return length
        }
    }

    /// Appends the text ``formatted(scale:)`` gives to `bytes` (a report's buffer of a
    /// million cells makes no string per cell); returns how many bytes it appended.
    /// Inlinable, as the reports' byte writers call it for every cell.
    @inlinable @discardableResult
    public func append(scale places: Int, to bytes: inout [UInt8]) -> Int {
        let value = rounded(toPlaces: places)
        let length = value.textLength
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            value.writeText(into: UnsafeMutableBufferPointer(rebasing: buffer[start...]), length: length)
        }
        return length
    }

    /// The value with exactly `places` decimals, rounded half away from zero.
    @inlinable
    func rounded(toPlaces places: Int) -> Money {
        places >= scale ? rescaled(to: places) ?? self : multiplied(by: Money(units: 1, scale: 0), roundedTo: places) ?? self
    }

    /// How many bytes the value's text takes: its digits (at least one before the
    /// point), the point, the sign.
    @inlinable
    var textLength: Int {
        var digitCount = 1
        var rest = units.magnitude / 10
        while rest > 0 { digitCount += 1; rest /= 10 }
        return max(digitCount, scale + 1) + (scale > 0 ? 1 : 0) + (units < 0 ? 1 : 0)
    }

    /// Writes the value's text into the first `length` (``textLength``) bytes of
    /// `buffer`, right to left: reports write hundreds of thousands of amounts, and
    /// inserting into strings dominated that.
    @inlinable
    func writeText(into buffer: UnsafeMutableBufferPointer<UInt8>, length: Int) {
        var end = length
        var remaining = units.magnitude
        var written = 0
        repeat {
            if written == scale && scale > 0 { end -= 1; buffer[end] = UInt8(ascii: ".") }
            end -= 1
            buffer[end] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            written += 1
        } while remaining > 0 || written <= scale
        if units < 0 { end -= 1; buffer[end] = UInt8(ascii: "-") }
    }

    public static func == (lhs: Money, rhs: Money) -> Bool { compare(lhs, rhs) == 0 }
    public static func < (lhs: Money, rhs: Money) -> Bool { compare(lhs, rhs) < 0 }
    public func hash(into hasher: inout Hasher) {
        // Equal values hash alike whatever their scale.
        var u = units
        var s = scale
        while s > 0 && u % 10 == 0 { u /= 10; s -= 1 }
        hasher.combine(u)
        hasher.combine(s)
    }

    private static func compare(_ a: Money, _ b: Money) -> Int {
        // Most comparisons are of amounts with one scale, or with zero (a wallet's floor):
        // their units order them as they are.
        if a.scale == b.scale || a.units == 0 || b.units == 0 {
            return a.units < b.units ? -1 : (a.units > b.units ? 1 : 0)
        }
        let s = max(a.scale, b.scale)
        var x = Int128(a.units)
        var y = Int128(b.units)
        for _ in a.scale ..< s { x *= 10 }
        for _ in b.scale ..< s { y *= 10 }
        return x < y ? -1 : (x > y ? 1 : 0)
    }
}
