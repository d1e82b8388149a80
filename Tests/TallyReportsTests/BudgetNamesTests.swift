import TallyCore
import TallyReports
import TallySyntax
import Testing

/// The names a shell completes (`tally __names`): the budget's wallets, categories and
/// payees, and the budget files a half-typed command line names.
@Suite struct BudgetNamesTests {
    static let text = """
        currency EUR
        wallet Checking opening 500.00 on 2026-11-01
        wallet 'Cash box' opening 80.00 on 2026-11-01
        expense Food:Groceries, Transport
        2026-11-02 "Corner shop"  'Cash box'  Food:Groceries  -7.50
        2026-11-03 "Lidl"         Checking    Food:Groceries  -38.90
        2026-11-04 "Lidl"         Checking    Transport       -2.00
        """

    func budget() throws -> ReportBudget {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["a.tally": Self.text])).load("a.tally")
        return ReportBudget(model: Interpreter.run(budget, today: CivilDate(iso: "2026-11-30")!).model)
    }

    @Test func namesOfEachKind() throws {
        let budget = try budget()
        #expect(BudgetNames.names(.wallets, in: budget) == ["Checking", "Cash box"])
        // The undeclared parent `Food` comes before its child, as `tally categories` lists it.
        #expect(BudgetNames.names(.categories, in: budget) == ["Food", "Food:Groceries", "Transport"])
        #expect(Set(BudgetNames.names(.payees, in: budget)) == ["Corner shop", "Lidl"])
    }

    @Test func filesOfTheCommandLine() {
        #expect(BudgetNames.files(in: ["register", "b.tally", "--wallet"], fallback: "env.tally") == ["b.tally"])
        #expect(BudgetNames.files(in: ["-f", "a.tally", "reg", "--file", "=", "c.tally"], fallback: nil) == ["a.tally", "c.tally"])
        #expect(BudgetNames.files(in: ["reg", "--file=d.tally", "x.tally"], fallback: nil) == ["d.tally"])
        #expect(BudgetNames.files(in: ["register", "--wallet"], fallback: "env.tally") == ["env.tally"])
        #expect(BudgetNames.files(in: ["register"], fallback: "").isEmpty)
        #expect(BudgetNames.files(in: ["register", "-f"], fallback: nil).isEmpty)
    }

    /// No budget named, standard input, or a file that cannot be read: nothing, not an error.
    @Test func noBudgetNoNames() {
        #expect(BudgetNames.names(.wallets, words: ["register", "--wallet"], environment: [:]) == nil)
        #expect(BudgetNames.names(.wallets, words: ["register", "-f", "-"], environment: [:]) == nil)
        #expect(BudgetNames.names(.wallets, words: ["register"], environment: ["TALLY_FILE": "/nonexistent/b.tally"]) == nil)
    }
}
