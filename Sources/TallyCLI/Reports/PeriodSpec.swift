import TallyCore
import TallySyntax

/// A time range as written on the command line: `this-month`, `last-month`, `this-week`,
/// `last-week`, `this-year`, `last-year`, `today`, `2026-03`, `2026`, `2026-03-14`, or
/// `2026-01-01..2026-03-31`. Read before the budget is loaded (so mistakes are usage
/// errors), resolved afterwards against today and the budget's week start.
enum PeriodSpec: Equatable {
    case relative(String)
    case month(year: Int, month: Int)
    case year(Int)
    case range(CivilDate, CivilDate)

    static let relativeNames = ["today", "this-week", "last-week", "this-month", "last-month", "this-year", "last-year"]

    /// Parses `text`; the error names `flag`.
    init(_ text: String, flag: String) throws(UsageError) {
        let bad = UsageError("`\(flag)`: `\(text)` is not a period; write this-month, last-month, this-week, this-year, 2026-03, 2026, 2026-03-14 or 2026-01-01..2026-03-31")
        if PeriodSpec.relativeNames.contains(text) {
            self = .relative(text)
        } else if let dots = text.range(of: "..") {
            guard let a = CivilDate(iso: String(text[..<dots.lowerBound])), let b = CivilDate(iso: String(text[dots.upperBound...])) else { throw bad }
            guard a <= b else { throw UsageError("`\(flag)`: `\(text)` ends before it starts") }
            self = .range(a, b)
        } else if let date = CivilDate(iso: text) {
            self = .range(date, date)
        } else if text.count == 7, text.dropFirst(4).first == "-", let y = Int(text.prefix(4)), let m = Int(text.suffix(2)),
                  (1...12).contains(m), (1...9999).contains(y), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
            self = .month(year: y, month: m)
        } else if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let y = Int(text), y >= 1 {
            self = .year(y)
        } else {
            throw bad
        }
    }

    /// The first and last day.
    func resolve(today: CivilDate, weekStart: Weekday) -> ClosedRange<CivilDate> {
        func month(_ start: CivilDate) -> ClosedRange<CivilDate> { start ... start.endOfMonth }
        func year(_ y: Int) -> ClosedRange<CivilDate> { CivilDate(year: y, month: 1, day: 1)! ... CivilDate(year: y, month: 12, day: 31)! }
        switch self {
        case .relative(let name):
            let week = today.startOfWeek(weekStart: weekStart)
            switch name {
            case "today": return today ... today
            case "this-week": return week ... (week.adding(days: 6) ?? week)
            case "last-week":
                let start = week.adding(days: -7) ?? week
                return start ... (start.adding(days: 6) ?? start)
            case "last-month": return month(today.startOfMonth.adding(months: -1) ?? today.startOfMonth)
            case "this-year": return year(today.year)
            case "last-year": return year(max(1, today.year - 1))
            default: return month(today.startOfMonth)
            }
        case .month(let y, let m): return month(CivilDate(year: y, month: m, day: 1)!)
        case .year(let y): return year(y)
        case .range(let a, let b): return a ... b
        }
    }
}
