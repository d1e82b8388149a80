import TallyCore
import TallyReports
import TallySyntax
import Testing

/// A search finds a name whatever its case and accents (issue 34: `doner` did not find
/// `Döner`): the register's `--payee` and `--search` and the query's words fold both sides
/// alike (`SearchText`), and text typed with accents finds text written without them.
@Suite struct AccentFoldingTests {
    static let text = """
        currency EUR
        wallet Girokonto opening 500.00 on 2026-11-01
        wallet Zürich-Konto opening 100.00 on 2026-11-01
        expense Food, Café-Besuche
        2026-11-02 "Döner Palast"  Girokonto     Food           -7.50
        2026-11-03 "Café Central"  Girokonto     Café-Besuche   -4.20
        2026-11-04 "Bäckerei" "in Zürich"  Zürich-Konto  Food  -3.10
        2026-11-05 "Doner Kebab"   Girokonto     Food           -6.00
        """

    func budget() throws -> ReportBudget {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["a.tally": Self.text])).load("a.tally")
        return ReportBudget(model: Interpreter.run(budget, today: CivilDate(iso: "2026-11-30")!).model)
    }

    /// The payees of the register rows `filters` and query `words` keep.
    func payees(_ words: [String] = [], payee: String? = nil, search: String? = nil) throws -> [String] {
        let budget = try budget()
        var filters = ReportFilters()
        filters.payee = payee
        filters.search = search
        filters.query = try EntryQuery(words)
        return budget.model.register(try budget.filter(filters, range: nil)).compactMap(\.payee)
    }

    @Test func theQueryFoldsAccentsAndCase() throws {
        #expect(try payees(["doner"]) == ["Döner Palast", "Doner Kebab"])
        #expect(try payees(["DÖNER"]) == ["Döner Palast", "Doner Kebab"])  // accents typed find them too
        #expect(try payees(["payee:cafe"]) == ["Café Central"])
        #expect(try payees(["cat:cafe-besuche"]) == ["Café Central"])
        #expect(try payees(["wallet:zurich"]) == ["Bäckerei"])
        #expect(try payees(["note:zurich"]) == ["Bäckerei"])
        #expect(try payees(["zurich"]) == ["Bäckerei"])  // the wallet's name and the note
        #expect(try payees(["not:doner"]) == ["Café Central", "Bäckerei"])
    }

    @Test func theRegistersFiltersFoldAccentsAndCase() throws {
        #expect(try payees(payee: "doner") == ["Döner Palast", "Doner Kebab"])
        #expect(try payees(payee: "CAFÉ") == ["Café Central"])
        #expect(try payees(payee: "backerei") == ["Bäckerei"])
        #expect(try payees(search: "zurich") == ["Bäckerei"])
        #expect(try payees(search: "cafe") == ["Café Central"])
    }

    @Test func foldingTakesOffAccentsAndCaseOnly() {
        #expect(SearchText.folded("Döner") == "doner")
        #expect(SearchText.folded("Café") == "cafe")
        #expect(SearchText.folded("ZÜRICH") == "zurich")
        #expect(SearchText.folded("Lidl 12,99") == "lidl 12,99")
    }
}
