import TallyCore
import TallySyntax
import Testing

@testable import TallyReports

/// The figures behind hledger's verbs (issue 26), on a small budget whose expected values
/// are worked out by hand in each test: the register's running total, its rows summed per
/// month, and envelopes against spending (`balance --budget`).
@Suite struct HledgerVerbFigureTests {
    static let text = """
        currency EUR
        wallet Bank     bank                opening 1000.00 on 2026-01-01
        wallet Dollars  bank  currency USD  opening 500.00 USD on 2026-01-01
        expense Food, Rent
        income Pay
        envelope Groceries  200  monthly  for Food  rollover
        envelope Lunch       30  weekly   for Rent
        2026-01-01 rate USD 0.50 EUR
        2026-01-05 "Shop"  Bank     Food  -50.00
        2026-01-06 "Deli"  Dollars  Food  -15.00
        2026-01-20 "Shop"  Bank     Food  -30.00
        2026-02-03 "Shop"  Bank     Food  -100.00
        2026-02-10 "Work"  Bank     Pay   +2000.00

        """

    static func budget() throws -> ReportBudget {
        let loaded = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let (model, diagnostics) = Interpreter.run(loaded, today: CivilDate(iso: "2026-02-28")!)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return ReportBudget(model: model)
    }

    @Test func runningTotalStartsAtZeroAndKeepsOnePerCurrency() throws {
        let model = try Self.budget().model
        let rows = model.register(EntryFilter())
        let totals = RegisterReport.runningTotals(rows, model: model).map { $0.formatted(scale: 2) }
        // EUR: −50.00; USD: −15.00; EUR: −50.00 − 30.00 = −80.00; −80.00 − 100.00 = −180.00;
        // −180.00 + 2000.00 = 1820.00. The openings (1000.00, 500.00) are not rows.
        #expect(totals == ["-50.00", "-15.00", "-80.00", "-180.00", "1820.00"])
        // The wallet's balance column is unchanged: 1000.00 − 50.00 = 950.00 first.
        #expect(rows[0].balance.formatted(scale: 2) == "950.00")
    }

    @Test func monthlyRowsSumEachWalletAndCategory() throws {
        let model = try Self.budget().model
        let rows = model.register(EntryFilter())
        let months = PeriodColumns(step: .monthly, range: CivilDate(iso: "2026-01-05")! ... CivilDate(iso: "2026-02-10")!, weekStart: .monday, whole: true)
        #expect(months.periods.map(\.start.description) == ["2026-01-01", "2026-02-01"])
        let summed = model.registerSummary(rows, periods: months.periods.map { $0.start ... $0.end })
        // January: Bank Food −50.00 − 30.00 = −80.00 (balance 1000 − 80 = 920.00), Dollars
        // Food −15.00; February: Bank Food −100.00, Bank Pay +2000.00 (balance 2820.00).
        #expect(
            summed.map { "\($0.date) \(model.wallets[$0.wallet].name) \($0.amount.formatted(scale: 2)) \($0.balance.formatted(scale: 2))" } == [
                "2026-01-01 Bank -80.00 920.00", "2026-01-01 Dollars -15.00 485.00",
                "2026-02-01 Bank -100.00 820.00", "2026-02-01 Bank 2000.00 2820.00"
            ])
    }

    @Test func envelopesAgainstSpendingPerMonthAndOverTheWhole() throws {
        let budget = try Self.budget()
        let range = CivilDate(iso: "2026-01-01")! ... CivilDate(iso: "2026-02-28")!
        let monthly = EnvelopeBudgetColumns(budget, columns: PeriodColumns(step: .monthly, range: range, weekStart: .monday), range: range)
        let groceries = try #require(monthly.rows.first { $0.name == "Groceries" })
        func text(_ cell: EnvelopeBudgetColumns.Cell?) -> String {
            cell.map { "\($0.spent.formatted(scale: 2)) of \($0.budget.formatted(scale: 2)) left \($0.available.formatted(scale: 2))" } ?? "-"
        }
        // January: 200.00 planned; spent 50.00 + 30.00 + 15.00 USD × 0.50 = 87.50; left
        // 112.50. February: 112.50 carried + 200.00 = 312.50; spent 100.00; left 212.50.
        #expect(groceries.cells.map(text) == ["87.50 of 200.00 left 112.50", "100.00 of 312.50 left 212.50"])
        // One column over both months: January's budget with its carry-in (0) plus
        // February's new 200.00 = 400.00; spent 187.50; left what February left, 212.50.
        let whole = EnvelopeBudgetColumns(budget, columns: PeriodColumns(range: range), range: range)
        #expect(whole.rows.first { $0.name == "Groceries" }.map { text($0.cells[0]) } == "187.50 of 400.00 left 212.50")
        // The weekly Lunch, weeks from Monday, from the week of the first entry (5 January):
        // weeks ending 11, 18 and 25 January = 3 × 30.00 = 90.00 in January; ending 1, 8, 15
        // and 22 February and the week from 23 February, which ends on 1 March, after the
        // range, counted through 28 February: 5 × 30.00 = 150.00 in February.
        let lunch = try #require(monthly.rows.first { $0.name == "Lunch" })
        #expect(lunch.cells.map { $0?.budget.formatted(scale: 2) } == ["90.00", "150.00"])
    }
}
