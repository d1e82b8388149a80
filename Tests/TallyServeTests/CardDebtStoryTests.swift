import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The card debt no money holds (Grammar.md §4, "Credit overspending") is one figure on
/// the Envelopes page and in `tally envelopes`' JSON: the converted `ynab-cards` budget on
/// 2026-02-19, where Groceries overspent 30.00 on Visa and Games 10.00 of its 30.00 over
/// (20.00 was cash) in January: 30.00 + 10.00 = 40.00.
struct CardDebtStoryTests {
    @Test func thePageAndTheCommandShowTheSameCardDebt() throws {
        let file = TestSupport.path("Tests/TallyInteropTests/Goldens/apps/ynab-cards.tally")
        let serve = ServeTestApp(files: [file], today: "2026-02-19")
        #expect(serve.get("/envelopes").text.contains("Overspent on cards: 40.00 USD, card debt no money holds, not from ready to assign"))
        let envelopes = ServeTestApp.cli(["envelopes", "--format", "json", "--today", "2026-02-19", file]).out
        let equation = try #require((try JSONSerialization.jsonObject(with: Data(envelopes.utf8)) as? [String: Any])?["equation"] as? [String: Any])
        #expect(equation["cardsUncovered"] as? String == "40.00")
        // Before February, January's overspending is still the envelopes' own: no card debt.
        #expect(!ServeTestApp(files: [file], today: "2026-01-31").get("/envelopes").text.contains("Overspent on cards"))
    }
}
