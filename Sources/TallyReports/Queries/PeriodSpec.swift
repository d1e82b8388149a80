import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// A time range as written on the command line, read by one parser for every command
/// (`--period`, `--begin`, `--end`, the `date:` query term). The grammar, in
/// docs/reports.md ("Periods"):
///
///     period  = span | span ".." | ".." span | span ".." span
///             | "from" span ["to" span] | "to" span
///     span    = YYYY | YYYY-MM | YYYY-MM-DD | YYYYqN | YYYY-QN | month name (this year)
///             (a date's `-` may be `/` or `.`, as in hledger: 2026/11, 2026.11.05)
///             | today | yesterday | tomorrow | (this|last|next)[ -]week|month|quarter|year
///
/// A span covers days; a range runs from the first day of its start to the last day of
/// its end, both included (`2026-10..2026-11` is October and November). An open end
/// reaches the first or last entry of the budget (or today, whichever is further).
/// Read before the budget is loaded, so mistakes are usage errors; resolved afterwards
/// against today and the budget's week start.
public indirect enum PeriodSpec: Equatable, Sendable {
    /// Units of the relative spans.
    public enum Unit: String, CaseIterable, Sendable { case day, week, month, quarter, year }

    case day(CivilDate)
    case month(year: Int, month: Int)
    case quarter(year: Int, quarter: Int)
    case year(Int)
    /// A month of the current year, by name (`nov`).
    case monthOfThisYear(Int)
    /// `this month` (0), `last week` (-1), `next year` (1), `today`, `yesterday`.
    case relative(Unit, Int)
    /// From the first day of the start to the last day of the end; nil is open.
    case range(PeriodSpec?, PeriodSpec?)
    /// `--begin`/`--end`: from the first day of the start up to, not including, the
    /// first day of the end (hledger's `-b`/`-e`).
    case beginEnd(PeriodSpec?, PeriodSpec?)

    /// The shapes the parser accepts, for error messages and help.
    public static let shapes = "2026, 2026-11 (or 2026/11), 2026-11-05, 2026q4, nov, today, yesterday, this|last|next week|month|quarter|year, X..Y, from X to Y, 2026-11.. or ..2026-10-01"

    /// The words of the grammar, for shell completion.
    public static let words: [String] =
        ["today", "yesterday", "tomorrow"]
        + ["this", "last", "next"].flatMap { when in ["week", "month", "quarter", "year"].map { "\(when)-\($0)" } }

    /// The months' names, January first, in lower case.
    public static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december"
    ]

    /// Parses `text`; the error names `flag` and lists the accepted shapes.
    public init(_ text: String, flag: String) throws(UsageError) {
        let bad = UsageError("`\(option: flag)`: `\(text)` is not a period; write \(PeriodSpec.shapes)")
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func span(_ words: ArraySlice<String>) throws(UsageError) -> PeriodSpec {
            guard let spec = PeriodSpec.span(words.joined(separator: " ")) else { throw bad }
            return spec
        }
        let spec: PeriodSpec
        if words.first == "from" {
            if let to = words.firstIndex(of: "to") {
                spec = .range(try span(words[1 ..< to]), try span(words[(to + 1)...]))
            } else {
                spec = .range(try span(words.dropFirst()), nil)
            }
        } else if words.first == "to" {
            spec = .range(nil, try span(words.dropFirst()))
        } else {
            let joined = words.joined(separator: " ")
            if let dots = joined.firstRange(of: "..") {
                let start = joined[..<dots.lowerBound].trimmingSpaces()
                let end = joined[dots.upperBound...].trimmingSpaces()
                guard !(start.isEmpty && end.isEmpty) else { throw bad }
                let a: PeriodSpec? = start.isEmpty ? nil : try span(ArraySlice([start]))
                let b: PeriodSpec? = end.isEmpty ? nil : try span(ArraySlice([end]))
                spec = .range(a, b)
            } else {
                spec = try span(words[...])
            }
        }
        if case .range(let a?, let b?) = spec, !a.hasRelative, !b.hasRelative {
            // Fixed ends can be checked now; relative ones only once today is known.
            let today = CivilDate(year: 2000, month: 1, day: 1)!
            if a.first(today: today, weekStart: .monday) > b.last(today: today, weekStart: .monday) {
                throw UsageError("`\(option: flag)`: `\(text)` ends before it starts")
            }
        }
        self = spec
    }

    /// One span (`2026-11`, `q4`-style quarters, `last month`, `nov`), or nil. A date may
    /// be written with slashes or dots too, as hledger does (`2026/11`, `2026.11.05`).
    public static func span(_ text: String) -> PeriodSpec? {
        let text = text.replacingText("/", with: " ").replacingText(".", with: " ")
            .replacingText("-", with: " ")
        let words = text.split(separator: " ").map(String.init)
        if words.count == 1 {
            switch words[0] {
            case "today": return .relative(.day, 0)
            case "yesterday": return .relative(.day, -1)
            case "tomorrow": return .relative(.day, 1)
            default: break
            }
        }
        if words.count == 2, let offset = ["last": -1, "this": 0, "next": 1][words[0]],
            let unit = Unit(rawValue: words[1]), unit != .day
        {
            return .relative(unit, offset)
        }
        return fixed(text.replacingText(" ", with: "-"))
    }

    /// `2026`, `2026-11`, `2026-11-05`, `2026q4`, `2026-Q4`, `nov`, `november` (already
    /// lowercased, spaces as dashes).
    private static func fixed(_ text: String) -> PeriodSpec? {
        if let index = monthNames.firstIndex(where: { $0 == text || (text.count >= 3 && $0.hasPrefix(text) && text.count == 3) }) {
            return .monthOfThisYear(index + 1)
        }
        let digits = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, first.count >= 4 else { return nil }
        // `2026q4` and `2026-q4`
        if parts.count == 1, first.count == 6, first.dropFirst(4).first == "q" {
            return quarter(first.prefix(4), first.suffix(1))
        }
        if parts.count == 2, parts[1].count == 2, parts[1].first == "q" {
            return quarter(first, parts[1].suffix(1))
        }
        guard first.count == 4, digits(first), let year = Int(first), year >= 1 else { return nil }
        switch parts.count {
        case 1: return .year(year)
        case 2:
            guard parts[1].count == 2, digits(parts[1]), let m = Int(parts[1]), (1 ... 12).contains(m) else { return nil }
            return .month(year: year, month: m)
        default:
            return CivilDate(iso: text).map(PeriodSpec.day)
        }
    }

    private static func quarter(_ year: Substring, _ q: Substring) -> PeriodSpec? {
        guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }), let y = Int(year), y >= 1,
            let n = Int(q), (1 ... 4).contains(n)
        else { return nil }
        return .quarter(year: y, quarter: n)
    }

    /// True when the span depends on today.
    public var hasRelative: Bool {
        switch self {
        case .relative, .monthOfThisYear: return true
        case .range(let a, let b), .beginEnd(let a, let b): return (a?.hasRelative ?? false) || (b?.hasRelative ?? false)
        default: return false
        }
    }

    /// The first day of a span.
    public func first(today: CivilDate, weekStart: Weekday) -> CivilDate {
        switch self {
        case .day(let d): return d
        case .month(let y, let m): return CivilDate(year: y, month: m, day: 1)!
        case .quarter(let y, let q): return CivilDate(year: y, month: (q - 1) * 3 + 1, day: 1)!
        case .year(let y): return CivilDate(year: y, month: 1, day: 1)!
        case .monthOfThisYear(let m): return CivilDate(year: today.year, month: m, day: 1)!
        case .relative(let unit, let n):
            switch unit {
            case .day: return today.adding(days: n) ?? today
            case .week: return today.startOfWeek(weekStart: weekStart).adding(days: 7 * n) ?? today
            case .month: return today.startOfMonth.adding(months: n) ?? today.startOfMonth
            case .quarter: return today.startOfQuarter.adding(months: 3 * n) ?? today.startOfQuarter
            case .year: return today.startOfYear.adding(years: n) ?? today.startOfYear
            }
        case .range(let a, _), .beginEnd(let a, _): return a?.first(today: today, weekStart: weekStart) ?? CivilDate(year: 1, month: 1, day: 1)!
        }
    }

    /// The last day of a span.
    public func last(today: CivilDate, weekStart: Weekday) -> CivilDate {
        let start = first(today: today, weekStart: weekStart)
        switch self {
        case .day: return start
        case .month, .monthOfThisYear: return start.endOfMonth
        case .quarter: return (start.adding(months: 2) ?? start).endOfMonth
        case .year: return CivilDate(year: start.year, month: 12, day: 31)!
        case .relative(let unit, _):
            switch unit {
            case .day: return start
            case .week: return start.adding(days: 6) ?? start
            case .month: return start.endOfMonth
            case .quarter: return (start.adding(months: 2) ?? start).endOfMonth
            case .year: return CivilDate(year: start.year, month: 12, day: 31)!
            }
        case .range(_, let b): return b?.last(today: today, weekStart: weekStart) ?? CivilDate(year: 9999, month: 12, day: 31)!
        case .beginEnd(_, let b):
            guard let b else { return CivilDate(year: 9999, month: 12, day: 31)! }
            let end = b.first(today: today, weekStart: weekStart)
            return end.adding(days: -1) ?? end
        }
    }

    /// The first and last day, both included; open ends reach `earliest` and `latest`
    /// (the budget's first and last entries, or today). Nil when the range is empty.
    public func resolve(today: CivilDate, weekStart: Weekday, earliest: CivilDate? = nil, latest: CivilDate? = nil) -> ClosedRange<CivilDate>? {
        var lower = first(today: today, weekStart: weekStart)
        var upper = last(today: today, weekStart: weekStart)
        switch self {
        case .range(let a, let b), .beginEnd(let a, let b):
            if b == nil { upper = max(latest ?? today, today) }
            // An open start is the budget's beginning, which a period ending before the
            // first entry reaches too: `..DAY` then holds DAY and no entry, never nothing.
            if a == nil { lower = min(earliest ?? today, today, upper) }
        default: break
        }
        guard lower <= upper else { return nil }
        return lower ... upper
    }

    /// `--begin` and `--end` as one range (either may be missing).
    public static func bounds(begin: PeriodSpec?, end: PeriodSpec?) -> PeriodSpec? {
        begin == nil && end == nil ? nil : .beginEnd(begin, end)
    }
}
