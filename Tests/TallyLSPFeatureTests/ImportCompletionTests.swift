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
        #expect(Set(attributes) == ["account", "encoding", "separator", "dates", "skip"])
        let marks = CompletionProviderTests.complete("import Giro  decimal ⟨|⟩").items.map(\.label)
        #expect(marks == ["comma", "point"])
    }
}
