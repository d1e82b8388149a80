import Foundation
import TallyCore
import TallyLSP
import TallySyntax
import TallyTestSupport
import Testing

/// The providers on `examples/household.tally`, as a user would meet them.
@Suite struct HouseholdExampleTests {
    static let path = TestSupport.path("examples/household.tally")
    static let analysis = BudgetAnalysis(budget: try! BudgetLoader().load(path), today: Fixture.today)
    static let text = try! String(contentsOfFile: path, encoding: .utf8)

    static func offset(of needle: String, plus shift: Int = 0) -> Int {
        let r = text.range(of: needle)!
        return text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + shift
    }

    @Test func outlineHasTheDeclarationsAndThreeMonths() {
        let symbols = SymbolProvider.documentSymbols(tree: Self.analysis.budget.root.tree)
        #expect(symbols.filter { $0.kind == .month }.map(\.name) == ["2026-09", "2026-10", "2026-11"])
        #expect(symbols.filter { $0.kind == .wallet }.map(\.name) == ["Joint", "Anna-cash", "Ben-cash", "Visa", "Savings"])
        #expect(symbols.filter { $0.kind == .envelope }.count == 6)
        #expect(symbols.filter { $0.kind == .rule }.map(\.name) == ["rent", "energy", "pay-ben", "pay-anna", "streaming", "vacation"])
        #expect(symbols.last?.children.first?.name == "2026-11-01 Hausverwaltung Krause")
    }

    @Test func everyEnvelopeAndGoalHasALens() {
        let lenses = CodeLensProvider.lenses(in: Self.analysis, path: Self.path)
        #expect(lenses.count == 9)
        #expect(lenses.allSatisfy { !$0.title.isEmpty })
        #expect(lenses.first { $0.title.hasPrefix("the week of") } != nil)
        #expect(lenses.filter { $0.title.hasPrefix("2026-11: ") }.count == 5)
    }

    @Test func thePayeeRuleTransactionCountsInGroceries() throws {
        // `2026-11-21 "Lidl" Joint -91.36` takes Food:Groceries from the payee rule.
        let hints = InlayHintProvider.hints(
            in: Self.analysis, path: Self.path,
            range: ByteRange(start: Self.offset(of: "2026-11-21"), end: Self.text.utf8.count), options: InlayHintOptions())
        #expect(hints.contains { $0.kind == .envelopeLeft && $0.label.contains("Groceries: ") })
        #expect(hints.contains { $0.kind == .runningBalance && $0.label.hasPrefix("Joint = ") })
    }

    @Test func completionAfterADateListsTheHouseholdsWallets() {
        let analysis = Fixture.analysis([Self.path: Self.text + "2026-11-22 J"], root: Self.path)
        let items = CompletionProvider.complete(in: analysis, path: Self.path, offset: (Self.text + "2026-11-22 J").utf8.count)
        #expect(items.first?.label == "Joint")
        #expect(items.first?.detail?.hasPrefix("bank · ") == true)
    }

    @Test func findsEveryUseOfARule() {
        let uses = NavigationProvider.references(in: Self.analysis, path: Self.path, offset: Self.offset(of: "as rent", plus: 4), includeDeclaration: false)
        #expect(uses.count == 3)
    }

    @Test func noQuickFixIsOfferedWhereNothingIsWrong() {
        #expect(CodeActionProvider.actions(in: Self.analysis, path: Self.path, range: ByteRange(start: 0, end: Self.text.utf8.count)).isEmpty)
    }
}
