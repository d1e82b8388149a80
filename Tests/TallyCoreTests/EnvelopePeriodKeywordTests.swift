import TallyCore
import TallySyntax
import Testing

/// `EnvelopePeriod.keyword`, which the exporter and the editor's quick fix write, is the
/// keyword the lowering reads the period from; a custom range has none.
@Suite struct EnvelopePeriodKeywordTests {
    @Test(arguments: ["weekly", "monthly", "quarterly", "yearly"])
    func keywordReadsBackAsThePeriod(_ keyword: String) throws {
        let text = "currency EUR\nwallet Bank bank\nexpense Food\nenvelope Food 100 \(keyword) for Food\n"
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let model = Interpreter.run(budget, today: try #require(CivilDate(iso: "2026-01-15"))).model
        #expect(model.envelopes.map(\.period.keyword) == [keyword])
    }

    @Test func aCustomRangeHasNoKeyword() throws {
        let start = try #require(CivilDate(iso: "2026-01-01")), end = try #require(CivilDate(iso: "2026-03-31"))
        #expect(EnvelopePeriod.range(start, end).keyword == nil)
    }
}
