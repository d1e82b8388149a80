import TallyCore
import TallyLSP
import TallySyntax
import Testing

@Suite struct CompletionProviderTests {
    static let budget = """
        currency EUR
        wallet Giro bank opening 100.00 on 2025-12-31 owner Anna, Ben
        wallet '🏠 Haus' cash
        wallet Sparbuch savings
        income Gehalt
        expense 食費:Lebensmittel, Fun
        envelope Essen 300 monthly for 食費
        goal Urlaub 1200
        every month on 1 from 2026-11-01 as miete Giro Fun -10.00
        2026-11-01 "Lidl" Giro 食費:Lebensmittel -10.00 rule miete
        2026-11-02 "Lidl" Giro Fun -1.00
        2026-11-03 "Aral" '🏠 Haus' Fun -1.00

        """

    /// Completes at the cursor of `line` appended to the budget.
    static func complete(_ line: String) -> (items: [CompletionInfo], doc: MarkedDocument) {
        let doc = MarkedDocument(budget + line)
        let analysis = Fixture.analysis(doc.text)
        return (CompletionProvider.complete(in: analysis, path: "main.tally", offset: doc.cursor), doc)
    }

    @Test func startOfLineOffersTodayAndDirectives() {
        let (items, doc) = Self.complete("⟨|⟩")
        #expect(items.first?.label == "2026-11-22")
        #expect(items.first?.kind == .date)
        #expect(items.first?.edit == TextEdit(range: .empty(at: doc.cursor), replacement: "2026-11-22"))
        #expect(Set(items.filter { $0.kind == .keyword }.map(\.label)) == ["currency", "wallet", "income", "expense", "envelope", "goal", "payee", "every", "option", "include", "import", "match"])
        let typed = Self.complete("env⟨|⟩").items
        #expect(typed.map(\.label) == ["envelope"])
        let bom = MarkedDocument("\u{FEFF}cur⟨|⟩")
        let first = CompletionProvider.complete(in: Fixture.analysis(bom.text), path: "main.tally", offset: bom.cursor)
        #expect(first.map(\.label) == ["currency"])
        #expect(first.first?.edit.range == ByteRange(start: 3, end: 6))
    }

    @Test func afterADateComeWalletsWithBalancesMostUsedFirst() {
        let (items, _) = Self.complete("2026-11-22 ⟨|⟩")
        let wallets = items.filter { $0.kind == .wallet }
        #expect(wallets.map(\.label) == ["Giro", "🏠 Haus", "Sparbuch"])
        #expect(wallets[0].detail == "bank · 89.00 EUR")
        #expect(wallets[1].edit.replacement == "'🏠 Haus'")
        #expect(Set(items.filter { $0.kind == .keyword }.map(\.label)) == ["transfer", "fill", "move", "assert", "rate", "skip", "goal"])
    }

    @Test func aPartlyTypedNameIsReplacedWhole() {
        let (items, doc) = Self.complete("2026-11-22 Gi⟨|⟩ro Fun -1.00")
        let first = items.first
        #expect(first?.label == "Giro")
        let start = doc.cursor - 2
        #expect(first?.edit == TextEdit(range: ByteRange(start: start, end: start + 4), replacement: "Giro"))
        let quoted = Self.complete("2026-11-22 '🏠⟨|⟩").items
        #expect(quoted.first?.label == "🏠 Haus")
        #expect(quoted.first?.edit.range.length == "'🏠".utf8.count)
        let closed = Self.complete("2026-11-22 '🏠 Haus'⟨|⟩").items
        #expect(closed.first?.label == "🏠 Haus")
        #expect(closed.first?.edit.replacement == "'🏠 Haus'")
    }

    @Test func afterTheWalletComeCategories() {
        let (items, doc) = Self.complete("2026-11-22 \"Lidl\" Giro 食⟨|⟩")
        #expect(items.map(\.label) == ["食費:Lebensmittel", "食費"])
        #expect(items[0].detail == "expense")
        #expect(items[0].edit.range == ByteRange(start: doc.cursor - "食".utf8.count, end: doc.cursor))
        let split = Self.complete("2026-11-22 Giro -5.00\n    ⟨|⟩").items
        #expect(split.contains { $0.label == "Fun" && $0.kind == .category })
        #expect(split.contains { $0.label == "id:" })
    }

