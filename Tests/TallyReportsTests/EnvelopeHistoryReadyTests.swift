import TallyCore
import TallyReports
import TallySyntax
import Testing

/// Ready to assign under `tally envelopes --monthly`: no figure for the months before the
/// budget had money, and one line when every month shown ends at 0.00 (every euro has a
/// job, YNAB's aim).
@Suite struct EnvelopeHistoryReadyTests {
    static func report(_ text: String, from: String, to: String, today: String) throws -> EnvelopeHistoryReport {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let model = Interpreter.run(budget, today: CivilDate(iso: today)!).model
        return EnvelopeHistoryReport(ReportBudget(model: model), step: .monthly, range: CivilDate(iso: from)! ... CivilDate(iso: to)!)
    }

    /// September's salary 1000.00 is planned into Rent 700.00 and Food 300.00 and spent to
    /// the cent; October the same: ready to assign is 1000.00 − 700.00 − 300.00 = 0.00 at
    /// the end of each month, and no period gives anything back.
    static let allAssigned = """
        currency EUR
        wallet Checking opening 0.00 on 2026-09-01
        income Salary
        expense Rent, Food
        envelope Rent 700 monthly for Rent
        envelope Food 300 monthly for Food
        2026-09-01 Checking Salary +1000.00
        2026-09-02 Checking Rent -700.00
        2026-09-20 Checking Food -300.00
        2026-10-01 Checking Salary +1000.00
        2026-10-02 Checking Rent -700.00
        2026-10-20 Checking Food -300.00
        """

    @Test func monthsBeforeTheBudgetHaveNoFigure() throws {
        let report = try Self.report(Self.allAssigned, from: "2026-07-01", to: "2026-10-31", today: "2026-10-31")
        // July and August end before the first money (2026-09-01): no figure, not 0.00.
        #expect(report.readyToAssign == [nil, nil, .zero, .zero])
    }

    @Test func everyMonthAtZeroIsSaidInOneLine() throws {
        let report = try Self.report(Self.allAssigned, from: "2026-07-01", to: "2026-10-31", today: "2026-10-31")
        #expect(report.allAssigned == "Ready to assign is 0.00 EUR at the end of every month from 2026-09 to 2026-10: all the money is assigned")
    }

    @Test func aMonthWithMoneyLeftKeepsTheTable() throws {
        // 50.00 more salary in October: 0.00 at the end of September, 50.00 of October.
        let text = Self.allAssigned.replacingOccurrences(of: "2026-10-01 Checking Salary +1000.00", with: "2026-10-01 Checking Salary +1050.00")
        let report = try Self.report(text, from: "2026-08-01", to: "2026-10-31", today: "2026-10-31")
        #expect(report.readyToAssign == [nil, .zero, Money("50.00")!])
        #expect(report.allAssigned == nil)
    }
}
