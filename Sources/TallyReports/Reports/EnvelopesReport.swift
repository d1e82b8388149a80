import TallyCore
import TallySyntax

/// `tally envelopes`: every envelope's figures for its period containing a day, and ready
/// to assign (for budgets that assign income).
public struct EnvelopesReport: Sendable {
    /// One envelope's row, with the values every format shows (TallyCore's, which the
    /// monthly report's page shows too).
    public typealias Line = EnvelopeLine

    /// The day the figures are taken through.
    public let date: CivilDate
    /// The envelopes with a period containing the day, in file order.
    public let lines: [Line]
    /// Income not yet given to an envelope; nil for budgets that do not assign income.
    public let readyToAssign: Money?
    /// Ready to assign, what the envelopes have available and the money in the budget's
    /// wallets, with the month's unbudgeted spending; nil with ``readyToAssign``.
    public let equation: EnvelopeEquation?
    private let budget: ReportBudget

    /// The envelopes through the end of `date` (spending after it not counted).
    public init(_ budget: ReportBudget, at date: CivilDate) {
        self.budget = budget
        self.date = date
        lines = Self.lines(budget, at: date)
        readyToAssign = budget.model.readyToAssign(at: date)
        equation = budget.model.envelopeEquation(at: date, rates: budget.rates)
    }

    /// The envelopes' figures at the end of `date`; also the monthly report's.
    public static func lines(_ budget: ReportBudget, at date: CivilDate) -> [Line] {
        budget.model.envelopeLines(at: date, rates: budget.rates)
    }

    /// For a day after today, the one line that says so: the figures are those the day
    /// will show when it comes, if nothing more is recorded (Grammar.md §4, "Looking
    /// ahead"); nil for today and earlier days.
    public var lookingAhead: String? {
        guard budget.today < date else { return nil }
        return "Looking ahead from today (\(budget.today)): as \(date) will show them if nothing more is recorded"
    }

    /// The envelopes as an array, as `envelopes` and `report` show them.
    public static func json(_ lines: [Line], budget: ReportBudget) -> JSONValue {
        .array(
            lines.map { line in
                let s = line.status
                return .object([
                    ("name", .string(line.envelope.name)), ("period", .string(line.envelope.period.label(s.start))),
                    ("start", .string(s.start.description)), ("end", .string(s.end.description)),
                    ("carriedIn", .string(budget.inDefault(s.carriedIn))), ("planned", .string(budget.inDefault(s.planned))),
                    ("filled", .string(budget.inDefault(s.filled))), ("moved", .string(budget.inDefault(s.moved))),
                    ("spent", .string(budget.inDefault(s.spent))), ("available", .string(budget.inDefault(s.available))),
                    ("percentUsed", .optional(line.percent.map { $0.formatted(scale: 1) })),
                    ("overspent", .bool(s.isOverspent)), ("alert", .bool(line.alert)),
                    ("leftPerDay", .optional(line.leftPerDay.map(budget.inDefault)))
                ])
            })
    }

    /// The JSON of docs/reports.md ("envelopes").
    public var json: JSONValue {
        .object([
            ("date", .string(date.description)), ("currency", .string(budget.currency)),
            ("envelopes", Self.json(lines, budget: budget)),
            ("readyToAssign", .optional(readyToAssign.map(budget.inDefault))),
            ("equation", equation.map(equationJSON) ?? .null)
        ])
    }

    /// Which cards the card debt no money holds (`paidBeyond` false) or what was paid
    /// beyond what was held (true) is on, in a budget with several cards (YNAB weighs each
    /// card on its own): " (Amex)" for one card, ": 30.00 on Visa, 10.00 on Amex" for
    /// more; empty with one card in the budget.
    public static func byCard(_ equation: EnvelopeEquation, _ budget: ReportBudget, paidBeyond: Bool = false) -> String {
        let wallets = budget.model.wallets
        guard wallets.filter({ $0.kind == .credit && $0.holdsBudgetMoney }).count > 1 else { return "" }
        let cards = equation.cardFigures.compactMap { card -> (String, Money)? in
            let owed = card.owed.isNegative ? Money.zero : card.owed
            let figure = paidBeyond ? (card.held.isNegative ? card.heldByNoMoney.subtracting(owed) : nil) : card.heldByNoMoney
            return figure.flatMap { $0.isZero ? nil : (wallets[card.wallet].name, $0) }
        }
        if cards.count == 1 { return " (\(cards[0].0))" }
        return cards.isEmpty ? "" : ": " + cards.map { "\(budget.inDefault($0.1)) on \($0.0)" }.joined(separator: ", ")
    }