    @Test func afterTheAmountComeClausesAndWhatTheyName() {
        let clauses = Self.complete("2026-11-22 Giro Fun -1.00 ⟨|⟩").items
        #expect(Set(clauses.filter { $0.kind == .keyword }.map(\.label)) == ["goal", "rule", "by"])
        #expect(clauses.contains { $0.kind == .currency && $0.label == "EUR" })
        #expect(Self.complete("2026-11-22 Giro Fun -1.00 rule ⟨|⟩").items.map(\.label) == ["miete"])
        #expect(Self.complete("2026-11-22 Giro Fun -1.00 #tag goal ⟨|⟩").items.map(\.label) == ["Urlaub"])
        #expect(Self.complete("2026-11-22 Giro Fun -1.00 by ⟨|⟩").items.map(\.label) == ["Anna", "Ben"])
    }

    @Test func datedKeywordsTakeTheirOwnNames() {
        #expect(Self.complete("2026-11-22 fill ⟨|⟩").items.map(\.label) == ["Essen"])
        #expect(Self.complete("2026-11-22 fill ⟨|⟩").items.first?.detail == "290.00 left in 2026-11")
        #expect(Self.complete("2026-11-22 move Essen -> ⟨|⟩").items.map(\.label) == ["Essen"])
        #expect(Self.complete("2026-11-22 skip ⟨|⟩").items.map(\.label) == ["miete"])
        #expect(Self.complete("2026-11-22 transfer Giro -> Spar⟨|⟩").items.map(\.label) == ["Sparbuch"])
        #expect(Self.complete("2026-11-22 assert ⟨|⟩").items.count == 3)
        #expect(Self.complete("2026-11-22 transfer Giro -> Sparbuch ⟨|⟩").items.isEmpty)
        #expect(Self.complete("2026-11-22 transfer Giro -> Sparbuch 5.00 ⟨|⟩").items.contains { $0.label == "goal" })
        #expect(Self.complete("2026-11-22 goal U⟨|⟩").items.map(\.label) == ["Urlaub"])
    }

    @Test func payeesCompleteInQuotesWithTheirUsualWalletAndCategory() {
        // Lidl is booked once in each category from Giro; the latest booking wins the tie.
        let (items, doc) = Self.complete("2026-11-22 \"Li⟨|⟩")
        #expect(items.map(\.label) == ["Lidl"])
        #expect(items[0].detail == "payee, used 2 times · usually Giro Fun")
        #expect(items[0].edit == TextEdit(range: ByteRange(start: doc.cursor - 3, end: doc.cursor), replacement: "\"Lidl\" Giro Fun "))
        let aral = Self.complete("2026-11-22 \"A⟨|⟩").items
        #expect(aral.first?.edit.replacement == "\"Aral\" '🏠 Haus' Fun ")
    }

    @Test func aPayeeRuleCompletesThePayeeWithItsUsualCategory() {
        let (items, doc) = Self.complete("payee \"Ar⟨|⟩")
        #expect(items.map(\.label) == ["Aral"])
        #expect(items.first?.edit == TextEdit(range: ByteRange(start: doc.cursor - 3, end: doc.cursor), replacement: "\"Aral\" Fun"))
        #expect(Self.complete("payee \"Aral\" ⟨|⟩").items.contains { $0.label == "Fun" })
    }

