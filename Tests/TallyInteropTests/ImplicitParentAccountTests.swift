import TallyCore
import TallyInterop
import TallySyntax
import TallyTestSupport
import Testing

/// A category that only groups others (`travel` over `travel:lodging` and
/// `travel:food`, issue 36's household) is named after its children's kept accounts in
/// an export: `expenses:travel`, not `Expenses:travel`, which would be a second account
/// tree beside the journal's (`hledger accounts` listed both, and converted back it was
/// an extra category).
@Suite struct ImplicitParentAccountTests {
    static let budget = """
        currency EUR
        wallet cash  cash  opening 100.00 on 2025-01-01
            account: "assets:cash"
        expense travel:lodging
            account: "expenses:travel:lodging"
        expense travel:food
            account: "expenses:travel:food"
        income salary:alex
            account: "income:salary:alex"
        2025-01-02 "Inn" cash travel:lodging -40.00
        2025-01-03 "Ramen" cash travel:food -8.00

        """

    @Test(arguments: [PeerFormat.hledger, .ledger])
    func theParentIsNamedAfterItsChildren(_ format: PeerFormat) throws {
        let folder = try TemporaryFolder("implicit-parent")
        defer { folder.remove() }
        let path = try folder.write(Self.budget, to: "home.tally")
        let parsed = try BudgetLoader().load(path)
        let (model, found) = Interpreter.run(parsed, today: CivilDate(iso: "2026-11-22")!)
        #expect(!found.contains { $0.severity == .error }, "\(found)")
        let names = AccountNames(model: model, budget: parsed, format: format)
        let travel = try #require(model.categories.firstIndex { $0.name == "travel" && $0.isImplicit })
        let salary = try #require(model.categories.firstIndex { $0.name == "salary" && $0.isImplicit })
        #expect(names.categories[travel] == "expenses:travel")
        #expect(names.categories[salary] == "income:salary")
        let journal = JournalExporter(model: model, budget: parsed, format: format).export()
        #expect(!journal.contains("Expenses:travel") && !journal.contains("Income:salary"), "\(journal)")
    }
}
