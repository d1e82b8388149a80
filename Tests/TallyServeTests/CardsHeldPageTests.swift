import Foundation
import TallyTestSupport
import Testing

@testable import TallyServe

/// The Envelopes page says, of what the cards owe, what no money holds as `tally
/// envelopes` says it (Grammar.md §4, "Credit overspending"): mid-month the running
/// period's card part, with several cards each card's share, and a card paid beyond what
/// was held; one rule (`EnvelopesReport.cardWords`) for both. Figures computed by hand.
@Suite struct CardsHeldPageTests {
    static let twoCards = TestSupport.path("Tests/TallyInteropTests/Goldens/apps/ynab-two-cards.tally")

    /// The page's paragraph of what the cards owe on `today`, nil when it has none.
    static func cardsHeld(_ file: String, today: String) -> String? {
        let page = ServeTestApp(files: [file], today: today).get("/envelopes").text
        guard let start = page.range(of: "<p id=\"cards-held\">"), let end = page[start.upperBound...].range(of: "</p>") else { return nil }
        return String(page[start.upperBound ..< end.lowerBound])
    }

    /// `ynab-two-cards` on 25 January, before January ends: Groceries 100.00 − 80.00
    /// (Visa) − 50.00 (Amex) = −30.00, over on its last card spending, Amex's; Games 50.00
    /// − 70.00 (Amex) = −20.00: 30.00 + 20.00 = 50.00 on Amex, no ended period's debt yet.
    /// The cards owe 80.00 (Visa) + 50.00 + 70.00 (Amex) = 200.00.
    @Test func midMonthTheRunningPeriodsCardPartIsShown() throws {
        #expect(Self.cardsHeld(Self.twoCards, today: "2026-01-25") == "Owed on cards: 200.00 USD, 50.00 of it held by no money (Amex)")
        let page = ServeTestApp(files: [Self.twoCards], today: "2026-01-25").get("/envelopes").text
        #expect(!page.contains("Overspent on cards"))
        // The command line's words, from the same figures.
        let cli = ServeTestApp.cli(["envelopes", "--today", "2026-01-25", Self.twoCards]).out
        #expect(cli.contains("less 200.00 owed on cards,\n   50.00 of it held by no money (Amex))"), "\(cli)")
        // 19 January: Visa's 80.00 is within Groceries' 100.00, nothing is over: no paragraph.
        #expect(Self.cardsHeld(Self.twoCards, today: "2026-01-19") == nil)
    }

    /// 28 February: Amex owes 120.00 − 100.00 (paid 12 February) = 20.00 of its 50.00 no
    /// money holds: 30.00 paid beyond what was held; the cards owe 80.00 + 20.00 = 100.00.
    /// January's 50.00 ended: the ended periods' line says it too.
    @Test func aCardPaidBeyondWhatWasHeldIsNamed() throws {
        #expect(Self.cardsHeld(Self.twoCards, today: "2026-02-28") == "Owed on cards: 100.00 USD; 30.00 paid beyond what was held (Amex)")
        let page = ServeTestApp(files: [Self.twoCards], today: "2026-02-28").get("/envelopes").text
        #expect(page.contains("Overspent on cards: 50.00 USD, card debt no money holds"))
    }

    /// Two cards each with a share (``CardBudgets/eachCardOverspent``), on 25 January:
    /// Food 100.00 − 80.00 (Visa) − 50.00 (Amex) = −30.00, on Amex's, the last; Fun 50.00
    /// − 70.00 (Visa) = −20.00 on Visa. In wallet order: 20.00 on Visa, 30.00 on Amex,
    /// 50.00 in all; the cards owe 80.00 + 70.00 + 50.00 = 200.00.
    @Test func eachCardsShareIsShown() throws {
        let folder = try TemporaryFolder("cards-held")
        defer { folder.remove() }
        let file = try folder.write(CardBudgets.eachCardOverspent, to: "cards.tally")
        #expect(Self.cardsHeld(file, today: "2026-01-25") == "Owed on cards: 200.00 EUR, 50.00 of it held by no money: 20.00 on Visa, 30.00 on Amex")
    }
}
