import TallyCore
import TallySyntax

/// A periodic transaction's period expression (`monthly from 2020/01 to 2020/07`,
/// `every 15th day of month in 2026`, `~ Monthly`), read as hledger reads the forms
/// Tally may hold: an interval, then `from`/`since`, `to`/`until` or `in` with hledger's
/// "smart" dates (`2020`, `2020/01`, `2020-01-15`). `to` is exclusive, as in hledger.
struct PeriodExpression {
    /// `daily`, `weekly`, `monthly`, `quarterly`, `yearly`; `day` for `every Nth day of
    /// month` (``day``); `other` for an interval hledger has and Tally has no name for
    /// (`biweekly`, `every 2 weeks`, `every tuesday`, …), kept as written in ``written``.
    var interval: String
    var day = 0
    var written: String
    var from: CivilDate?
    var to: CivilDate?

    /// nil when the expression is not one hledger would read (or has words after it).
    init?(_ expression: String) {
        var words = expression.split(separator: " ").map { $0.lowercased() }
        written = expression
        guard let first = words.first else { return nil }
        let aliases = ["annually": "yearly", "day": "daily", "week": "weekly", "month": "monthly", "quarter": "quarterly", "year": "yearly"]
        if let single = ["daily", "weekly", "monthly", "quarterly", "yearly"].first(where: { $0 == aliases[first] ?? first }) {
            interval = single
            words.removeFirst()
        } else if first == "every", words.count >= 2, let single = aliases[words[1]] {
            interval = single
            words.removeFirst(2)
        } else if words.count >= 5, first == "every", words[2 ... 4] == ["day", "of", "month"],
            ["st", "nd", "rd", "th"].contains(String(words[1].suffix(2))), let n = Int(words[1].dropLast(2)), (1 ... 31).contains(n)
        {
            interval = "day"
            day = n
            words.removeFirst(5)
        } else if ["biweekly", "fortnightly", "bimonthly", "semiannually"].contains(first) {
            interval = "other"
            words.removeFirst()
        } else if first == "every" {
            // `every 2 weeks`, `every tuesday`, `every 2nd thursday of month`, `every 11/29`:
            // the words up to `from`, `to` or `in`.
            interval = "other"
            let end = words.firstIndex { ["from", "since", "to", "until", "in"].contains($0) } ?? words.endIndex
            words.removeFirst(end)
        } else {
            return nil
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
