import TallyCore
import TallyImport
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
        let (_, _, diagnostics) = try load(
            Self.header + """
                import Kont  encoding utf-9  dates DD.MM.YYYY  decimal dot  separator "ab"
                    date: Tag
                    betrag: Wert
                match "NETFLIX" Fnu
                match "SHELL" in Vsa Transport
                match "X" Fun  over 50  under 50
                """)
        let found = diagnostics.map { "\($0.code.rawValue) \($0.message)" }
        XCTAssertEqual(
            found,
            [
                "E0401 unknown wallet `Kont`; did you mean `Konto`?",
                "E0601 unknown encoding `utf-9`; did you mean `utf-8`?",
                "E0601 unknown decimal mark `dot`",
                "E0601 the separator must be one character, or \"tab\"",
                "E0601 unknown column `betrag:`",
                "E0401 unknown category `Fnu`; did you mean `Fun`?",
                "E0401 unknown wallet `Vsa`; did you mean `Visa`?",
                "E0601 no amount is over 50 and under 50: the rule never matches"
            ], found.joined(separator: "\n"))
    }

    /// Columns by position, and the sign and status roles (Grammar.md §7.1): a position
    /// is counted from 1, holds one role, and with the date's every column is given so.
    func testColumnsByPositionAndTheNewRolesAreChecked() throws {
        let (_, _, diagnostics) = try load(
            Self.header + """
                import Konto  separator ";"
                    date:   1
                    amount: 0
                    sgin:   4
                    payee:  "Name"
                    status: 1
                import Visa
                    date:   2
                    payee:  3
                """)
        let found = diagnostics.map { "\($0.code.rawValue) \($0.message)" }
        XCTAssertEqual(
            found,
            [
                "E0601 a column's position is counted from 1; found `0`",
                "E0601 unknown column `sgin:`; did you mean `sign:`?",
                "E0601 column 1 is already `date:`",
                "E0601 `payee:` names a header, but `date:` is given by position, so the file is read without one",
                "E0601 the date column is given by position, and no amount column is"
            ], found.joined(separator: "\n"))
        let (_, model, clean) = try load(
            Self.header + """
                import Konto  separator ";"
                    description: 2
                    date:        3
                    amount:      5
                    sign:        6
                    status:      7
                import Visa
                    status:  "State"
                    pending: "Vorgemerkt"
                    pending: "In Bearbeitung"
                    out:     "Lastschrift"
                """)
        XCTAssertEqual(clean.filter { $0.severity == .error }.map(\.message), [])
        let options = WalletImport(model: model, wallet: 0).options.csv
        XCTAssertEqual(options.positions, [.description: 1, .date: 2, .amount: 4, .sign: 5, .status: 6])
        XCTAssertEqual(WalletImport(model: model, wallet: 1).options.csv.columns, [.status: "State"])
        XCTAssertEqual(WalletImport(model: model, wallet: 1).options.csv.words, [.pending: ["Vorgemerkt", "In Bearbeitung"], .out: ["Lastschrift"]])
    }

    func testAnAccountBelongsToOneWallet() throws {
        // Spaces and case do not make another account: the second profile names Konto's.
        let (budget, model, diagnostics) = try load(
            Self.header + """
                import Konto  account "DE89 3704 0044 0532 0130 00"
                import Visa   account de89370400440532013000

                """)
        XCTAssertEqual(
            diagnostics.map { "\($0.code.rawValue) \($0.message)" },
            ["E0601 the account `de89370400440532013000` is already `Konto`'s"])
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "named here")
        XCTAssertEqual(WalletImport(model: model, wallet: 0).account, "DE89370400440532013000")
        XCTAssertEqual(model.wallets(ofAccount: "DE89 3704 0044 0532 0130 00"), [0, 1])
    }

    func testAnAccountOfDigitsAloneIsRead() throws {
        let (budget, model, diagnostics) = try load(Self.header + "import Konto  account 0012345678  skip 2\nimport Visa account \"  \"\n")
        XCTAssertEqual(diagnostics.map { "\($0.code.rawValue) \($0.message)" }, ["E0601 the account is empty"])
        XCTAssertEqual(WalletImport(model: model, wallet: 0).account, "0012345678")
        XCTAssertEqual(WalletImport(model: model, wallet: 0).options.csv.skip, 2)
        XCTAssertNil(WalletImport(model: model, wallet: 1).account)
    }

    func testASecondProfileForAWalletIsAnError() throws {
        let (_, _, diagnostics) = try load(Self.header + "import Konto\nimport Visa\nimport Konto  skip 1\n")
        XCTAssertEqual(diagnostics.map(\.code.rawValue), ["E0601"])
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "the first profile")
    }

    func testAProfileBecomesReadingOptionsAndRulesApplyByWalletAmountAndText() throws {
        let (budget, model, diagnostics) = try load(
            Self.header + """
                import Konto  encoding windows-1250  separator "tab"  dates DD/MM/YYYY  decimal comma  skip 3
                    date: "Tag"
                    amount: "Wert"
                match "TANK*STELLE" Transport  under 100
                match "tankstelle" in Konto Fun  over 99.99  payee "Tankstelle"  note "big"  #car
                match "LIDL" in Visa Food:Groceries
                """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let konto = try XCTUnwrap(model.wallets.firstIndex { $0.name == "Konto" })
        let profile = WalletImport(model: model, wallet: konto)
        XCTAssertEqual(profile.options.encoding, .windows1250)
        XCTAssertEqual(profile.options.csv.separator, "\t")
        XCTAssertEqual(profile.options.csv.dateFormat, .daySlashed)
        XCTAssertEqual(profile.options.csv.decimalMark, .comma)
        XCTAssertEqual(profile.options.csv.skip, 3)
        XCTAssertEqual(profile.options.csv.columns, [.date: "Tag", .amount: "Wert"])
        // The LIDL rule is for Visa only.
        XCTAssertEqual(profile.rules.count, 2)

        let categorizer = Categorizer(model: model, rules: profile.rules)
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

    /// The categorizer reads the payee rules the model resolved: with two rules for one
    /// payee, the last one, which is the one the lowering books the entry by.
    func testThePayeeRuleThatBooksIsTheOneTheCategorizerNames() throws {
        let (_, model, diagnostics) = try load(
            Self.header + """
                payee "Kino Palast" Transport
                payee "Kino Palast" Fun
                2026-03-01 "Kino Palast" Konto -9.00

                """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let fun = try XCTUnwrap(model.categories.firstIndex { $0.name == "Fun" })
        XCTAssertEqual(model.entries.last?.posting(0).category, fun)
        let row = StatementRow(date: today, amount: Money("-9.00")!, payee: "Kino Palast", position: StatementPosition(line: 1, column: 1))
        let choice = try XCTUnwrap(Categorizer(model: model).choose(row))
        XCTAssertEqual(choice.category, fun)
        XCTAssertEqual(choice.source, .payeeRule)
        XCTAssertTrue(choice.ruleApplies)
    }

    // MARK: - Split rules

    func testSplitRulesAreCheckedLikeOtherRuleParts() throws {
        let (_, _, diagnostics) = try load(
            Self.header + """
                match "COSTCO"
                    Food:Grocerie  70%
                    Fun             5.00
                    Transport
                match "A" Fun
                    Fun  10%
                    Transport
                match "B"
                    Fun  10%
                match "C"
                    Fun  -5.00
                    Transport  0%
                    Food:Groceries
                match "D"
                    Fun  60%
                    Transport  40%
                    Food:Groceries
                match "E"
                    Fun  5.00
                    Transport
                    Food:Groceries
                match "F"
                    Fun  5.00
                    Transport  10%
                match "G"  under 5
                    Fun  5.00
                    Transport
                match "H"
                    Fun  5.00 USD
                    Transport
                """)
        let found = diagnostics.map { "\($0.code.rawValue) \($0.message)" }
        XCTAssertEqual(
            found,
            [
                "E0401 unknown category `Food:Grocerie`; did you mean `Food:Groceries`?",
                "E0601 a rule with split lines takes its categories from them",
                "E0601 a split needs two lines or more",
                "E0601 write the part without a sign: it takes the movement's sign",
                "E0601 a part of a split is more than 0% and less than 100%, without sign; found `0%`",
                "E0601 the percentages add up to 100%, which leaves nothing for the rest",
                "E0601 only one split line may leave out its amount",
                "E0601 one split line must leave out its amount: it takes the rest of the movement",
                "E0601 the fixed parts come to 5.00, which no movement under 5 holds: the rule never applies",
                "E0408 this amount is in USD, but it must be in EUR here"
            ], found.joined(separator: "\n"))
        // The unknown category comes with its fix, as elsewhere; a signed part with the
        // fix that removes the sign.
        XCTAssertEqual(diagnostics.first?.fixes.first?.title, "Replace with `Food:Groceries`")
        let signed = try XCTUnwrap(diagnostics.first { $0.message.hasPrefix("write the part without a sign") })
        XCTAssertEqual(signed.fixes.first?.title, "Write `5.00`")
        XCTAssertEqual(signed.fixes.first?.edits.first?.replacement, "")
        XCTAssertEqual(signed.fixes.first?.edits.first?.range.length, 1)
    }

    func testASplitRuleSharesTheMovementOutAndTheRestTakesTheRoundingCent() throws {
        let (budget, model, diagnostics) = try load(
            Self.header + """
                expense Household, Gifts
                match "COSTCO"  payee "Costco"
                    Food:Groceries  70%
                    Fun              5.00  #coffee
                    Household
                match "SHOP"
                    Gifts  33.3%
                    Household
                """)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        let konto = try XCTUnwrap(model.wallets.firstIndex { $0.name == "Konto" })
        let profile = WalletImport(model: model, wallet: konto)
        let categorizer = Categorizer(model: model, rules: profile.rules)
        func lines(_ payee: String, _ amount: String) -> [String]? {
            guard let choice = categorizer.choose(StatementRow(date: today, amount: Money(amount)!, payee: payee, position: StatementPosition(line: 1, column: 1))),
                choice.source == .matchRule
            else { return nil }
            return choice.split.map { "\(model.categories[$0.category].name) \($0.amount)\($0.isRest ? " rest" : "")\($0.tags.map { " #" + $0 }.joined())" }
        }
        // 84.99 × 70% = 59.493 → 59.49; fixed 5.00; rest 84.99 − 59.49 − 5.00 = 20.50.
        XCTAssertEqual(lines("COSTCO WHOLESALE", "-84.99"), ["Food:Groceries -59.49", "Fun -5.00 #coffee", "Household -20.50 rest"])
        // 84.95 × 70% = 59.465, exactly half a cent: away from zero, 59.47; rest 84.95 − 59.47 − 5.00 = 20.48.
        XCTAssertEqual(lines("COSTCO WHOLESALE", "-84.95"), ["Food:Groceries -59.47", "Fun -5.00 #coffee", "Household -20.48 rest"])
        // A refund keeps its sign: 10.00 × 70% = 7.00; rest 10.00 − 7.00 − 5.00 < 0, so the
        // rule does not apply to it (nothing else decides here either).
        XCTAssertNil(lines("COSTCO WHOLESALE", "+10.00"))
        // 20.00 × 70% = 14.00; rest 20.00 − 14.00 − 5.00 = 1.00.
        XCTAssertEqual(lines("COSTCO WHOLESALE", "+20.00"), ["Food:Groceries 14.00", "Fun 5.00 #coffee", "Household 1.00 rest"])
        // 0.10 × 33.3% = 0.0333 → 0.03; rest 0.07. 1.00 × 33.3% = 0.333 → 0.33; rest 0.67.
        XCTAssertEqual(lines("SHOP", "-0.10"), ["Gifts -0.03", "Household -0.07 rest"])
        XCTAssertEqual(lines("SHOP", "-1.00"), ["Gifts -0.33", "Household -0.67 rest"])
        // The rule's category is its rest line's.
        XCTAssertEqual(profile.rules.map { $0.category.map { model.categories[$0].name } }, ["Household", "Household"])
    }
}
