import TallyCore
import TallySyntax
import TallyTestSupport
import Testing

/// Any date, the same figures (Grammar.md §4, "Looking ahead"): a day looked at from an
/// earlier today shows what it will show when it comes. For every example budget and for
/// random budgets, days t <= d: every envelope's figures and ready to assign at d with
/// today t equal those with today d.
@Suite struct LookingAheadPropertyTests {
    typealias Random = EnvelopeEquationPropertyTests.Random

    /// Every figure of the envelopes and the equation at `date`, as one comparable text.
    static func figures(_ model: BudgetModel, at date: CivilDate) -> [String] {
        let rates = ExchangeRates(model)
        var lines = model.envelopes.indices.map { e -> String in
            guard let s = model.envelopeStatus(e, through: date, rates: rates) else { return "\(e): none" }
            return "\(e): \(s.start)..\(s.end) carried \(s.carriedIn) planned \(s.planned) filled \(s.filled) "
                + "moved \(s.moved) spent \(s.spent) available \(s.available)"
        }
        lines.append("ready to assign \(model.readyToAssign(at: date).map(\.description) ?? "none")")
        if let equation = model.envelopeEquation(at: date, rates: rates) {
            lines.append("equation \(equation.readyToAssign) + \(equation.available) + \(equation.goals) = \(equation.wallets?.description ?? "?")")
        }
        return lines
    }

    /// The figures at `day` seen from `today` and from `day` itself; nil when they agree.
    static func difference(_ budget: Budget, today: CivilDate, day: CivilDate) -> String? {
        let ahead = figures(Interpreter.run(budget, today: today).model, at: day)
        let onTheDay = figures(Interpreter.run(budget, today: day).model, at: day)
        guard ahead != onTheDay else { return nil }
        return zip(ahead, onTheDay).filter { $0 != $1 }.map { "today \(today): \($0)\ntoday \(day): \($1)" }.joined(separator: "\n")
    }

    @Test func theExamplesShowTheSameFiguresAheadAsOnTheDay() throws {
        var r = Random(state: 41)
        var checked = 0
        // The examples, and the small budgets of examples/errors (entries left out too).
        let paths = TestSupport.files(in: "examples", withExtension: "tally") + TestSupport.files(in: "examples/errors", withExtension: "tally")
        for path in paths {
            guard let budget = try? BudgetLoader.load(argument: path) else { continue }
            guard let first = Interpreter.run(budget, today: Figures.date("2026-11-30")).model.entries.first?.date else { continue }
            for _ in 0 ..< 12 {
                guard let today = first.adding(days: r.below(120)), let day = today.adding(days: r.below(150)) else { continue }
                let difference = Self.difference(budget, today: today, day: day)
                #expect(difference == nil, "\(path) on \(day):\n\(difference ?? "")")
                checked += 1
            }
        }
        #expect(checked >= 300)
    }

    @Test func theIssuesLookAtDecemberFromTheLastDayOfNovember() throws {
        let budget = try BudgetLoader.load(argument: TestSupport.path("examples/household.tally"))
        let difference = Self.difference(budget, today: Figures.date("2026-11-30"), day: Figures.date("2026-12-01"))
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func randomBudgetsShowTheSameFiguresAheadAsOnTheDay() throws {
        var r = Random(state: 34)
        var compared = 0
        for budgetNumber in 0 ..< 300 {
            let text = EnvelopeEquationPropertyTests.budget(&r)
            let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
            for _ in 0 ..< 3 {
                guard let today = Figures.date("2025-12-20").adding(days: r.below(220)),
                    let day = today.adding(days: r.chance(20) ? 0 : r.below(400))
                else { continue }
                let difference = Self.difference(budget, today: today, day: day)
                #expect(difference == nil, "budget \(budgetNumber):\n\(difference ?? "")\n\(text)")
                if difference != nil { return }
                compared += 1
            }
        }
        #expect(compared == 900)
    }

    /// With no money moved yet, the periods begin on the day looked at, as they will when
    /// it is today: a rollover envelope carries nothing from the months before.
    @Test func aBudgetWithNothingMovedBeginsOnTheDayLookedAt() throws {
        let text = """
            currency EUR
            wallet Checking opening 100.00
            expense Food
            envelope Food 50 monthly for Food rollover
            """
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let model = Interpreter.run(budget, today: Figures.date("2026-11-10")).model
        let status = try #require(model.envelopeStatus(0, at: Figures.date("2027-01-15")))
        // January 2027 only: 0.00 carried + 50.00 planned = 50.00.
        #expect(status.start == Figures.date("2027-01-01"))
        #expect(status.carriedIn == .zero)
        #expect(status.available == Figures.money("50.00"))
        #expect(Self.difference(budget, today: Figures.date("2026-11-10"), day: Figures.date("2027-01-15")) == nil)
    }
}
