import TallyCore
import TallySyntax

/// `tally balance --budget`: each envelope's budget against its spending, a column per
/// period, as hledger's `balance --budget` shows budget goals against actual. The figures
/// are the core's envelope periods (`BudgetModel.envelopeHistory`); an envelope period is
/// counted in the column holding its last day (or the range's last day, when it ends
/// later, with the figures through that day). Rules and a worked example: docs/reports.md
/// ("balance --budget").
public struct EnvelopeBudgetColumns: Sendable {
    /// One envelope's figures in one column.
    public struct Cell: Sendable, Equatable {
        /// What the column's first envelope period carried in, plus what every envelope
        /// period in the column planned, was filled and was moved.
        public var budget: Money
        /// What every envelope period in the column spent.
        public var spent: Money
        /// What the last envelope period in the column had left.
        public var available: Money
    }

    /// One envelope, a cell per column (nil: none of its periods ends in the column).
    public struct Row: Sendable {
        public var name: String
        public var cells: [Cell?]
    }

    /// The columns.
    public let columns: PeriodColumns
    /// One row per envelope, in file order.
    public let rows: [Row]
    private let budget: ReportBudget
    private let range: ClosedRange<CivilDate>

    /// The envelopes' figures over `range`, in `columns`.
    public init(_ budget: ReportBudget, columns: PeriodColumns, range: ClosedRange<CivilDate>) {
        self.budget = budget
        self.columns = columns
        self.range = range
        let model = budget.model
        let ends = columns.periods.map(\.end)
        rows = model.envelopes.indices.map { e in
            var cells: [Cell?] = Array(repeating: nil, count: ends.count)
            for period in model.envelopeHistory(e) where period.end >= range.lowerBound && period.start <= range.upperBound {
                let last = min(period.end, range.upperBound)
                let status = period.end <= range.upperBound ? period : (model.envelopeStatus(e, through: last, rates: budget.rates) ?? period)
                guard let column = ends.firstIndex(where: { last <= $0 }) else { continue }
                // Sums of figures the interpreter has already summed within the budget's
                // bound (`Walk+Bounds.swift`): they cannot overflow.
                let added = status.planned.adding(status.filled)?.adding(status.moved) ?? .zero
                if let cell = cells[column] {
                    cells[column] = Cell(
                        budget: cell.budget.adding(added) ?? cell.budget, spent: cell.spent.adding(status.spent) ?? cell.spent,
                        available: status.available)
                } else {
                    cells[column] = Cell(budget: status.budget, spent: status.spent, available: status.available)
                }
            }
            return Row(name: model.envelopes[e].name, cells: cells)
        }
    }

    /// The JSON of docs/reports.md ("balance --budget").
    public var json: JSONValue {
        func cell(_ c: Cell?) -> JSONValue {
            guard let c else { return .null }
            return .object([
                ("budget", .string(budget.inDefault(c.budget))), ("spent", .string(budget.inDefault(c.spent))),
                ("available", .string(budget.inDefault(c.available)))
            ])
        }
        return .object([
            ("start", .string(range.lowerBound.description)), ("end", .string(range.upperBound.description)),
            ("currency", .string(budget.currency)), ("step", .optional(columns.step?.unit)),
            ("periods", .array(columns.periods.map { .string($0.label) })),
            ("envelopes", .array(rows.map { .object([("name", .string($0.name)), ("cells", .array($0.cells.map(cell)))]) }))
        ])
    }
}
