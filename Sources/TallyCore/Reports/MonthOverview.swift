import TallySyntax

/// The month at a glance with its recent history: every figure the monthly report's
/// HTML page shows (`tally report --html`), made by the queries `tally report --format
/// json` prints, so that the page and the JSON cannot disagree.
public struct MonthOverview: Sendable {
    /// One month of the history: its totals and what they leave out for want of a rate.
    public struct Month: Sendable {
        public let totals: PeriodTotals
        public let unconverted: UnconvertedTotals
        /// The visible wallets' balances at the month's end.
        public let balance: BalanceSheet
    }

    /// A category's spending in the month, for the donut and the table beside it.
    public struct Spending: Sendable, Equatable {
        /// Index into ``BudgetModel/categories``.
        public let category: Int
        /// Spending less refunds: below zero when the refunds outweigh the spending.
        public let amount: Money
        /// Its part of the spending of every category that spent (``CategoryShare``),
        /// in percent; nil when the refunds outweigh the spending, which a share of a
        /// whole cannot show.
        public let percent: Money?
    }

    /// The day envelopes and goals are shown at (``MonthlyReport/day(in:today:)``).
    public let day: CivilDate
    /// The monthly report, categories counted at the overview's depth.
    public let report: MonthlyReport
    /// What the month's totals leave out for want of a rate.
    public let unconverted: UnconvertedTotals
    /// Expense categories with spending or refunds in the month: those that spent,
    /// largest first, then those whose refunds outweigh their spending. Their amounts add
    /// up to the month's expense (``MonthlyReport/totals``).
    public let spending: [Spending]
    /// The history, oldest first; the last is the month itself.
    public let months: [Month]
    /// Every envelope with a period containing ``day``.
    public let envelopes: [EnvelopeLine]
    /// Each goal's status at ``day``, by goal index.
    public let goals: [GoalStatus]
    /// The month's largest spending transactions, at most five.
    public let largest: [LargeExpense]
}

extension MonthlyReport {
    /// The day the monthly report for the month starting `month` shows envelopes and
    /// goals at: today within the month, else the month's first day before it, its last
    /// after it.
    public static func day(in month: CivilDate, today: CivilDate) -> CivilDate {
        min(month.endOfMonth, max(month.startOfMonth, today))
    }
}

extension BudgetModel {
    /// The overview of the month containing `month`, with `count` months of history
    /// (the month included), categories counted at `depth` (top-level ones by default).
    public func monthOverview(
        month: CivilDate, months count: Int, flows: CategoryFlows, rates: ExchangeRates,
        depth: Int = 1
    ) -> MonthOverview {
        let start = month.startOfMonth
        let range = start ... start.endOfMonth
        let day = MonthlyReport.day(in: start, today: today)
        let report = monthlyReport(month: start, flows: flows, rates: rates, depth: depth)
        let shares = categoryShares(range, flows: flows, depth: depth).expense
        let refunded = report.categories.filter { !categories[$0.category].isIncome && $0.current.isNegative }
            .sorted { ($0.current, categories[$1.category].name) > ($1.current, categories[$0.category].name) }
        let spending =
            shares.map { MonthOverview.Spending(category: $0.category, amount: $0.amount, percent: $0.percent) }
            + refunded.map { MonthOverview.Spending(category: $0.category, amount: $0.current, percent: nil) }
        let first = start.adding(months: 1 - max(1, count)) ?? start
        let history = flows.series(first ... range.upperBound, by: .month, model: self).map { totals in
            MonthOverview.Month(
                totals: totals, unconverted: flows.unconvertedTotals(totals.start ... totals.end, model: self),
                balance: balanceSheet(at: totals.end, rates: rates))
        }
        return MonthOverview(
            day: day, report: report, unconverted: flows.unconvertedTotals(range, model: self),
            spending: spending, months: history,
            envelopes: envelopeLines(at: day, rates: rates),
            goals: goals.indices.map { goalStatus($0, at: day) },
            largest: flows.largestExpenses(range, model: self, rates: rates, rankedAt: day))
    }
}