    @Test func recurringEntriesWithOpenOccurrencesComeFirst() {
        // `miete` is recorded on 2026-11-01; `abo` is open since 2026-11-10; `strom` is
        // recorded on 2026-11-02 and open on the next two Mondays.
        let doc = MarkedDocument(
            Self.budget + """
                every month on 10 from 2026-11-10 as abo Giro Fun -5.00
                every week on monday from 2026-11-02 as strom Giro Fun -2.00
                2026-11-02 Giro Fun -2.00 rule strom
                2026-11-22 Giro Fun -5.00 rule ⟨|⟩
                """)
        let items = CompletionProvider.complete(in: Fixture.analysis(doc.text), path: "main.tally", offset: doc.cursor)
        #expect(items.map(\.label) == ["strom", "abo", "miete"])
        #expect(
            items.map(\.detail) == [
                "every week from 2026-11-02 · 2 open from 2026-11-09", "every month from 2026-11-10 · open 2026-11-10",
                "every month from 2026-11-01"
            ])
    }

    @Test func aPayeeBeforeOtherWordsIsInsertedAlone() {
        let (items, doc) = Self.complete("2026-11-22 \"Li⟨|⟩ Giro Fun -2.00")
        #expect(items.first?.edit == TextEdit(range: ByteRange(start: doc.cursor - 3, end: doc.cursor), replacement: "\"Lidl\""))
    }

    @Test func aClosingQuoteTypedByTheEditorIsReplacedToo() {
        let (items, doc) = Self.complete("2026-11-22 \"Li⟨|⟩\"")
        #expect(items.first?.edit == TextEdit(range: ByteRange(start: doc.cursor - 3, end: doc.cursor + 1), replacement: "\"Lidl\" Giro Fun "))
    }

    @Test func theUsualBookingIsTheMostFrequentOne() {
        let doc = MarkedDocument(
            Self.budget + """
                2026-11-04 "Lidl" '🏠 Haus' 食費:Lebensmittel -3.00
                2026-11-05 "Lidl" '🏠 Haus' 食費:Lebensmittel -4.00
                2026-11-22 "Li⟨|⟩
                """)
        let items = CompletionProvider.complete(in: Fixture.analysis(doc.text), path: "main.tally", offset: doc.cursor)
        #expect(items.first?.detail == "payee, used 4 times · usually '🏠 Haus' 食費:Lebensmittel")
    }

    @Test func namesRankByHowOftenEntriesUseThem() {
        // Giro is used by three entries, '🏠 Haus' by one, Sparbuch by none.
        let wallets = Self.complete("2026-11-22 ⟨|⟩").items.filter { $0.kind == .wallet }
        #expect(wallets.map(\.label) == ["Giro", "🏠 Haus", "Sparbuch"])
    }

    @Test func declarationsCompleteTheirAttributes() {
        #expect(Self.complete("envelope X 10 ⟨|⟩").items.map(\.label) == ["monthly", "quarterly", "weekly", "yearly"])
        let covered = Self.complete("envelope X 10 monthly for ⟨|⟩").items
        #expect(covered.contains { $0.label == "*" } && covered.contains { $0.label == "食費" })
        #expect(Self.complete("envelope X 10 monthly for Fun in ⟨|⟩").items.filter { $0.kind == .wallet }.count == 3)
        #expect(Set(Self.complete("envelope X 10 monthly for Fun ⟨|⟩").items.map(\.label)) == ["in", "rollover", "alert", "from", "until"])
        #expect(Self.complete("wallet New ⟨|⟩").items.contains { $0.label == "credit" })
        #expect(Self.complete("wallet New currency ⟨|⟩").items.first?.label == "EUR")
        #expect(Self.complete("every month on ⟨|⟩").items.contains { $0.label == "last" })
        #expect(Self.complete("every month on 1 from 2026-01-01 ⟨|⟩").items.contains { $0.label == "Giro" })
        #expect(Self.complete("every month on 1 from 2026-01-01 as x Giro ⟨|⟩").items.contains { $0.label == "Fun" })
    }

    @Test func diagnosticCodesCompleteInIgnoresAndOptions() {
        let ignored = Self.complete("; tally-ignore: W05⟨|⟩").items
        #expect(ignored.first?.label == "W0501")
        #expect(ignored.allSatisfy { $0.label.hasPrefix("W05") })
        #expect(ignored.first?.detail == "envelope overspent")
        #expect(ignored.first?.edit.range.length == 3)
        #expect(Self.complete("; just a comment ⟨|⟩").items.isEmpty)
        #expect(Self.complete("option severity I05⟨|⟩").items.first?.label == "I0502")
        #expect(Self.complete("option ⟨|⟩").items.map(\.label).contains("week-start"))
    }
}