    /// The equation's figures and the month's unbudgeted spending by category.
    func equationJSON(_ equation: EnvelopeEquation) -> JSONValue {
        let model = budget.model
        return .object([
            ("readyToAssign", .string(budget.inDefault(equation.readyToAssign))),
            ("available", .string(budget.inDefault(equation.available))),
            ("goals", .string(budget.inDefault(equation.goals))),
            ("wallets", .optional(equation.wallets.map(budget.inDefault))),
            ("cards", .optional(equation.cards.map(budget.inDefault))),
            ("cardsUncovered", .string(budget.inDefault(equation.uncoveredCards))),
            ("cardsHeldByNoMoney", .string(budget.inDefault(equation.heldByNoMoney))),
            (
                "cardsByWallet",
                .array(
                    equation.cardFigures.map {
                        .object([
                            ("wallet", .string(model.wallets[$0.wallet].name)), ("owed", .string(budget.inDefault($0.owed))),
                            ("uncovered", .string(budget.inDefault($0.uncovered))),
                            ("overspentSoFar", .string(budget.inDefault($0.overspentSoFar))), ("held", .string(budget.inDefault($0.held)))
                        ])
                    })
            ),
            ("unbudgetedFrom", .string(equation.unbudgetedFrom.description)),
            ("unbudgeted", .string(budget.inDefault(equation.unbudgetedTotal))),
            (
                "unbudgetedByCategory",
                .array(
                    equation.unbudgeted.map {
                        .object([
                            ("category", .optional($0.category.map { model.categories[$0].name })), ("spent", .string(budget.inDefault($0.spent)))
                        ])
                    })
            )
        ])
    }
}

/// `tally envelopes --envelope NAME`: one envelope's spending per day across its period
/// containing a day, against what it holds.
public struct EnvelopeDaysReport: Sendable {
    /// The envelope.
    public let envelope: Envelope
    /// Its figures through the day.
    public let status: EnvelopeStatus
    /// Each day of the period up to the day.
    public let days: [EnvelopeDay]
    private let budget: ReportBudget

    /// The days of envelope `e` through `date`; nil when no period of it contains the day.
    public init?(_ budget: ReportBudget, envelope e: Int, at date: CivilDate) {
        let model = budget.model
        guard let status = model.envelopeStatus(e, through: date, rates: budget.rates) else { return nil }
        self.budget = budget
        self.envelope = model.envelopes[e]
        self.status = status
        self.days = model.envelopeDays(e, at: date, rates: budget.rates)
    }

    /// The period's label (`2026-11`, a week's first day ...).
    public var label: String { envelope.period.label(status.start) }

    /// What the envelope holds after a day's spending so far.
    public func left(_ day: EnvelopeDay) -> Money { status.budget.subtracting(day.spentSoFar) ?? .zero }

    /// Whether spending so far on `days[index]` is past where it would be had it run
    /// evenly across the period.
    public func isAheadOfEvenPace(_ index: Int) -> Bool {
        let length = max(1, status.start.days(until: status.end) + 1)
        let even = status.budget.multiplied(by: Money(units: Int64(index + 1), scale: 0), roundedTo: status.budget.scale)?.divided(by: length, roundedTo: 2)
        return even.map { $0 < days[index].spentSoFar } ?? false
    }

    /// The JSON of docs/reports.md ("envelopes --envelope").
    public var json: JSONValue {
        .object([
            ("envelope", .string(envelope.name)), ("period", .string(label)), ("start", .string(status.start.description)),
            ("end", .string(status.end.description)), ("currency", .string(budget.currency)), ("budget", .string(budget.inDefault(status.budget))),
            (
                "days",
                .array(
                    days.map {
                        .object([
                            ("date", .string($0.date.description)), ("spent", .string(budget.inDefault($0.spent))),
                            ("spentSoFar", .string(budget.inDefault($0.spentSoFar))), ("left", .string(budget.inDefault(left($0))))
                        ])
                    })
            )
        ])
    }
}
