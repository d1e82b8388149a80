import TallySyntax

/// Income, spending and what is left over a stretch of time, in the default currency.
public struct PeriodTotals: Sendable, Equatable {
    /// First and last day.
    public let start: CivilDate
    public let end: CivilDate
    /// Money in: postings in income categories.
    public let income: Money
    /// Money out, as a positive number: spending in expense categories less refunds.
    public let expense: Money
    /// income − expense (under a market valuation, of the unrounded sums, rounded once:
    /// ``rounded(to:)``).
    public private(set) var net: Money

    init(start: CivilDate, end: CivilDate, income: Money, expense: Money) {
        self.start = start
        self.end = end
        self.income = income
        self.expense = expense
        net = income.subtracting(expense) ?? .zero
    }

    /// Each figure rounded once to `decimals`, half away from zero, the net from the
    /// unrounded income and expense: how hledger rounds a valued sum for display
    /// (Grammar.md §3.14). Nil `decimals` (sums of rounded amounts) leaves it as it is.
    public func rounded(to decimals: Int?) -> PeriodTotals {
        guard let decimals else { return self }
        var copy = PeriodTotals(start: start, end: end, income: income.rounded(toPlaces: decimals), expense: expense.rounded(toPlaces: decimals))
        copy.net = net.rounded(toPlaces: decimals)
        return copy
    }
}

/// How finely income against expense is broken down.
public enum Granularity: String, Sendable, CaseIterable {
    case day, week, month, year

    /// The first day of the bucket containing `date`.
    public func start(of date: CivilDate, weekStart: Weekday) -> CivilDate {
        switch self {
        case .day: return date
        case .week: return date.startOfWeek(weekStart: weekStart)
        case .month: return date.startOfMonth
        case .year: return date.startOfYear
        }
    }

    /// The first day of the next bucket.
    public func next(after start: CivilDate) -> CivilDate? {
        switch self {
        case .day: return start.adding(days: 1)
        case .week: return start.adding(days: 7)
        case .month: return start.adding(months: 1)
        case .year: return start.adding(years: 1)
        }
    }
}

extension CategoryFlows {
    /// Income and expense over `range`.
    public func totals(_ range: ClosedRange<CivilDate>, model: BudgetModel) -> PeriodTotals {
        var income = Money.zero
        var expense = Money.zero
        for flow in slice(range) {
            if model.categories[flow.category].isIncome {
                income = income.adding(flow.amount) ?? income
            } else {
                expense = expense.subtracting(flow.amount) ?? expense
            }
        }
        return PeriodTotals(start: range.lowerBound, end: range.upperBound, income: income, expense: expense)
    }

    /// Income against expense per day, week, month or year across `range`; buckets at the
    /// edges are cut to the range, and empty buckets are kept so that charts have no gaps.
    public func series(_ range: ClosedRange<CivilDate>, by granularity: Granularity, model: BudgetModel) -> [PeriodTotals] {
        var result: [PeriodTotals] = []
        var start = granularity.start(of: range.lowerBound, weekStart: model.weekStart)
        while start <= range.upperBound {
            // At the end of the calendar (9999-12) there is no next bucket: the last one
            // ends with the range.
            let next = granularity.next(after: start)
            let last = next?.adding(days: -1) ?? range.upperBound
            result.append(totals(max(start, range.lowerBound) ... min(last, range.upperBound), model: model))
            guard let next else { break }
            start = next
        }
        return result
    }

    /// Sum per category over `range`, in the default currency.
    public func byCategory(_ range: ClosedRange<CivilDate>) -> [Int: Money] {
        var sums: [Int: Money] = [:]
        for flow in slice(range) {
            let current = sums[flow.category] ?? .zero
            sums[flow.category] = current.adding(flow.amount) ?? current
        }
        return sums
    }
}
