import TallyCore
import TallySyntax

/// Dates and amounts written straight into a report's byte buffer, with the same text as
/// `CivilDate.description` and `Money.formatted(scale:)` (whose writer amounts share): a
/// register of 100k lines otherwise makes a `String` for every cell only to copy its
/// bytes out again.
extension Array where Element == UInt8 {
    /// Appends `YYYY-MM-DD`.
    @inlinable
    public mutating func appendDate(_ date: CivilDate) {
        appendDigits(date.year, width: 4)
        append(UInt8(ascii: "-"))
        appendDigits(date.month, width: 2)
        append(UInt8(ascii: "-"))
        appendDigits(date.day, width: 2)
    }

    /// Appends a non-negative `value` zero-padded to at least `width` digits.
    @inlinable
    internal mutating func appendDigits(_ value: Int, width: Int) {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        if digits < width { appendZeros(width - digits) }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var remaining = value
        var index = start + digits
        repeat {
            index -= 1
            self[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        } while remaining > 0
    }

    @usableFromInline
    internal mutating func appendZeros(_ n: Int) {
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n))
    }

    /// Appends `money` with exactly `places` decimals, as ``TallyCore/Money/formatted(scale:)``
    /// writes it; returns how many bytes it wrote.
    @inlinable @discardableResult
    public mutating func appendMoney(_ money: Money, places: Int) -> Int {
        money.append(scale: places, to: &self)
    }
}
