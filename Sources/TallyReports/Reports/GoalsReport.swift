import TallyCore
import TallySyntax

/// `tally goals`: each goal's progress at the end of a day. A periodic goal (`100
/// monthly`) shows the current period: what was put aside in it, against the period's
/// sum, by its end.
public struct GoalsReport: Sendable {
    /// One goal as every format shows it.
    public struct Line: Sendable {
        /// The goal.
        public let goal: Goal
        /// Its wallet's currency, else the default currency.
        public let currency: String
        /// The period label, for periodic goals.
        public let period: String?
        /// Put aside so far (in the period, for periodic goals).
        public let saved: Money
        /// The sum to reach, if any.
        public let target: Money?
        /// Saved as a percent of the target.
        public let percent: Money?
        /// The day to reach it by (the period's end, for periodic goals).
        public let by: CivilDate?
        /// `open`, `reached`, or the core's state.
        public let state: String
        /// A sentence on what remains, if anything.
        public let outlook: String?

        init(_ budget: ReportBudget, goal g: Int, at date: CivilDate) {
            let model = budget.model
            goal = model.goals[g]
            currency = goal.wallet.map { model.wallets[$0].currency } ?? budget.currency
            if let periodic = model.periodicGoalStatus(g, at: date), let kind = goal.periodic {
                period = kind.label(periodic.start)
                saved = periodic.saved
                target = periodic.target
                percent = periodic.percent
                by = periodic.end
                state = periodic.isReached ? "reached" : "open"
                outlook = periodic.isReached ? nil : "\(budget.amount(periodic.missing, currency)) more to put aside by \(periodic.end)"
            } else {
                let status = model.goalStatus(g, at: date)
                period = nil
                saved = status.saved
                target = goal.target
                percent = status.percent
                by = goal.by
                state = status.state.rawValue
                outlook = status.outlook
            }
        }
    }

    /// The day the goals are taken at the end of.
    public let date: CivilDate
    /// Every goal, in file order.
    public let lines: [Line]
    /// What the goals held in the budget's wallets have saved, in the default currency:
    /// assigned money, the "in goals" of `tally envelopes`' equation (Grammar.md §4,
    /// "Goals in the equation"); nil for budgets without ready to assign.
    public let assigned: Money?
    private let budget: ReportBudget

    /// The goals at the end of `date`.
    public init(_ budget: ReportBudget, at date: CivilDate) {
        self.budget = budget
        self.date = date
        lines = budget.model.goals.indices.map { Line(budget, goal: $0, at: date) }
        assigned = budget.model.envelopeEquation(at: date, rates: budget.rates)?.goals
    }

    /// The sentence that ties the goals to ready to assign, when they hold any of the
    /// budget's money.
    public var assignedNote: String? {
        guard let assigned, !assigned.isZero else { return nil }
        return "Saved in the budget's wallets: \(budget.amount(assigned, budget.currency)), assigned, so not in ready to assign"
    }

    /// The JSON of docs/reports.md ("goals").
    public var json: JSONValue {
        .object([
            ("date", .string(date.description)),
            ("assigned", .optional(assigned.map(budget.inDefault))),
            (
                "goals",
                .array(
                    lines.map { row in
                        .object([
                            ("name", .string(row.goal.name)), ("currency", .string(row.currency)),
                            ("wallet", .optional(row.goal.wallet.map { budget.model.wallets[$0].name })),
                            ("period", .optional(row.period)),
                            ("saved", .string(budget.plain(row.saved, row.currency))),
                            ("target", .optional(row.target.map { budget.plain($0, row.currency) })),
                            ("percent", .optional(row.percent.map { $0.formatted(scale: 1) })),
                            ("by", .optional(row.by?.description)), ("state", .string(row.state)),
                            ("outlook", .optional(row.outlook))
                        ])
                    })
            )
        ])
    }
}
