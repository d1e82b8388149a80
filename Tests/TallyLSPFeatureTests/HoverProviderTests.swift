import Foundation
import TallyCore
import TallyLSP
import TallySyntax
import TallyTestSupport
import Testing

@Suite struct HoverProviderTests {
    /// Figures worked out by hand: Girokonto opens with 1000.00; Essen plans 300 a month
    /// for 食費 with rollover.
    static let marked = """
        currency EUR
        wallet ⟨Giro⟨|⟩konto⟩ bank opening 1000.00 on 2025-12-31 owner Anna
        wallet '🏠 Haus' cash
        income Gehalt
        expense 食費:Lebensmittel, Fun
        envelope Essen 300 monthly for 食費 rollover
        goal Urlaub 1200 by 2027-06-01
        every month on 1 from 2026-01-01 as miete Girokonto Fun -10.00
        ; tally-ignore: W0506, I0512
        option severity W0511 off

        2026-01-01 Girokonto Fun -10.00 rule miete
        2026-01-02 Girokonto 食費:Lebensmittel -120.00
        2026-01-03 transfer Girokonto -> '🏠 Haus' 20.00
        2026-02-05 '🏠 Haus' 食費:Lebensmittel -400.00
        2026-03-01 fill Essen 50
        2026-03-02 goal Urlaub 100.00
        """

    static let analysis = Fixture.analysis(MarkedDocument(marked).text)
    static let text = MarkedDocument(marked).text

    /// The hover at the first occurrence of `needle` (plus `shift` bytes), after `after`.
    static func hover(_ needle: String, after: String = "", shift: Int = 1) -> HoverInfo? {
        let start = after.isEmpty ? text.startIndex : text.range(of: after)!.upperBound
        let r = text.range(of: needle, range: start ..< text.endIndex)!
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + shift
        return HoverProvider.hover(in: analysis, path: "main.tally", offset: offset)
    }

    @Test func walletDeclarationShowsTodaysBalance() throws {
        let doc = MarkedDocument(Self.marked)
        let hover = try #require(HoverProvider.hover(in: Self.analysis, path: "main.tally", offset: doc.cursor))
        #expect(hover.range == doc.range)
        // 1000 - 10 - 120 - 20 = 850.00
        #expect(hover.markdown.contains("Balance today (2026-11-22): **850.00 EUR**"))
        #expect(hover.markdown.contains("opening 1000.00 EUR on 2025-12-31"))
        #expect(hover.markdown.contains("owned by Anna"))
    }

    @Test func walletOnATransactionShowsTheBalanceAfterIt() throws {
        let hover = try #require(Self.hover("Girokonto", after: "2026-01-02"))
        #expect(hover.markdown.contains("Balance after this entry: **870.00 EUR**"))
        let emoji = try #require(Self.hover("'🏠 Haus'", after: "2026-02-05", shift: 5))
        // 20.00 in, 400.00 out.
        #expect(emoji.markdown.contains("Balance after this entry: **-380.00 EUR**"))
        #expect(emoji.range.length == "'🏠 Haus'".utf8.count)
    }

    @Test func categoryInATransactionShowsItsEnvelopeForThatPeriod() throws {
        let january = try #require(Self.hover("食費:Lebensmittel", after: "2026-01-02"))
        #expect(january.markdown.contains("expense category"))
        #expect(january.markdown.contains("Envelope **Essen**, 2026-01: **180.00 EUR left**"))
        #expect(january.markdown.contains("spent 120.00"))
        // February: 180 carried + 300 planned - 400 spent = 80 left.
        let february = try #require(Self.hover("食費:Lebensmittel", after: "2026-02-05"))
        #expect(february.markdown.contains("2026-02: **80.00 EUR left**"))
        #expect(february.markdown.contains("carried 180.00"))
        let fun = try #require(Self.hover("Fun", after: "2026-01-01"))
        #expect(fun.markdown.contains("No envelope budgets this category."))
    }

    @Test func envelopeOnAFillShowsThatPeriod() throws {
        let hover = try #require(Self.hover("Essen", after: "fill "))
        // 80 carried + 300 planned + 50 filled.
        #expect(hover.markdown.contains("2026-03: **430.00 EUR left**"))
        #expect(hover.markdown.contains("filled 50.00"))
    }

