import TallyCore
import TallySyntax

/// Dates as banks write them. A statement uses one format throughout, so the format is
/// chosen once for a whole column: the one of `DateFormat.allCases` that reads every
/// value. Day-first and month-first with slashes (`03/04/2026`) both read a column whose
/// days never pass 12; then evidence from the file decides, or the statement is refused
/// (``DateEvidence``): never a guess.
extension DateFormat {
    /// The date in `text`, or nil. Single-digit days and months (`3.4.2026`) are read too;
    /// anything after the date and a space or `T` (a time) is ignored.
    public func parse(_ text: String) -> CivilDate? {
        var s = Substring(text.trimmingWhitespace)
        if let cut = s.firstIndex(where: { $0 == " " || $0 == "T" }) { s = s[..<cut] }
        func ints(_ separator: Character) -> [Int]? {
            let parts = s.split(separator: separator, omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
            return parts.map { Int($0)! }
        }
        func widths(_ separator: Character) -> [Int] { s.split(separator: separator, omittingEmptySubsequences: false).map(\.count) }
        switch self {
        case .iso, .isoSlashed:
            guard let p = ints(self == .iso ? "-" : "/"), widths(self == .iso ? "-" : "/")[0] == 4 else { return nil }
            return CivilDate(year: p[0], month: p[1], day: p[2])
        case .compact:
            // OFX writes YYYYMMDD, often followed by a time and zone: 20260304120000[-5:EST].
            let digits = text.trimmingWhitespace.prefix(8)
            guard digits.count == 8, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let n = Int(digits)!
            return CivilDate(year: n / 10000, month: n / 100 % 100, day: n % 100)
        case .dayDotted, .dayDottedShort:
            let s2 = s.hasSuffix(".") ? s.dropLast() : s  // `04.03.2026.`, as Slovak banks write
            s = s2
            guard let p = ints("."), (widths(".")[2] == 4) == (self == .dayDotted) else { return nil }
            return CivilDate(year: self == .dayDotted ? p[2] : 2000 + p[2], month: p[1], day: p[0])
        case .monthSlashed, .daySlashed:
            guard let p = ints("/"), widths("/")[2] == 4 else { return nil }
            return self == .monthSlashed ? CivilDate(year: p[2], month: p[0], day: p[1]) : CivilDate(year: p[2], month: p[1], day: p[0])
        case .monthSlashedShort, .daySlashedShort, .yearSlashedShort:
            // Exactly two digits in the year's place: `3/14/2026` is no MM/DD/YY date.
            guard let p = ints("/"), widths("/")[self == .yearSlashedShort ? 0 : 2] == 2 else { return nil }
            switch self {
            case .monthSlashedShort: return CivilDate(year: 2000 + p[2], month: p[0], day: p[1])
            case .daySlashedShort: return CivilDate(year: 2000 + p[2], month: p[1], day: p[0])
            default: return CivilDate(year: 2000 + p[0], month: p[1], day: p[2])
            }
        case .dayDashed:
            guard let p = ints("-"), widths("-")[2] == 4 else { return nil }
            return CivilDate(year: p[2], month: p[1], day: p[0])
        }
    }

    /// The format that reads every one of `values` (empty values aside) as the only
    /// days they can be; nil when none reads them all, or two read them as other days.
    public static func detect(_ values: [String]) -> DateFormat? {
        let present = values.map(\.trimmingWhitespace).filter { !$0.isEmpty }
        guard !present.isEmpty else { return nil }
        let evidence = DateEvidence(readings: allCases.map { DateEvidence.Reading(format: $0, parse: $0.parse) }, rows: present)
        guard case .decided(let reading, nil)? = evidence.decide() else { return nil }
        return reading.format
    }
}
