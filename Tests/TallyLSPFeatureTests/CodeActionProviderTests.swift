import TallyCore
import TallyFormat
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
        // The new line takes the columns of its block (laid out by hand, so the others stay).
        #expect(income.text.contains("income Gehalt\nincome  Bonus\nexpense"))
        #expect(!income.codes.contains("E0401"))
    }

    @Test func declaresAMissingEnvelopeForTheCategoryOfItsName() throws {
        let text =
            Self.header + """
                expense Food:Groceries
                envelope Spaß 50 weekly for Fun
                envelope Alles 900 monthly for *
                envelope Reise 2026-07-01..2026-07-31 for Fun
                envelope Kleinkram 20 weekly for 食費
                option overlapping-envelopes allow
                2026-11-02 fill Groceries 100.00

                """
        let result = try Self.applying("Declare the envelope `Groceries`", to: text)
        #expect(result.text.contains("for 食費\nenvelope Groceries       weekly                  for Food:Groceries\noption"))
        #expect(!result.codes.contains("E0401"))
        #expect(Self.actions(text).first { $0.title.hasPrefix("Declare") }?.isPreferred == true)
    }

    @Test func declaresAMissingEnvelopeWithoutCategoryAfterTheCategories() throws {
        let text = Self.header + "2026-11-02 move 'Sparen Später' -> Puffer 10.00\n"
        let first = try Self.applying("Declare the envelope `Sparen Später`", to: text)
        #expect(first.text.contains("expense Fun, 食費\nenvelope 'Sparen Später'  monthly\n"))
        let second = try Self.applying("Declare the envelope `Puffer`", to: first.text)
        #expect(second.text.contains("envelope 'Sparen Später'  monthly\nenvelope Puffer           monthly\n"))
        #expect(!second.codes.contains("E0401"))
    }

    @Test func declaresAMissingGoalWithoutATarget() throws {
        let text =
            Self.header + """
                goal Rad 800
                2026-11-02 goal Urlaub 100.00
                2026-11-03 transfer Giro -> '🏠 Haus' 50.00 goal Urlaub

                """
        let result = try Self.applying("Declare the goal `Urlaub`", to: text)
        #expect(result.text.contains("goal Rad 800\ngoal Urlaub\n2026-11-02"))
        #expect(!result.codes.contains("E0401"))
    }

    @Test func declaresAMissingRecurringEntryFromTheEntryThatRecordsIt() throws {
        let text =
            Self.header + """
                2026-10-31 "Vermieter" Giro -500.00 rule miete #wohnen ; Oktober
                    Fun  -400.00
                    食費  -100.00

                """
        let result = try Self.applying("Declare the recurring entry `miete`, monthly from this entry", to: text)
        #expect(
            result.text.contains(
                "expense Fun, 食費\nevery month on last from 2026-10-31 as miete  \"Vermieter\"  Giro  -500.00  #wohnen  ; Oktober\n    Fun  -400.00\n    食費   -100.00\n2026-10-31"
            ))
        #expect(!result.codes.contains("E0401"))
        // The entry records the first occurrence; November's is still to come.
        #expect(!result.codes.contains("W0506"))
    }

    @Test func declaresAMissingRecurringTransferAfterTheLastRecurringEntry() throws {
        let text =
            Self.header + """
                every month on 1 from 2026-01-01 as abo Giro Fun -5.00
                2026-01-01 Giro Fun -5.00 rule abo
                2026-10-05 transfer Giro -> '🏠 Haus' 50.00 rule sparen by Anna

                """
        let result = try Self.applying("Declare the recurring entry `sparen`, monthly from this entry", to: text)
        #expect(result.text.contains("as abo Giro Fun -5.00\nevery month on 5 from 2026-10-05 as sparen  transfer Giro -> '🏠 Haus'  50.00  by Anna\n2026-01-01"))
        #expect(!result.codes.contains("E0401"))
    }

    @Test func anUnknownSkipGetsNoDeclaration() {
        let text = Self.header + "2026-11-02 skip miete\n"
        #expect(Self.actions(text).filter { $0.title.hasPrefix("Declare") }.isEmpty)
        #expect(Fixture.analysis(text).diagnostics.contains { $0.code == .unknownName })
    }

    @Test func makesSplitPartsAddUp() throws {
        let text = Self.header + "2026-01-01 \"Markt\" Giro -10.00\n    食費  -4.00\n    Fun  -5.00\n"
        let total = try Self.applying("Change the total to -9.00", to: text)
        #expect(total.text.contains("\"Markt\"  Giro  -9.00\n"))
        #expect(!total.codes.contains("E0406"))
        let line = try Self.applying("Add a split line of -1.00 in 食費", to: text)
        #expect(line.text.hasSuffix("    Fun  -5.00\n    食費   -1.00\n"))
        #expect(!line.codes.contains("E0406"))
    }

    @Test func fixesAnAssertionToTheComputedBalance() throws {
        let text = Self.header + "2026-01-01 Giro Gehalt +100.00\n2026-01-02 Giro Fun -1.50\n2026-01-02 assert Giro 100.00 ; checked\n"
        let result = try Self.applying("Assert the computed balance, 98.50", to: text)
        #expect(result.text.contains("assert Giro  98.50  ; checked"))
        #expect(!result.codes.contains("E0410"))
    }

    @Test func recordsOrSkipsOverdueOccurrences() throws {
        let text =
            Self.header + """
                every month on 1 from 2026-09-01 as miete "Vermieter" Giro Fun -500.00
                2026-09-01 "Vermieter" Giro Fun -500.00 rule miete
                2026-11-05 Giro Gehalt +10.00

                """
        let titles = Self.actions(text).map(\.title)
        #expect(titles.contains("Record the occurrence of 2026-10-01"))
        #expect(titles.contains("Skip the occurrence of 2026-11-01"))
        let recorded = try Self.applying("Record the occurrence of 2026-10-01", to: text)
        #expect(recorded.text.contains("2026-09-01 \"Vermieter\" Giro Fun -500.00 rule miete\n2026-10-01 \"Vermieter\"  Giro  Fun     -500.00  rule miete\n2026-11-05"))
        let skipped = try Self.applying("Skip the occurrence of 2026-11-01", to: recorded.text)
        #expect(skipped.text.contains("2026-10-01 \"Vermieter\"  Giro  Fun     -500.00  rule miete\n2026-11-01 skip miete\n2026-11-05"))
        #expect(!skipped.codes.contains("W0506"))
    }

    @Test func occurrencesComeFromTheModelNotTheMessage() throws {
        // The rule's name holds a date; only real occurrences are offered.
        let text =
            Self.header + """
                every month on 1 from 2026-10-01 as 'Miete 2026-01-15' "Vermieter" Giro Fun -500.00
                2026-11-05 Giro Gehalt +10.00

                """
        let titles = Self.actions(text).map(\.title).filter { $0.hasPrefix("Record") }
        #expect(titles == ["Record the occurrence of 2026-10-01", "Record the occurrence of 2026-11-01"])
        let recorded = try Self.applying("Record the occurrence of 2026-11-01", to: text)
        #expect(recorded.text.contains("2026-11-01 \"Vermieter\"  Giro  Fun     -500.00  rule 'Miete 2026-01-15'\n2026-11-05"))
    }

    @Test func offersTheFirstFiveOfManyOverdueOccurrences() {
        let text = Self.header + "every week on monday from 2026-09-07 as putzen Giro Fun -20.00\n"
        let titles = Self.actions(text).map(\.title).filter { $0.hasPrefix("Skip") }
        #expect(titles == ["2026-09-07", "2026-09-14", "2026-09-21", "2026-09-28", "2026-10-05"].map { "Skip the occurrence of \($0)" })
    }

    @Test func recordsTheOccurrenceDueToday() throws {
        let text =
            Self.header + """
                every month on 22 from 2026-11-22 as abo Giro Fun -9.99
                2026-11-20 Giro Gehalt +10.00

                """
        #expect(Self.actions(text).map(\.title) == ["Record the occurrence of 2026-11-22", "Skip the occurrence of 2026-11-22"])
        let recorded = try Self.applying("Record the occurrence of 2026-11-22", to: text)
        #expect(recorded.text.hasSuffix("+10.00\n2026-11-22 Giro  Fun      -9.99  rule abo\n"))
        #expect(!recorded.codes.contains("I0507"))
    }

    @Test func movesMoneyIntoAnOverspentEnvelope() throws {
        let text =
            Self.header + """
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
        #expect(result.text.hasSuffix("-150.00\n2026-11-02 move Spaß -> Essen  50.00\n"))
        #expect(!result.codes.contains("W0501"))
    }

    @Test func movesWhatThereIsWhenNoEnvelopeHasEnough() throws {
        let text =
            Self.header + """
                envelope Essen 100 monthly for 食費
                envelope Spaß 20 monthly for Fun
                2026-11-02 Giro 食費 -150.00

                """
        let actions = Self.actions(text).filter { $0.title.hasPrefix("Move") }
        #expect(actions.map(\.title) == ["Move 20.00 from Spaß to Essen, all it has left"])
        #expect(actions.first?.isPreferred == false)
        let result = try Self.applying("Move 20.00 from Spaß to Essen, all it has left", to: text)
        #expect(result.text.hasSuffix("-150.00\n2026-11-02 move Spaß -> Essen  20.00\n"))
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

/// I0601: a bank movement without a category is offered its likeliest categories.
@Suite struct ChooseCategoryActionTests {
    static let budget = """
        currency EUR
        wallet Giro bank
        income Salary
        expense Food, Fun, Transport

        2026-03-01 "Tesco Metro" Giro Food -20.00
        2026-03-02 "Tesco Express" Giro Food -8.00
        2026-03-03 "Cinema" Giro Fun -12.00
        2026-03-04 "Cinema" Giro Fun -9.00
        2026-03-05 "Cinema" Giro Fun -9.00
        2026-03-06 "Bus" Giro Transport -2.00
        2026-03-07 "ACME" Giro Salary +900.00

        """

    @Test func offersTheHistoryCategoryFirstAndLaysTheLineOutAsFmtWould() throws {
        // "TESCO BERLIN" shares the word tesco with two Food payees: Food first, then the
        // most used spending categories not yet offered: Fun (3 postings), Transport (1).
        let text = Self.budget + "2026-03-08 \"TESCO BERLIN\" Giro          -4.00\n    id: \"B-1\"\n"
        let actions = CodeActionProviderTests.actions(text).filter { $0.diagnostic?.code == .needsCategory }
        #expect(actions.map(\.title) == ["Book it in Food", "Book it in Fun", "Book it in Transport"])
        #expect(actions.map(\.isPreferred) == [true, false, false])
        let result = try CodeActionProviderTests.applying("Book it in Food", to: text)
        #expect(!result.codes.contains("I0601"))
        // The booked line is the line `tally fmt` writes for it in its block (the lines
        // above are left as they are).
        let booked = try #require(result.text.split(separator: "\n").first { $0.hasPrefix("2026-03-08") })
        let formatted = try Self.formatted(result.text)
        #expect(formatted.split(separator: "\n").contains(booked), "\(booked)")
        // Columns from the block: payees as wide as "Tesco Express" (15) plus two, categories
        // as "Transport" (9) plus two, amounts aligned on the point under +900.00.
        #expect(booked == "2026-03-08 \"TESCO BERLIN\"   Giro  Food         -4.00")
    }

    /// In a budget laid out by `tally fmt`, booking a movement keeps the whole file as
    /// `tally fmt` writes it: the category stands in its column, the amount in its own.
    @Test func aFormattedBudgetStaysFormatted() throws {
        let text = try Self.formatted(Self.budget) + "2026-03-08 \"Cinema\" Giro -4.00\n    id: \"B-4\"\n"
        let result = try CodeActionProviderTests.applying("Book it in Fun", to: text)
        #expect(try Self.formatted(result.text) == result.text)
        #expect(result.text.contains("2026-03-08 \"Cinema\"         Giro  Fun          -4.00\n"), "\(result.text)")
    }

    /// `text` as `tally fmt` writes it.
    static func formatted(_ text: String) throws -> String {
        switch Formatter.format(Parser.parse(text, path: "main.tally")) {
        case .unchanged: return text
        case .formatted(let bytes): return String(decoding: bytes, as: UTF8.self)
        default: throw FormatRefused()
        }
    }

    struct FormatRefused: Error {}

    @Test func offersIncomeCategoriesForAnUnknownPayeesMoneyIn() throws {
        // Nobody like "XYZ GMBH" in the history: money in gets the income categories used.
        let text = Self.budget + "2026-03-08 \"XYZ GMBH\" Giro +50.00\n    id: \"B-2\"\n"
        let actions = CodeActionProviderTests.actions(text).filter { $0.diagnostic?.code == .needsCategory }
        #expect(actions.map(\.title) == ["Book it in Salary"])
        let result = try CodeActionProviderTests.applying("Book it in Salary", to: text)
        let booked = try #require(result.text.split(separator: "\n").first { $0.hasPrefix("2026-03-08") })
        #expect(try Self.formatted(result.text).split(separator: "\n").contains(booked), "\(booked)")
    }

    @Test func aMatchRuleWinsOverTheHistory() throws {
        let text = Self.budget + "match \"BERLIN\" Fun\n2026-03-08 \"TESCO BERLIN\" Giro -4.00\n    id: \"B-3\"\n"
        let actions = CodeActionProviderTests.actions(text).filter { $0.diagnostic?.code == .needsCategory }
        #expect(actions.first?.title == "Book it in Fun")
    }
}

/// W0513: an envelope named like a category but without `for` is offered the `for`.
@Suite struct EnvelopeForActionTests {
    @Test func addsTheCategoryOfItsName() throws {
        let text = "currency EUR\nwallet Giro bank\nexpense 'Eating out'\nenvelope 'Eating out' 120 monthly alert 80%\n"
        let result = try CodeActionProviderTests.applying("Add `for 'Eating out'`", to: text)
        #expect(result.text.hasSuffix("envelope 'Eating out'  120  monthly  for 'Eating out'  alert 80%\n"))
        #expect(!result.codes.contains("W0513"))
    }
}

/// W0413: an amount against its category's sign is offered the other sign as a quick fix.
@Suite struct SignActionTests {
    @Test func flipsTheSignOfASpendingLine() throws {
        let text = "currency EUR\nwallet Giro bank opening 100.00\nexpense Fun\n2026-01-01 \"Kino\" Giro Fun 12.50\n"
        #expect(CodeActionProviderTests.actions(text).first { $0.title == "Write `-12.50`" }?.diagnostic?.code == .signAgainstCategory)
        let result = try CodeActionProviderTests.applying("Write `-12.50`", to: text)
        #expect(result.text.hasSuffix("2026-01-01 \"Kino\"  Giro  Fun  -12.50\n"))
        #expect(!result.codes.contains("W0413"))
    }

    @Test func flipsASplitLineAndItsTotal() throws {
        let text = "currency EUR\nwallet Giro bank opening 100.00\nexpense Fun, Food\n2026-01-01 Giro -5.00\n    Food  -8.00\n    Fun    3.00\n"
        let result = try CodeActionProviderTests.applying("Write `-3.00` and the total `-11.00`", to: text)
        // The split lines were aligned as `tally fmt` aligns them, and stay so.
        #expect(result.text.hasSuffix("2026-01-01 Giro  -11.00\n    Food  -8.00\n    Fun   -3.00\n"))
        #expect(!result.codes.contains("W0413") && !result.codes.contains("E0406"))
    }
}
