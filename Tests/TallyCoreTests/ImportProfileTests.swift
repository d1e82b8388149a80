import TallyCore
import TallySyntax
import XCTest

/// Import profiles and match rules as the budget model sees them: checked like other
/// declarations, and read into the options and rules `tally import` uses.
final class ImportProfileTests: XCTestCase {
    private let today = CivilDate(year: 2026, month: 4, day: 1)!

    private func load(_ text: String) throws -> (Budget, BudgetModel, [Diagnostic]) {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["b.tally": text])).load("b.tally")
        let (model, diagnostics) = Interpreter.run(budget, today: today)
        return (budget, model, budget.diagnostics + diagnostics)
    }

    private static let header = """
    currency EUR
    wallet Konto bank opening 100.00 on 2026-01-01
    wallet Visa credit
    expense Fun, Transport, Food:Groceries

    """

    func testUnknownNamesAndSettingsAreReportedWithSuggestions() throws {
        let (_, _, diagnostics) = try load(Self.header + """
        import Kont  encoding utf-9  dates DD.MM.YYYY  decimal dot  separator "ab"
            date: Tag
            betrag: Wert
        match "NETFLIX" Fnu
        match "SHELL" in Vsa Transport
        match "X" Fun  over 50  under 50
        """)
        let found = diagnostics.map { "\($0.code.rawValue) \($0.message)" }
        XCTAssertEqual(found, [
            "E0401 unknown wallet `Kont`; did you mean `Konto`?",
            "E0601 unknown encoding `utf-9`; did you mean `utf-8`?",
            "E0601 unknown decimal mark `dot`",
            "E0601 the separator must be one character, or \"tab\"",
            "E0601 unknown column `betrag:`",
            "E0401 unknown category `Fnu`; did you mean `Fun`?",
            "E0401 unknown wallet `Vsa`; did you mean `Visa`?",
            "E0601 no amount is over 50 and under 50: the rule never matches",
        ], found.joined(separator: "\n"))
    }

    func testAnAccountBelongsToOneWallet() throws {
        // Spaces and case do not make another account: the second profile names Konto's.
        let (budget, model, diagnostics) = try load(Self.header + """
        import Konto  account "DE89 3704 0044 0532 0130 00"
        import Visa   account de89370400440532013000

        """)
        XCTAssertEqual(diagnostics.map { "\($0.code.rawValue) \($0.message)" },
                       ["E0601 the account `de89370400440532013000` is already `Konto`'s"])
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "named here")
        XCTAssertEqual(ImportProfile(budget: budget, model: model, wallet: 0).account, "DE89370400440532013000")
        XCTAssertEqual(ImportProfile.wallets(of: "DE89 3704 0044 0532 0130 00", budget: budget, model: model), [0, 1])
    }

    func testAnAccountOfDigitsAloneIsRead() throws {
        let (budget, model, diagnostics) = try load(Self.header + "import Konto  account 0012345678  skip 2\nimport Visa account \"  \"\n")
        XCTAssertEqual(diagnostics.map { "\($0.code.rawValue) \($0.message)" }, ["E0601 the account is empty"])
        XCTAssertEqual(ImportProfile(budget: budget, model: model, wallet: 0).account, "0012345678")
        XCTAssertEqual(ImportProfile(budget: budget, model: model, wallet: 0).options.csv.skip, 2)
        XCTAssertNil(ImportProfile(budget: budget, model: model, wallet: 1).account)
    }

    func testASecondProfileForAWalletIsAnError() throws {
        let (_, _, diagnostics) = try load(Self.header + "import Konto\nimport Visa\nimport Konto  skip 1\n")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["E0601"])
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "the first profile")
    }

    func testAProfileBecomesReadingOptionsAndRulesApplyByWalletAmountAndText() throws {
        let (budget, model, diagnostics) = try load(Self.header + """
        import Konto  encoding windows-1250  separator "tab"  dates DD/MM/YYYY  decimal comma  skip 3
            date: "Tag"
            amount: "Wert"
        match "TANK*STELLE" Transport  under 100
        match "tankstelle" in Konto Fun  over 99.99  payee "Tankstelle"  note "big"  #car
        match "LIDL" in Visa Food:Groceries
        """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let konto = try XCTUnwrap(model.wallets.firstIndex { $0.name == "Konto" })
        let profile = ImportProfile(budget: budget, model: model, wallet: konto)
        XCTAssertEqual(profile.options.encoding, .windows1250)
        XCTAssertEqual(profile.options.csv.separator, "\t")
        XCTAssertEqual(profile.options.csv.dateFormat, .daySlashed)
        XCTAssertEqual(profile.options.csv.decimalMark, .comma)
        XCTAssertEqual(profile.options.csv.skip, 3)
        XCTAssertEqual(profile.options.csv.columns, [.date: "Tag", .amount: "Wert"])
        // The LIDL rule is for Visa only.
        XCTAssertEqual(profile.rules.count, 2)

        let categorizer = Categorizer(model: model, budget: budget, rules: profile.rules)
        func choice(_ payee: String, _ amount: String) -> Categorizer.Choice? {
            categorizer.choose(StatementRow(date: today, amount: Money(amount)!, payee: payee, position: StatementPosition(line: 1, column: 1)))
        }
        func name(_ c: Categorizer.Choice?) -> String? { c.map { model.categories[$0.category].name } }
        // `under 100` is strict on the amount without its sign: 60.00 < 100, 100.00 is not.
        XCTAssertEqual(name(choice("Tank Stelle Nord", "-60.00")), "Transport")
        XCTAssertEqual(name(choice("TANKSTELLE SÜD", "-100.00")), "Fun")
        XCTAssertEqual(choice("TANKSTELLE SÜD", "-100.00")?.payee, "Tankstelle")
        XCTAssertEqual(choice("TANKSTELLE SÜD", "-100.00")?.note, "big")
        XCTAssertEqual(choice("TANKSTELLE SÜD", "-100.00")?.tags, ["car"])
        // `over 99.99`: 99.99 itself is not over it, and no rule or history decides.
        XCTAssertNil(choice("Tankstelle", "-99.99").flatMap { $0.source == .matchRule && name($0) == "Fun" ? $0 : nil })
        XCTAssertNil(choice("LIDL", "-5.00"))
    }
}
