import TallyCore
import TallyImport
import TallySyntax
import Testing

/// `ImportPlan` in process: each row of a statement gets the outcome the plan's rules give
/// it, computed here by hand from the budget below (`tally import` shows the same
/// decisions through the binary in `ImportCommandTests`).
@Suite struct ImportPlanTests {
    /// Giro's hand-entered transactions (no id), one imported one (`GIRO-1`), an open
    /// transfer to Savings and a rule that makes the savings plan a transfer.
    static let budget = """
        currency EUR
        wallet Giro bank opening 1000.00 on 2026-03-01
        wallet Savings bank
        income Salary
        expense Food, Fun

        match "SPARPLAN" in Giro  transfer Savings

        2026-03-02 "Lidl"    Giro  Food  -20.00
        2026-03-05 "Shop"    Giro  Food   -5.00
            id: "GIRO-1"
        2026-03-10 "Cinema"  Giro  Fun   -12.00
        2026-03-15 transfer Giro -> Savings  100.00

        """

    let model: BudgetModel
    let giro: Int, savings: Int

    init() throws {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": Self.budget])).load("b.tally")
        let (model, diagnostics) = Interpreter.run(budget, today: CivilDate(iso: "2026-04-01")!)
        #expect((budget.diagnostics + diagnostics).filter { $0.severity == .error }.isEmpty)
        self.model = model
        giro = try #require(model.wallets.firstIndex { $0.name == "Giro" })
        savings = try #require(model.wallets.firstIndex { $0.name == "Savings" })
    }

    /// The model's entry dated `day` (one per day in the budget above).
    func entry(_ day: String) throws -> Int {
        try #require(model.entries.firstIndex { $0.date == CivilDate(iso: day) })
    }

    func row(_ day: String, _ amount: String, _ payee: String, id: String? = nil, line: Int) -> StatementRow {
        StatementRow(date: CivilDate(iso: day)!, amount: Money(amount)!, payee: payee, bankID: id, position: StatementPosition(line: line, column: 1))
    }

    /// The category of an added row; nil for any other outcome.
    func added(_ outcome: ImportPlan.Outcome) -> Categorizer.Choice?? {
        if case .add(let category) = outcome { category } else { nil }
    }

    func plan(_ statements: [Statement]) -> ImportPlan {
        ImportPlan(model: model, wallet: giro, statements: statements, rules: WalletImport(model: model, wallet: giro).rules)
    }

    @Test func eachRowGetsItsOutcome() throws {
        let march = Statement(
            path: "march.csv", format: .csv,
            rows: [
                row("2026-03-05", "-5.00", "SHOP", id: "GIRO-1", line: 2),
                row("2026-03-04", "-20.00", "LIDL", line: 3),
                row("2026-03-14", "-12.00", "CINEMA", line: 4),
                row("2026-03-16", "-100.00", "UEBERTRAG", line: 5),
                row("2026-03-20", "-50.00", "SPARPLAN MAERZ", line: 6),
                row("2026-03-21", "1.005", "ZINS", line: 7),
                row("2026-03-22", "-7.500", "KIOSK", line: 8)
            ])
        let plan = plan([march])
        #expect(plan.decisions.count == 7, "every row gets exactly one outcome")
        let outcomes = plan.decisions.map(\.outcome)
        // GIRO-1 is the 2026-03-05 entry's id.
        #expect(outcomes[0] == .present(reason: "id GIRO-1 is in the budget already (2026-03-05, b.tally)"))
        // Lidl -20.00 on 03-02, 2 days from 03-04: within matchDays (3), no id: matched.
        #expect(outcomes[1] == .matched(entry: try entry("2026-03-02")))
        // Cinema -12.00 on 03-10 is 4 days from 03-14: beyond matchDays, so added.
        // Added, as Fun: the budget's one Cinema entry is a Fun one.
        let cinema = try #require(added(outcomes[2]) ?? nil, "\(outcomes[2])")
        #expect(model.categories[cinema.category].name == "Fun")
        #expect(cinema.source == .history)
        // Giro sends 100.00 to Savings on 03-15: Giro's movement is -100.00, 1 day later.
        #expect(outcomes[3] == .transferSide(entry: try entry("2026-03-15"), key: TransferSides.fromKey))
        // "SPARPLAN" is the first (and only) rule, a transfer rule to Savings.
        #expect(outcomes[4] == .addTransfer(wallet: savings, rule: 0))
        // 1.005 has a third decimal that is not a zero; EUR has two.
        #expect(outcomes[5] == .refused(reason: "the amount 1.005 has more decimals than EUR has (2), and they are not zeros; the statement states no closing balance to check a rounding"))
        // -7.500 is -7.50: its extra zero is dropped, and the row is added.
        #expect(plan.decisions[6].row.amount.description == "-7.50")
        // Added, with no category: nothing in the budget says what KIOSK is.
        #expect(added(outcomes[6]) == .some(nil), "\(outcomes[6])")
    }

    /// The same movement in two overlapping statements is added once: the second gets the
    /// first's fingerprint and is present; a hand-entered transaction is taken once.
    @Test func anOverlappingStatementAddsNothingTwice() throws {
        let first = Statement(path: "a.csv", format: .csv, rows: [row("2026-03-25", "-9.99", "BAKERY", line: 2)])
        let second = Statement(
            path: "b.csv", format: .csv,
            rows: [row("2026-03-25", "-9.99", "BAKERY", line: 4), row("2026-03-01", "-20.00", "LIDL", line: 5), row("2026-03-03", "-20.00", "LIDL", line: 6)])
        let plan = plan([first, second])
        let outcomes = plan.decisions.map(\.outcome)
        #expect(added(outcomes[0]) != nil, "\(outcomes[0])")
        #expect(plan.decisions[1].id == plan.decisions[0].id)
        #expect(outcomes[1] == .present(reason: "id \(plan.decisions[0].id) came already in a.csv line 2"))
        // Lidl -20.00 on 03-02 is 1 day from both 03-01 and 03-03: the first row takes it,
        // and the second, finding it taken, is added.
        #expect(outcomes[2] == .matched(entry: try entry("2026-03-02")))
        #expect(added(outcomes[3]) != nil, "\(outcomes[3])")
    }
}
