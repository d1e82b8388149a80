import TallyCore
import TallySyntax

/// A periodic transaction's period expression (`monthly from 2020/01 to 2020/07`,
/// `every 15th day of month in 2026`, `biweekly from 2026-01-05`, `~ Monthly`), read as
/// hledger 1.25 reads it: an interval, then `from`/`since`, `to`/`until` or `in` with
/// hledger's "smart" dates (`2020`, `2020/01`, `2020-01-15`). `to` is exclusive, as in
/// hledger.
struct PeriodExpression {
    /// `daily`, `weekly`, `monthly`, `quarterly`, `yearly` (what a budget goal may be
    /// over); `day` for `every Nth day of month` (``day``); `other` for any other
    /// interval (`biweekly`, `every 2 weeks`, `every tuesday`, …), kept in ``written``.
    var interval: String
    var day = 0
    var written: String
    var from: CivilDate?
    var to: CivilDate?
    /// How hledger repeats the transaction.
    var repetition: Repetition

    /// hledger's intervals, by what fixes the occurrences' days.
    enum Repetition: Equatable {
        /// Every `count` calendar `unit`s (`day`, `week`, `month`, `quarter`, `year`) from
        /// the start, which hledger requires to be a first day of the unit (a Monday for
        /// weeks).
        case every(count: Int, unit: String)
        /// `every Nth day of month` (`every 31st day`): the Nth, or the month's last day.
        case dayOfMonth(Int)
        /// `every tuesday`, `every 2nd day of week`.
        case weekday(Weekday)
        /// `every 11/29`, `every nov 29th`, `every 29th nov`: once a year.
        case dayOfYear(month: Int, day: Int)
        /// `every 2nd thursday of month`: no Tally `every` has these dates.
        case nthWeekday
    }

    /// nil when the expression is not one hledger would read (or has words after it).
    init?(_ expression: String) {
        var words = expression.split(separator: " ").map { $0.lowercased() }
        written = expression
        guard let (repetition, used) = PeriodExpression.repetition(words) else { return nil }
        self.repetition = repetition
        words.removeFirst(used)
        switch repetition {
        case .every(1, let unit): interval = unit == "day" ? "daily" : unit + "ly"
        case .dayOfMonth(let n):
            interval = "day"
            day = n
        default: interval = "other"
        }
        while words.count >= 2 {
            guard let (start, end) = PeriodExpression.smartDate(words[1]) else { return nil }
            switch words[0] {
            case "from" where from == nil, "since" where from == nil: from = start
            case "to" where to == nil, "until" where to == nil: to = start
            case "in" where from == nil && to == nil:
                from = start
                to = end
            default: return nil
            }
            words.removeFirst(2)
        }
        guard words.isEmpty else { return nil }
    }

    /// The repetition the first words say, and how many words it takes.
    private static func repetition(_ words: [String]) -> (Repetition, Int)? {
        let units = ["day": "day", "week": "week", "month": "month", "quarter": "quarter", "year": "year"]
        let single = [
            "daily": 1, "weekly": 1, "monthly": 1, "quarterly": 1, "yearly": 1, "annually": 1, "biweekly": 2, "fortnightly": 2,
            "bimonthly": 2
        ]
        guard let first = words.first else { return nil }
        if let count = single[first] {
            let unit = ["daily": "day", "quarterly": "quarter", "yearly": "year", "annually": "year", "monthly": "month", "bimonthly": "month"][first] ?? "week"
            return (.every(count: count, unit: unit), 1)
        }
        guard first == "every", words.count >= 2 else { return nil }
        let second = words[1]
        let rest = Array(words.dropFirst(2))
        if let unit = units[second] { return (.every(count: 1, unit: unit), 2) }
        if let count = Int(second), count >= 1, let word = rest.first, word.hasSuffix("s"), let unit = units[String(word.dropLast())] {
            return (.every(count: count, unit: unit), 3)
        }
        if let weekday = weekday(second) { return (.weekday(weekday), 2) }
        if let (month, day) = monthDay(second) { return (.dayOfYear(month: month, day: day), 2) }
        if let month = month(second), let day = rest.first.flatMap(ordinal), (1 ... 31).contains(day) {
            return (.dayOfYear(month: month, day: day), rest.count >= 3 && rest[1 ... 2] == ["of", "year"] ? 5 : 3)
        }
        guard let n = ordinal(second), let word = rest.first else { return nil }
        let of = rest.count >= 3 && rest[1] == "of" ? rest[2] : nil
        if word == "day", (1 ... 31).contains(n) {
            if of == "week" {
                guard let weekday = Weekday(rawValue: n) else { return nil }
                return (.weekday(weekday), 5)
            }
            return (.dayOfMonth(n), of == "month" ? 5 : 3)
        }
        if weekday(word) != nil, (1 ... 5).contains(n) { return (.nthWeekday, of == "month" ? 5 : 3) }
        if let month = month(word), (1 ... 31).contains(n) { return (.dayOfYear(month: month, day: n), of == "year" ? 5 : 3) }
        return nil
    }

    /// `1st`, `2nd`, `3rd`, `29th`.
    private static func ordinal(_ word: String) -> Int? {
        guard ["st", "nd", "rd", "th"].contains(String(word.suffix(2))) else { return nil }
        return Int(word.dropLast(2))
    }

    /// `tuesday` or `tue`.
    private static func weekday(_ word: String) -> Weekday? {
        Weekday.allCases.first { "\($0)" == word || "\($0)".prefix(3) == word }
    }

    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// `november` or `nov`, as 1–12.
    private static func month(_ word: String) -> Int? {
        months.firstIndex { $0 == word || $0.prefix(3) == word }.map { $0 + 1 }
    }

    /// `11/29` or `11-29`.
    private static func monthDay(_ word: String) -> (Int, Int)? {
        let parts = word.split(whereSeparator: { $0 == "/" || $0 == "-" }).map { Int($0) }
        guard parts.count == 2, let month = parts[0], let day = parts[1], (1 ... 12).contains(month), (1 ... 31).contains(day) else { return nil }
        return (month, day)
    }

    /// hledger's smart date: `2020` (the year), `2020/01`, `2020-01` (the month) or a
    /// whole date (the day), as the span's first day and the day after its last.
    static func smartDate(_ text: String) -> (CivilDate, CivilDate)? {
        if let day = LedgerJournalReader.date(text), let next = day.adding(days: 1) { return (day, next) }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).map { Int($0) }
        guard let year = parts.first ?? nil, text.prefix(4).allSatisfy(\.isNumber), (1 ... 9999).contains(year) else { return nil }
        switch parts.count {
        case 1:
            guard let start = CivilDate(year: year, month: 1, day: 1), let end = CivilDate(year: year + 1, month: 1, day: 1) else { return nil }
            return (start, end)
        case 2:
            guard let month = parts[1], (1 ... 12).contains(month), let start = CivilDate(year: year, month: month, day: 1),
                let end = CivilDate(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
            else { return nil }
            return (start, end)
        default: return nil
        }
    }
}
