/// A day of the proleptic Gregorian calendar, with no time and no time zone.
///
/// The syntax layer uses it to check that a date exists; the interpreter adds calendar
/// arithmetic on top.
///
/// Kept in 32 bits, year, month and day packed so that integer order is date order: every
/// entry of a budget holds one (a million in the largest), and three words would be 24
/// bytes of each.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `year << 9 | month << 5 | day`: 14 bits of year, 4 of month, 5 of day.
    private let packed: UInt32

    /// Year, 1 through 9999.
    public var year: Int { Int(packed >> 9) }
    /// Month, 1 through 12.
    public var month: Int { Int(packed >> 5 & 0xF) }
    /// Day of the month, 1 through the month's length.
    public var day: Int { Int(packed & 0x1F) }

    /// Creates a date, or returns nil when the day does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1 ... 9999).contains(year), (1 ... 12).contains(month),
            day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// True for leap years of the Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Number of days in a month (1-based).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// English month name, for messages.
    public static func monthName(_ month: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"
        ][max(1, min(12, month)) - 1]
    }

    /// Parses the UTF-8 bytes of `YYYY-MM-DD` exactly, without making a string.
    public init?(utf8 bytes: ArraySlice<UInt8>) {
        guard let parts = bytes.withUnsafeBufferPointer({ CivilDate.parseISO($0) }) else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// Parses `YYYY-MM-DD` exactly.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard let parsed = bytes.withUnsafeBufferPointer({ CivilDate.parseISO($0) }),
            let date = CivilDate(year: parsed.year, month: parsed.month, day: parsed.day)
        else { return nil }
        self = date
    }

    /// Splits `YYYY-MM-DD` into numbers without checking the calendar; nil when the shape
    /// is wrong.
    static func parseISO(_ b: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard b.count == 10 else { return nil }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        // Every date of a file is read here (by the parser and again by the interpreter):
        // the eight digits are checked and summed in one straight loop.
        var digits = (0, 0, 0)
        for i in 0 ..< 10 where i != 4 && i != 7 {
            let d = b[i] &- 0x30
            guard d <= 9 else { return nil }
            if i < 4 { digits.0 = digits.0 &* 10 &+ Int(d) } else if i < 7 { digits.1 = digits.1 &* 10 &+ Int(d) } else { digits.2 = digits.2 &* 10 &+ Int(d) }
        }
        return (digits.0, digits.1, digits.2)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let s = String(value)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.packed < rhs.packed
    }
}
