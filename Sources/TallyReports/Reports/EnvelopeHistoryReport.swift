import TallyCore
import TallySyntax

/// `tally envelopes --monthly` (or `--weekly`, `--quarterly`, `--yearly`): each envelope's
/// carried, planned, filled, moved, spent and available money per period over a range,
/// as YNAB's months or `hledger bal --budget -M` show them, with ready to assign at each
/// period's end. Built on ``BudgetModel/envelopeColumn(_:_:rates:)``, which any report of
/// envelopes by period can share.
public struct EnvelopeHistoryReport: Sendable {
    /// One envelope's figures per column; nil where none of its periods meets the column.
    public struct Row: Sendable {
        public let envelope: Envelope
        public let columns: [EnvelopeColumn?]
    }

    /// The step between columns.
    public let step: PeriodColumns.Step
    /// The columns.
    public let periods: PeriodColumns
    /// The envelopes that have a period in the range, in file order.
    public let rows: [Row]
    /// Ready to assign at the end of each column; nil for budgets that assign no income,
    /// and for columns that end before the budget had money (``BudgetModel/readyToAssignStart``).
    public let readyToAssign: [Money?]
    /// The range the columns cover: the one asked for, ending today at the latest.
    public let range: ClosedRange<CivilDate>
    private let budget: ReportBudget

    /// The envelopes by `step` over `range`, cut at today: figures are as they stand, not
    /// a forecast.
    public init(_ budget: ReportBudget, step: PeriodColumns.Step, range asked: ClosedRange<CivilDate>) {
        self.budget = budget
        self.step = step
        let model = budget.model
        let range = asked.lowerBound <= model.today ? asked.lowerBound ... min(asked.upperBound, model.today) : asked
        self.range = range
        let periods = PeriodColumns(step: step, range: range, weekStart: model.weekStart)
        self.periods = periods
        rows = model.envelopes.indices.compactMap { e in
            let columns = periods.periods.map { model.envelopeColumn(e, $0.start ... $0.end, rates: budget.rates) }
            return columns.contains { $0 != nil } ? Row(envelope: model.envelopes[e], columns: columns) : nil
        }
        readyToAssign = periods.periods.map { period in
            guard let start = model.readyToAssignStart, start <= period.end else { return nil }
            return model.readyToAssign(at: period.end)
        }
    }

    /// When ready to assign is 0.00 at the end of every column shown (every euro has a
    /// job, as YNAB's budgets aim for), the one line that says so instead of a table of
    /// zeros; nil otherwise.
    public var allAssigned: String? {
        let shown = zip(periods.periods, readyToAssign).compactMap { period, ready in ready.map { (period, $0) } }
        guard let first = shown.first, let last = shown.last, shown.allSatisfy({ $0.1.isZero }) else { return nil }
        let span = shown.count == 1 ? "of \(first.0.label)" : "of every \(step.unit) from \(first.0.label) to \(last.0.label)"
        return "Ready to assign is \(budget.amount(.zero, budget.currency)) at the end \(span): all the money is assigned"
    }

    /// True when some period of some envelope gave money back inside a column (periods
    /// shorter than the columns), so the text shows that column of figures too.
    public var hasReturns: Bool { rows.contains { $0.columns.contains { !($0?.returned.isZero ?? true) } } }

    /// The JSON of docs/reports.md ("envelopes --monthly").
    public var json: JSONValue {
        let money = budget.inDefault
        return .object([
            ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
            ("currency", .string(budget.currency)), ("step", .string(step.unit)),
            (
                "periods",
                .array(
                    zip(periods.periods, readyToAssign).map { period, ready in
                        .object([
                            ("label", .string(period.label)), ("start", .string(period.start.description)),
                            ("end", .string(period.end.description)), ("readyToAssign", .optional(ready.map(money)))
                        ])
                    })
            ),
            (
                "envelopes",
                .array(
                    rows.map { row in
                        .object([
                            ("name", .string(row.envelope.name)),
                            (
                                "periods",
                                .array(
                                    row.columns.map { column in
                                        guard let c = column else { return .null }
                                        return .object([
                                            ("carried", .string(money(c.carried))), ("planned", .string(money(c.planned))),
                                            ("filled", .string(money(c.filled))), ("moved", .string(money(c.moved))),
                                            ("spent", .string(money(c.spent))), ("returned", .string(money(c.returned))),
                                            ("available", .string(money(c.available)))
                                        ])
                                    })
                            )
                        ])
                    })
            )
        ])
    }
}
