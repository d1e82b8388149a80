import TallyCore
import TallyImport
import TallySyntax
import Testing

/// Bank noise (legal forms, payment and SEPA words, masked card numbers) does not make
/// one counterparty look like another (Grammar.md §7.3).
@Suite struct BankNoiseTests {
    private func model(_ text: String) throws -> BudgetModel {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        return Interpreter.run(budget, today: CivilDate(year: 2026, month: 4, day: 1)!).model
    }

    private static let budget = """
        currency EUR
        wallet Giro bank opening 100.00 on 2026-01-01
        income Salary
        expense Food, Fun
        payee "Netflix B.V." Fun
        2026-01-02 "ACME GmbH" Giro Salary +1000.00
        2026-02-02 "ACME GmbH" Giro Salary +1000.00
        2026-01-03 "REWE Markt GmbH" Giro Food -10.00

        """

    private func row(_ payee: String, _ amount: String, note: String? = nil) -> StatementRow {
        StatementRow(
            date: CivilDate(year: 2026, month: 3, day: 1)!, amount: Money(amount)!, payee: payee, description: note,
            position: StatementPosition(line: 1, column: 1))
    }

    @Test func aLegalFormAloneMatchesNothing() throws {
        let model = try model(Self.budget)
        let categorizer = Categorizer(model: model)
        // `GmbH` is all that `Müller Handels GmbH` shares with `ACME GmbH`: no Salary.
        let muller = row("Müller Handels GmbH", "-20.00")
        #expect(categorizer.choose(muller) == nil)
        #expect(categorizer.suggestions(muller).isEmpty)
        let likely = categorizer.likeliest(muller, in: model, mostUsed: Categorizer.mostUsed(in: model, uses: NameUses(model: model)))
        #expect(!likely.map { model.categories[$0].name }.contains("Salary"))
    }

    @Test func theCounterpartysOwnWordsStillMatch() throws {
        let model = try model(Self.budget)
        let categorizer = Categorizer(model: model)
        // `acme` is ACME GmbH's word: found through SEPA words and a reference.
        #expect(categorizer.choose(row("SEPA-GUTSCHRIFT ACME", "1000.00", note: "EREF: 1234 SVWZ Lohn"))?.category == model.categories.firstIndex { $0.name == "Salary" })
        // A payee rule's own word (`netflix`), not its legal form (`B.V.`), matches.
        #expect(categorizer.choose(row("NETFLIX.COM 866-579-7172", "-12.99"))?.category == model.categories.firstIndex { $0.name == "Fun" })
        #expect(categorizer.choose(row("Bol.com B.V.", "-12.99")) == nil)
        // A masked card number is no word: `XXXX` does not tie two card payments.
        #expect(categorizer.choose(row("CARD XXXX1234 SHELL", "-30.00")) == nil)
        // Letters that are a name stay one: H&M is not noise.
        let clothes = try self.model(Self.budget + "expense Clothing\n2026-01-04 \"H&M\" Giro Clothing -20.00\n")
        #expect(Categorizer(model: clothes).choose(row("SEPA-LASTSCHRIFT H&M GmbH REF 2026", "-48.76"))?.category == clothes.categories.firstIndex { $0.name == "Clothing" })
    }
}
