import TallyCore
import TallySyntax

/// Columns over time (`--monthly`, `--weekly`, `--quarterly`, `--yearly`) for `balance`
/// (the balance at each period's end) and `insights` (the flow in each period): the
/// periods, and one table of rows with a cell per period; the command line shows it as
/// text or CSV, and every front end as the JSON here.
public struct PeriodColumns: Sendable {
    /// The step between columns.
    public enum Step: String, CaseIterable, Sendable {
        case weekly, monthly, quarterly, yearly

        /// The flag that asks for it.
        public var flag: String { "--" + rawValue }

        /// Its short spelling, as hledger's: `-W`, `-M`, `-Q`, `-Y`.
        public var shortFlag: String { "-" + rawValue.prefix(1).uppercased() }

        /// The word in JSON: `week`, `month`, `quarter`, `year`.
        public var unit: String { ["weekly": "week", "monthly": "month", "quarterly": "quarter", "yearly": "year"][rawValue]! }
    }

    /// One column: a period cut to the range.
    public struct Period: Sendable {
        /// `2026-11`, `2026-Q4`, `2026`, or a week's first day.
        public var label: String
        /// The first day, cut to the range.
        public var start: CivilDate
        /// The last day, cut to the range.
        public var end: CivilDate
    }

    /// One line of the table; nil cells have no figure (a missing rate).
    public struct Row: Sendable {
        /// The wallet, category or kind.
        public var name: String
        /// Its kind or type (`income`, `expense`, a wallet kind, `total`).
        public var type: String
        /// One figure per period.
        public var cells: [Money?]
        /// The sum of the cells (flows only).
        public var total: Money?
        /// The cells' average.
        public var average: Money?
        /// A line of totals, drawn below a rule.
        public var isSummary = false

        /// A row of `cells`.
        public init(name: String, type: String, cells: [Money?], total: Money?, average: Money?, isSummary: Bool = false) {
            self.name = name
            self.type = type
            self.cells = cells
            self.total = total
            self.average = average
            self.isSummary = isSummary
        }
    }

    /// The step between columns; nil for one column over the whole range.
    public let step: Step?
    /// The columns, oldest first.
    public let periods: [Period]

    /// One column over the whole of `range` (`tally balance QUERY`, `tally is` without a
    /// step), labelled `START..END`.
    public init(range: ClosedRange<CivilDate>) {
        step = nil
        periods = [Period(label: "\(range.lowerBound)..\(range.upperBound)", start: range.lowerBound, end: range.upperBound)]
    }

    /// The periods of `step` that meet `range`, the first and last cut to it unless
    /// `whole`.
    public init(step: Step, range: ClosedRange<CivilDate>, weekStart: Weekday, whole: Bool = false) {
        self.step = step
        var result: [Period] = []
        var start: CivilDate
        switch step {
        case .weekly: start = range.lowerBound.startOfWeek(weekStart: weekStart)
        case .monthly: start = range.lowerBound.startOfMonth
        case .quarterly: start = range.lowerBound.startOfQuarter
        case .yearly: start = range.lowerBound.startOfYear
        }
        while start <= range.upperBound {
            let next: CivilDate?
            let label: String
            switch step {
            case .weekly:
                next = start.adding(days: 7)
                label = start.description
            case .monthly:
                next = start.adding(months: 1)
                label = EnvelopePeriod.monthly.label(start)
            case .quarterly:
                next = start.adding(months: 3)
                label = "\(start.year)-Q\(start.quarter)"
            case .yearly:
                next = start.adding(years: 1)
                label = "\(start.year)"
            }
            let end = next.flatMap { $0.adding(days: -1) } ?? range.upperBound
            result.append(Period(label: label, start: whole ? start : max(start, range.lowerBound), end: whole ? end : min(end, range.upperBound)))
            guard let next else { break }
            start = next
        }
        periods = result
    }

    /// Sum and average of cells, nil when a cell has no figure; the average is rounded to
    /// `decimals` places (Money's rounding, half away from zero).
    public static func totals(_ cells: [Money?], decimals: Int) -> (total: Money?, average: Money?) {
        var sum = Money.zero
        for cell in cells {
            guard let cell, let next = sum.adding(cell) else { return (nil, nil) }
            sum = next
        }
        return (sum, cells.isEmpty ? nil : sum.divided(by: cells.count, roundedTo: decimals))
    }

    /// The table as `--format json` shows it: the range, the periods, the rows and the
    /// summary rows apart; `showTotal` adds each row's total (flows have one, balances
    /// not).
    public func json(_ rows: [Row], budget: ReportBudget, showTotal: Bool, range: ClosedRange<CivilDate>, missing: [MissingRate]) -> JSONValue {
        let money = { (m: Money?) in m.map(budget.inDefault) }
        func row(_ r: Row) -> JSONValue {
            var fields: [(String, JSONValue)] = [
                ("name", .string(r.name)), ("type", .string(r.type)),
                ("amounts", .array(r.cells.map { .optional(money($0)) }))
            ]
            if showTotal { fields.append(("total", .optional(money(r.total)))) }
            fields.append(("average", .optional(money(r.average))))
            return .object(fields)
        }
        return JSONValue.object([
            ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
            ("currency", .string(budget.currency)), ("step", .optional(step?.unit)),
            (
                "periods",
                .array(
                    periods.map {
                        .object([
                            ("label", .string($0.label)), ("start", .string($0.start.description)),
                            ("end", .string($0.end.description))
                        ])
                    })
            ),
            ("rows", .array(rows.filter { !$0.isSummary }.map(row))),
            ("totals", .array(rows.filter(\.isSummary).map(row))),
            ("missingRates", budget.missingRatesJSON(missing))
        ])
    }
}
