import TallyCore
import TallyImport
import TallySyntax
import Testing

/// `LikelyTransfers` in process: which of Giro's movements being added are likely the
/// other side of a movement another wallet's statement brought in already. Pairs
/// computed by hand from the budget below.
@Suite struct LikelyTransfersTests {
    /// Card's imported movements (with ids) and one typed by hand; a dollar wallet's.
    static let budget = """
        currency EUR
        currency USD
        wallet Giro bank opening 1000.00 on 2026-03-01
        wallet Card credit
        wallet Dollars bank currency USD
        income Salary

        2026-03-05 "Wire"     Dollars  Salary  70.00 USD
            id: "USD-1"
        2026-03-06 "By hand"  Card     Salary  25.00
        2026-03-09 "Pay A"    Card     Salary  60.00
            id: "CARD-2"
        2026-03-10 "Pay C"    Card     Salary  40.00
            id: "CARD-4"
        2026-03-11 "Pay B"    Card     Salary  60.00
            id: "CARD-3"
        2026-03-20 "Payment"  Card     Salary  300.00
            id: "CARD-1"

        """

    @Test func rowsPairWithTheClosestImportedMovementOnce() throws {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": Self.budget])).load("b.tally")
        let model = Interpreter.run(budget, today: CivilDate(iso: "2026-04-01")!).model
        let giro = try #require(model.wallets.firstIndex { $0.name == "Giro" })
        func entry(_ id: String) throws -> Int { try #require(model.entries.firstIndex { $0.bankID == id }) }
        func row(_ day: String, _ amount: String, line: Int) -> StatementRow {
            StatementRow(date: CivilDate(iso: day)!, amount: Money(amount)!, payee: "TO CARD \(line)", position: StatementPosition(line: line, column: 1))
        }
        let statement = Statement(
            path: "giro.csv", format: .csv,
            rows: [
                row("2026-03-05", "-70.00", line: 2),  // USD-1 is 70.00 USD: another currency
                row("2026-03-06", "-25.00", line: 3),  // Card's 25.00 was typed by hand: no id
                row("2026-03-10", "-60.00", line: 4),  // CARD-2 (03-09) and CARD-3 (03-11), 1 day each
                row("2026-03-14", "-40.00", line: 5),  // CARD-4 is 4 days before: beyond matchDays (3)
                row("2026-03-21", "-300.00", line: 6),  // CARD-1, 1 day before
                row("2026-03-22", "-300.00", line: 7)  // CARD-1 again, taken by the row before
            ])
        let plan = ImportPlan(model: model, wallet: giro, statements: [statement])
        let added = plan.decisions.filter { if case .add = $0.outcome { true } else { false } }
        #expect(added.count == 6, "nothing in Giro records these rows")
        let transfers = LikelyTransfers(model: model, wallet: giro, rows: added)
        // The day before comes before the day after: 03-10 pairs with 03-09's CARD-2.
        #expect(transfers.pairs.map(\.decision.row.position.line) == [4, 6])
        #expect(transfers.pairs.map(\.entry) == [try entry("CARD-2"), try entry("CARD-1")])

        var kept = transfers
        kept.keep { decision, _ in decision.row.amount != Money("-300.00")! }
        #expect(kept.pairs.map(\.entry) == [try entry("CARD-2")])
        #expect(LikelyTransfers(model: model, wallet: giro, rows: []).pairs.isEmpty)
    }
}
