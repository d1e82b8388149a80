import TallyCore
import TallyLSP
import TallySyntax
import Testing

/// Completion and hover inside `import` profiles and `match` rules.
@Suite struct ImportCompletionTests {
    @Test func profilesCompleteWalletsAndRulesCompleteCategories() {
        let wallets = CompletionProviderTests.complete("import Gi⟨|⟩").items.filter { $0.kind == .wallet }.map(\.label)
        #expect(wallets.first == "Giro")
        let categories = CompletionProviderTests.complete("match \"LIDL\" Fu⟨|⟩").items.map(\.label)
        #expect(categories.first == "Fun")
        let inWallet = CompletionProviderTests.complete("match \"LIDL\" in Giro ⟨|⟩").items.filter { $0.kind == .category }
        #expect(!inWallet.isEmpty)
        let attributes = CompletionProviderTests.complete("import Giro  decimal comma  ⟨|⟩").items.map(\.label)
        #expect(Set(attributes) == ["account", "encoding", "separator", "dates", "skip", "token", "feed", "app"])
        let feeds = CompletionProviderTests.complete("import Giro  feed ⟨|⟩").items.map(\.label)
        #expect(Set(feeds) == ["fio", "simplefin", "enablebanking"])
        let marks = CompletionProviderTests.complete("import Giro  decimal ⟨|⟩").items.map(\.label)
        #expect(marks == ["comma", "point"])
    }

    @Test func splitLinesOfARuleCompleteCategoriesOnly() {
        let typed = CompletionProviderTests.complete("match \"COSTCO\"\n    Fun  70%\n    F⟨|⟩").items
        #expect(typed.first?.label == "Fun")
        let items = CompletionProviderTests.complete("match \"COSTCO\"\n    Fun  70%\n    ⟨|⟩").items
        #expect(!items.isEmpty && items.allSatisfy { $0.kind == .category }, "\(items.map(\.label))")
        // Below a transaction, an indented line may still be metadata.
        let transaction = CompletionProviderTests.complete("2026-11-04 Giro -3.00\n    Fun  -1.00\n    ⟨|⟩").items.map(\.label)
        #expect(transaction.contains("id:"))
    }

    @Test func aRulesSplitCategoriesHoverNavigateAndGetTheirFix() throws {
        let text = CompletionProviderTests.budget + "match \"COSTCO\"\n    Fun  70%\n    Gehlt\n"
        let analysis = Fixture.analysis(text)
        let fun = text.utf8.count - "Fun  70%\n    Gehlt\n".utf8.count + 1
        let hover = try #require(HoverProvider.hover(in: analysis, path: "main.tally", offset: fun))
        #expect(hover.markdown.contains("**Fun**"), "\(hover.markdown)")
        let references = NavigationProvider.references(in: analysis, path: "main.tally", offset: fun, includeDeclaration: false)
        #expect(references.contains { $0.range.start == fun - 1 })
        // The misspelt rest category is E0401 with its did-you-mean fix.
        let unknown = try #require(analysis.diagnostics.first { $0.code == .unknownName })
        #expect(unknown.message == "unknown category `Gehlt`; did you mean `Gehalt`?")
        let actions = CodeActionProvider.actions(in: analysis, path: "main.tally", range: unknown.range)
        #expect(actions.contains { $0.title == "Replace with `Gehalt`" }, "\(actions.map(\.title))")
    }
}