    /// Hovering an envelope's name shows it as of today, as `tally envelopes` does: a
    /// purchase dated later in the month is not spent yet.
    @Test func envelopeNameShowsItsFiguresAsOfToday() throws {
        let text = """
            currency EUR
            wallet Cash cash opening 500.00 on 2026-10-31
            expense Food
            envelope Groceries 300 monthly for Food

            2026-11-03 "Market" Cash Food -40.00
            2026-11-28 "Market" Cash Food -100.00
            """
        let analysis = Fixture.analysis(text)  // today: 2026-11-22
        let offset = text.utf8.count - text.utf8.distance(from: text.range(of: "Groceries")!.lowerBound, to: text.endIndex)
        let hover = try #require(HoverProvider.hover(in: analysis, path: "main.tally", offset: offset + 1))
        // Through 2026-11-22: 300.00 planned − 40.00 spent = 260.00 left (the 100.00 of the
        // 28th is not spent yet; the whole month would leave 160.00).
        #expect(hover.markdown.contains("2026-11: **260.00 EUR left**"), "\(hover.markdown)")
        #expect(hover.markdown.contains("spent 40.00"))
        let lens = try #require(CodeLensProvider.lenses(in: analysis, path: "main.tally").first)
        #expect(lens.title == "2026-11: 260.00 left of 300.00 EUR · 40.00 spent")
    }

    @Test func goalShowsProgressAndOutlook() throws {
        let hover = try #require(Self.hover("Urlaub"))
        #expect(hover.markdown.contains("Saved **100.00 EUR** of 1200.00 EUR (8.3%)"))
        #expect(hover.markdown.contains("a month until 2027-06-01"))
    }

    @Test func ruleShowsNextOccurrences() throws {
        let hover = try #require(Self.hover("miete"))
        #expect(hover.markdown.contains("every month from 2026-01-01"))
        #expect(hover.markdown.contains("Next: 2026-12-01, 2027-01-01, 2027-02-01, 2027-03-01, 2027-04-01"))
    }

