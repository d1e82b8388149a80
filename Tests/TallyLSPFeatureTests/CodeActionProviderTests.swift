import TallyCore
import TallyLSP
import TallySyntax
import Testing

@Suite struct CodeActionProviderTests {
    /// The actions for the whole of `text`.
    static func actions(_ text: String) -> [CodeActionInfo] {
        let analysis = Fixture.analysis(text)
        return CodeActionProvider.actions(in: analysis, path: "main.tally", range: ByteRange(start: 0, end: text.utf8.count))
    }

    /// `text` after the action titled `title`, and the codes the result still reports.
    static func applying(_ title: String, to text: String) throws -> (text: String, codes: Set<String>) {
        let action = try #require(actions(text).first { $0.title == title }, "no action \(title) among \(actions(text).map(\.title))")
        #expect(action.edits.keys.sorted() == ["main.tally"])
        let fixed = Fixture.apply(action.edits["main.tally"] ?? [], to: text)
        return (fixed, Set(Fixture.analysis(fixed).diagnostics.map(\.code.rawValue)))
    }

    static let header = """
    currency EUR
    wallet Giro bank
    wallet '🏠 Haus' cash
    income Gehalt
    expense Fun, 食費

    """

    @Test func attachedFixesBecomeActions() throws {
        let text = Self.header + "2026-01-01 Girro Fun -1.00\n"
        let result = try Self.applying("Replace with `Giro`", to: text)
        #expect(!result.codes.contains("E0401"))
        #expect(Self.actions(text).first { $0.title == "Replace with `Giro`" }?.diagnostic?.code == .unknownName)
    }

    @Test func declaresAMissingWalletAfterTheLastWallet() throws {
        let text = Self.header + "2026-01-01 'Neue Karte' Fun -1.00\n"
        let result = try Self.applying("Declare the wallet `Neue Karte`", to: text)
        #expect(result.text.contains("wallet '🏠 Haus' cash\nwallet 'Neue Karte'\nincome Gehalt"))
        #expect(!result.codes.contains("E0401"))
        #expect(Self.actions(text).first { $0.title.hasPrefix("Declare") }?.isPreferred == true)
    }

    @Test func declaresAMissingCategoryOfTheRightKind() throws {
        let spending = Self.header + "2026-01-01 Giro 'Café ☕' -1.00\n"
        let expense = try Self.applying("Declare the expense category `Café ☕`", to: spending)
        #expect(expense.text.contains("expense Fun, 食費\nexpense 'Café ☕'\n"))
        #expect(!expense.codes.contains("E0401"))
        let earning = Self.header + "2026-01-01 Giro Bonus +100.00\n"
        let income = try Self.applying("Declare the income category `Bonus`", to: earning)
        #expect(income.text.contains("income Gehalt\nincome Bonus\nexpense"))
        #expect(!income.codes.contains("E0401"))
    }

    @Test func makesSplitPartsAddUp() throws {
        let text = Self.header + "2026-01-01 \"Markt\" Giro -10.00\n    食費  -4.00\n    Fun  -5.00\n"
        let total = try Self.applying("Change the total to -9.00", to: text)
        #expect(total.text.contains("Giro -9.00\n"))
        #expect(!total.codes.contains("E0406"))
        let line = try Self.applying("Add a split line of -1.00 in 食費", to: text)
        #expect(line.text.hasSuffix("    Fun  -5.00\n    食費  -1.00\n"))
        #expect(!line.codes.contains("E0406"))
    }

    @Test func fixesAnAssertionToTheComputedBalance() throws {
        let text = Self.header + "2026-01-01 Giro Gehalt +100.00\n2026-01-02 Giro Fun -1.50\n2026-01-02 assert Giro 100.00 ; checked\n"
        let result = try Self.applying("Assert the computed balance, 98.50", to: text)
        #expect(result.text.contains("assert Giro 98.50 ; checked"))
        #expect(!result.codes.contains("E0410"))
    }

    @Test func recordsOrSkipsOverdueOccurrences() throws {
        let text = Self.header + """
        every month on 1 from 2026-09-01 as miete "Vermieter" Giro Fun -500.00
        2026-09-01 "Vermieter" Giro Fun -500.00 rule miete
        2026-11-05 Giro Gehalt +10.00

        """
        let titles = Self.actions(text).map(\.title)
        #expect(titles.contains("Record the occurrence of 2026-10-01"))
        #expect(titles.contains("Skip the occurrence of 2026-11-01"))
        let recorded = try Self.applying("Record the occurrence of 2026-10-01", to: text)
        #expect(recorded.text.contains("2026-09-01 \"Vermieter\" Giro Fun -500.00 rule miete\n2026-10-01 \"Vermieter\" Giro Fun -500.00 rule miete\n2026-11-05"))
        let skipped = try Self.applying("Skip the occurrence of 2026-11-01", to: recorded.text)
        #expect(skipped.text.contains("2026-10-01 \"Vermieter\" Giro Fun -500.00 rule miete\n2026-11-01 skip miete\n2026-11-05"))
        #expect(!skipped.codes.contains("W0506"))
    }

    @Test func movesMoneyIntoAnOverspentEnvelope() throws {
        let text = Self.header + """
        envelope Essen 100 monthly for 食費
        envelope Spaß 200 monthly for Fun
        envelope Leer 10 monthly for Fun
        option overlapping-envelopes allow
        2026-11-02 '🏠 Haus' 食費 -150.00

        """
        let actions = Self.actions(text).filter { $0.title.hasPrefix("Move") }
        // Leer has only 10 left: too little to cover 50.
        #expect(actions.map(\.title) == ["Move 50.00 from Spaß to Essen"])
        #expect(actions.first?.isPreferred == true)
        let result = try Self.applying("Move 50.00 from Spaß to Essen", to: text)
        #expect(result.text.hasSuffix("-150.00\n2026-11-02 move Spaß -> Essen 50.00\n"))
        #expect(!result.codes.contains("W0501"))
    }

    @Test func movesWhatThereIsWhenNoEnvelopeHasEnough() throws {
        let text = Self.header + """
        envelope Essen 100 monthly for 食費
        envelope Spaß 20 monthly for Fun
        2026-11-02 Giro 食費 -150.00

        """
        let actions = Self.actions(text).filter { $0.title.hasPrefix("Move") }
        #expect(actions.map(\.title) == ["Move 20.00 from Spaß to Essen, all it has left"])
        #expect(actions.first?.isPreferred == false)
        let result = try Self.applying("Move 20.00 from Spaß to Essen, all it has left", to: text)
        #expect(result.text.hasSuffix("-150.00\n2026-11-02 move Spaß -> Essen 20.00\n"))
    }

    @Test func insertedLinesKeepTheFilesLineBreaks() throws {
        let text = Self.header.replacingOccurrences(of: "\n", with: "\r\n") + "2026-01-01 Neu Fun -1.00\r\n"
        let result = try Self.applying("Declare the wallet `Neu`", to: text)
        #expect(result.text.contains("wallet '🏠 Haus' cash\r\nwallet Neu\r\nincome"))
        #expect(!result.codes.contains("E0401"))
    }

    @Test func onlyDiagnosticsInTheRangeCount() {
        let text = Self.header + "2026-01-01 Nix Fun -1.00\n"
        let analysis = Fixture.analysis(text)
        #expect(CodeActionProvider.actions(in: analysis, path: "main.tally", range: ByteRange(start: 0, end: 5)).isEmpty)
        #expect(!CodeActionProvider.actions(in: analysis, path: "main.tally", range: .empty(at: text.utf8.count - 12)).isEmpty)
    }
}
