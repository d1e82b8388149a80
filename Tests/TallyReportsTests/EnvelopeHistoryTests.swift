import TallyCore
import TallyReports
import TallySyntax
import Testing

/// `tally envelopes -p 2026 --monthly`: a year of envelope history, every figure by hand.
@Suite struct EnvelopeHistoryTests {
    static let year = """
        currency EUR
        wallet Checking opening 1000.00 on 2026-01-01
        income Salary
        expense Food, Fun
        envelope Food 300 monthly for Food rollover
        envelope Fun monthly for Fun
        2026-01-01 Checking Salary +2000.00
        2026-01-10 Checking Food -250.00
        2026-01-12 fill Fun 100.00
        2026-01-20 Checking Fun -60.00
        2026-02-05 Checking Food -400.00
        2026-02-06 move Fun -> Food 50.00
        2026-03-01 Checking Salary +2000.00
        2026-03-15 Checking Food -100.00
        """

    func report(step: PeriodColumns.Step = .monthly, today: String = "2026-12-31") throws -> EnvelopeHistoryReport {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["y.tally": Self.year])).load("y.tally")
        let model = Interpreter.run(budget, today: CivilDate(iso: today)!).model
        let range = CivilDate(iso: "2026-01-01")! ... CivilDate(iso: "2026-12-31")!
        return EnvelopeHistoryReport(ReportBudget(model: model), step: step, range: range)
    }

    func m(_ text: String) -> Money { Money(text)! }

    /// carried, planned, filled, moved, spent, returned, available.
    func figures(_ c: EnvelopeColumn?) -> [Money]? {
        c.map { [$0.carried, $0.planned, $0.filled, $0.moved, $0.spent, $0.returned, $0.available] }
    }

    @Test func aYearOfFoodAndFunByMonth() throws {
        let report = try report()
        #expect(report.periods.periods.map(\.label).first == "2026-01")
        #expect(report.periods.periods.count == 12)
        let food = try #require(report.rows.first { $0.envelope.name == "Food" }).columns
        let fun = try #require(report.rows.first { $0.envelope.name == "Fun" }).columns
        // Food, rollover: January 300 − 250 = 50; February 50 + 300 + 50 moved in − 400
        // = 0; March 0 + 300 − 100 = 200; then 300 more each month: April 500 ... December
        // 200 + 9 × 300 = 2900.
        #expect(figures(food[0]) == [m("0"), m("300"), m("0"), m("0"), m("250"), m("0"), m("50")])
        #expect(figures(food[1]) == [m("50"), m("300"), m("0"), m("50"), m("400"), m("0"), m("0")])
        #expect(figures(food[2]) == [m("0"), m("300"), m("0"), m("0"), m("100"), m("0"), m("200")])
        #expect(figures(food[3]) == [m("200"), m("300"), m("0"), m("0"), m("0"), m("0"), m("500")])
        #expect(figures(food[11]) == [m("2600"), m("300"), m("0"), m("0"), m("0"), m("0"), m("2900")])
        // Fun, filled by hand, no rollover: January 100 − 60 = 40 (given back on 1 February);
        // February 0 − 50 moved out = −50 (taken on 1 March); March on, nothing.
        #expect(figures(fun[0]) == [m("0"), m("0"), m("100"), m("0"), m("60"), m("0"), m("40")])
        #expect(figures(fun[1]) == [m("0"), m("0"), m("0"), m("-50"), m("0"), m("0"), m("-50")])
        #expect(figures(fun[2]) == [m("0"), m("0"), m("0"), m("0"), m("0"), m("0"), m("0")])
        // Ready to assign: January 1000 + 2000 − 300 − 100 = 2600; February + 40 back −
        // 300 = 2340; March − 50 taken + 2000 − 300 = 3990; then − 300 a month: December
        // 3990 − 9 × 300 = 1290. Checking at the end of December: 1000 + 4000 − 250 − 60 −
        // 400 − 100 = 4190 = 1290 + 2900 (Food) + 0 (Fun).
        #expect(report.readyToAssign[0] == m("2600"))
        #expect(report.readyToAssign[1] == m("2340"))
        #expect(report.readyToAssign[2] == m("3990"))
        #expect(report.readyToAssign[11] == m("1290"))
    }

    /// The budget grid's Assigned and Activity (Grammar.md §4, "The budget grid"), by hand:
    /// Food's February is assigned 300 planned + 0 filled + 50 moved in = 350, its activity
    /// −400 spent, so 50 carried + 350 − 400 = 0 available; Fun's February is assigned
    /// 0 + 0 − 50 moved out = −50 with no activity: −50 available.
    @Test func assignedAndActivityAddUpToAvailable() throws {
        let report = try report()
        let food = try #require(report.rows.first { $0.envelope.name == "Food" }?.columns[1])
        let fun = try #require(report.rows.first { $0.envelope.name == "Fun" }?.columns[1])
        #expect(food.assigned == m("350") && food.activity == m("-400"))
        #expect(food.carried.adding(food.assigned)?.adding(food.activity)?.subtracting(food.returned) == food.available)
        #expect(fun.assigned == m("-50") && fun.activity == m("0") && fun.available == m("-50"))
    }

    @Test func byQuarterAMonthlyEnvelopeGivesBackOrCarriesInsideTheColumn() throws {
        let report = try report(step: .quarterly)
        let food = try #require(report.rows.first { $0.envelope.name == "Food" }).columns
        let fun = try #require(report.rows.first { $0.envelope.name == "Fun" }).columns
        // Q1, Food: 3 × 300 planned, 50 moved in, 250 + 400 + 100 spent; rollover carries
        // inside the quarter: 900 + 50 − 750 = 200.
        #expect(figures(food[0]) == [m("0"), m("900"), m("0"), m("50"), m("750"), m("0"), m("200")])
        // Q1, Fun: 100 filled, 50 moved out, 60 spent; January's 40 and February's −50
        // went back: 100 − 50 − 60 − (40 − 50) = 0.
        #expect(figures(fun[0]) == [m("0"), m("0"), m("100"), m("-50"), m("60"), m("-10"), m("0")])
    }

    @Test func theColumnsStopAtToday() throws {
        let report = try report(today: "2026-03-20")
        #expect(report.range.upperBound == CivilDate(iso: "2026-03-20")!)
        #expect(report.periods.periods.count == 3)
    }
}