    @Test func diagnosticCodesInCommentsAndOptionsAreExplained() throws {
        let ignored = try #require(Self.hover("I0512", shift: 2))
        // The summary is the catalogue's, the opening paragraph of the code's section in
        // docs/diagnostics.md.
        #expect(
            ignored.markdown.hasPrefix(
                "**I0512** · unused declaration\n\nA wallet is declared but nothing is booked on it. "
                    + "Unused categories are not reported: budgets often declare a full list of categories up front.\n\nDefault severity: info"))
        #expect(ignored.range.length == 5)
        let option = try #require(Self.hover("W0511", shift: 5))
        #expect(option.markdown.hasPrefix("**W0511** · future-dated entry"))
        #expect(Self.hover("tally-ignore", shift: 2) == nil)
        #expect(Self.hover("2026-01-01 Girokonto", shift: 2) == nil)
    }

    @Test func everyCodeHoversWithItsCatalogueSummary() throws {
        for code in DiagnosticCode.all {
            let text = "; tally-ignore: \(code.rawValue)\n"
            let hover = try #require(HoverProvider.hover(in: Fixture.analysis(text), path: "main.tally", offset: 17), "\(code)")
            #expect(hover.markdown.hasPrefix("**\(code.rawValue)** · \(code.title)\n\n\(code.summary)\n\nDefault severity: "), "\(code)")
        }
    }

    @Test func payeeShowsHowItIsUsed() throws {
        let text = """
            currency EUR
            currency USD
            wallet Giro bank
            wallet Dollars bank currency USD
            expense Food, Fun
            payee "Lidl" Food
            2026-01-02 "Lidl" Giro -10.00
            2026-01-09 "Lidl" Giro Fun -2.50
            2026-02-01 "Lidl" Giro -7.50
            2026-02-03 "Lidl" Dollars Fun -4.00
            2026-02-04 "Kino" Giro Fun -9.00

            """
        let analysis = Fixture.analysis(text)
        func hover(_ needle: String) -> HoverInfo? {
            let r = text.range(of: needle)!
            return HoverProvider.hover(in: analysis, path: "main.tally", offset: text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + 2)
        }
        let lidl = try #require(hover("\"Lidl\" Giro -10"))
        #expect(
            lidl.markdown == """
                **Lidl** · payee

                Used 4 times, last on 2026-02-03 · usually from **Giro** in **Food**

                Its transactions add up to -20.00 EUR, -4.00 USD

                A `payee` rule books it in **Food** when a transaction names no category.
                """)
        #expect(lidl.range.length == 6)
        // On the rule itself, the same.
        #expect(try #require(hover("\"Lidl\" Food")).markdown == lidl.markdown)
        let kino = try #require(hover("\"Kino\""))
        #expect(kino.markdown == "**Kino** · payee\n\nUsed once, last on 2026-02-04 · usually from **Giro** in **Fun**\n\nIts transactions add up to -9.00 EUR")
        // Answered above by one pass for each payee (a fresh analysis: nothing had built the
        // table of every payee); once payee completion builds it, answered from it: the same.
        _ = analysis.index.payeeHabits
        #expect(try #require(hover("\"Lidl\" Giro -10")).markdown == lidl.markdown)
        #expect(try #require(hover("\"Kino\"")).markdown == kino.markdown)
    }

    @Test func namesAreEscapedForMarkdown() throws {
        let doc = MarkedDocument("currency EUR\nwallet ⟨|⟩*Bar_Kasse* cash\n")
        let hover = try #require(HoverProvider.hover(in: Fixture.analysis(doc.text), path: "main.tally", offset: doc.cursor))
        // The `_` inside the word can never be emphasis, so it keeps no backslash.
        #expect(hover.markdown.hasPrefix("**\\*Bar_Kasse\\*** · cash wallet in EUR"))
        let dashed = MarkedDocument("currency EUR\nwallet ⟨|⟩Anna-cash cash owner Mom's-Visa\n")
        let anna = try #require(HoverProvider.hover(in: Fixture.analysis(dashed.text), path: "main.tally", offset: dashed.cursor))
        #expect(anna.markdown.hasPrefix("**Anna-cash** · cash wallet in EUR"))
        #expect(anna.markdown.contains("owned by Mom's-Visa"))
    }

    /// Only what CommonMark (or GitHub's strikethrough) would read as markup is escaped, so
    /// a client that shows Markdown as text shows names nearly as written.
    @Test(arguments: [
        ("Anna-cash", "Anna-cash"), ("Mom's-Visa", "Mom's-Visa"), ("Food:Groceries", "Food:Groceries"),
        ("食費", "食費"), ("🏠 Haus", "🏠 Haus"), ("a.b/c (d)!", "a.b/c (d)!"), ("Barnes & Noble", "Barnes & Noble"),
        ("a*b*c", "a\\*b\\*c"), ("x_y_", "x_y\\_"), ("_x", "\\_x"), ("x_y", "x_y"), ("x__y", "x__y"), ("__x__", "\\_\\_x\\_\\_"),
        ("[link](u)", "\\[link](u)"), ("![i](u)", "!\\[i](u)"), ("<b>", "\\<b>"), ("`code`", "\\`code\\`"),
        ("~~gone~~", "\\~\\~gone\\~\\~"), ("&amp;", "\\&amp;"), ("&#65;", "\\&#65;"),
        ("a\\b", "a\\b"), ("a\\*", "a\\\\\\*"), ("end\\", "end\\\\"),
        ("# x", "\\# x"), ("- x", "\\- x"), ("+x", "\\+x"), ("> q", "\\> q"), ("=", "\\="), ("a#b-c+d>e", "a#b-c+d>e")
    ])
    func markdownEscapesOnlyWhatMarkdownReads(name: String, markdown: String) {
        #expect(MarkdownText.literal(name) == markdown)
    }

    @Test func hoverOnTheHouseholdExample() throws {
        let path = TestSupport.path("examples/household.tally")
        let budget = try BudgetLoader().load(path)
        let analysis = BudgetAnalysis(budget: budget, today: Fixture.today)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let r = text.range(of: "envelope Groceries")!
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + 10
        let hover = try #require(HoverProvider.hover(in: analysis, path: path, offset: offset))
        #expect(hover.markdown.contains("Envelope **Groceries**, 2026-11"))
    }
}
