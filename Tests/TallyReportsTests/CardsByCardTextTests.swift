import TallyCore
import TallyReports
import TallySyntax
import TallyTestSupport
import Testing

/// `tally envelopes`' words for the card debt no money holds and what was paid beyond
/// it, card by card, in a budget with several cards (Grammar.md §4, "Credit
/// overspending"). Figures computed by hand.
@Suite struct CardsByCardTextTests {
    /// ``CardBudgets/eachCardOverspent``: Food spends 80.00 on Visa, then 50.00 on Amex
    /// (100.00 planned: 30.00 over, on Amex's, the last); Fun spends 70.00 on Visa (50.00
    /// planned: 20.00 over, on Visa).
    static let text = CardBudgets.eachCardOverspent

    func byCard(at day: String, paidBeyond: Bool = false) throws -> String {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["a.tally": Self.text])).load("a.tally")
        let report = ReportBudget(model: Interpreter.run(budget, today: CivilDate(iso: "2026-03-01")!).model)
        let equation = try #require(report.model.envelopeEquation(at: CivilDate(iso: day)!, rates: report.rates))
        return EnvelopesReport.byCard(equation, report, paidBeyond: paidBeyond)
    }

    @Test func eachCardsShareIsNamed() throws {
        // 25 January: Visa 20.00, Amex 30.00, in wallet order.
        #expect(try byCard(at: "2026-01-25") == ": 20.00 on Visa, 30.00 on Amex")
        // 19 January: only Visa's 80.00 so far, within Food's 100.00: nothing.
        #expect(try byCard(at: "2026-01-19").isEmpty)
        // 28 February: Amex paid 100.00 of its 50.00 owed: it owes −50.00 (is owed 50.00),
        // so all its 30.00 was paid beyond what was held; Visa owes 150.00 ≥ 20.00.
        #expect(try byCard(at: "2026-02-28", paidBeyond: true) == " (Amex)")
    }
}
