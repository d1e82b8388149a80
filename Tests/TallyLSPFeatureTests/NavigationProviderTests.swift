import TallyCore
import TallyLSP
import TallySyntax
import Testing

@Suite struct NavigationProviderTests {
    static let marked = """
        currency EUR
        wallet ⟨Girokonto⟩ bank
        wallet '🏠 Haus' cash
        expense ⟨食費⟩:Lebensmittel, 食費:Café, Fun
        envelope Essen 300 monthly for 食費
        goal Urlaub 500
        every month on 1 from 2026-01-01 as miete Girokonto Fun -10.00

        2026-01-01 ⟨Giro⟨|⟩konto⟩ Fun -10.00 rule miete
        2026-01-02 '🏠 Haus' 食費:Lebensmittel -5.00
        2026-01-03 transfer ⟨Girokonto⟩ -> '🏠 Haus' 20.00 goal Urlaub
        2026-01-04 ⟨Girokonto⟩
            食費:Café -3.00
            Fun -2.00
        """

    @Test func definitionFindsTheDeclarationFromAReference() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let found = NavigationProvider.definition(in: analysis, path: "main.tally", offset: doc.cursor)
        #expect(found == [FileRange(path: "main.tally", range: doc.ranges[0])])
    }

    @Test func referencesListEveryUseWithOrWithoutTheDeclaration() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let all = NavigationProvider.references(in: analysis, path: "main.tally", offset: doc.cursor, includeDeclaration: true)
        // The recurring body names Girokonto too.
        #expect(all.count == 5)
        #expect(all.first == FileRange(path: "main.tally", range: doc.ranges[0]))
        let uses = NavigationProvider.references(in: analysis, path: "main.tally", offset: doc.cursor, includeDeclaration: false)
        #expect(uses.count == 4)
        #expect(uses.contains(FileRange(path: "main.tally", range: doc.ranges[3])))
        #expect(uses.contains(FileRange(path: "main.tally", range: doc.ranges[4])))
    }

    @Test func theIndexKeepsEachSymbolsPlacesInFileOrderWithItsDeclarations() {
        let doc = MarkedDocument(Self.marked)
        let index = Fixture.analysis(doc.text).index
        let giro = NamedSymbol(kind: .wallet, name: "Girokonto")
        let places = index.occurrences(of: giro)
        // The declaration, the recurring body, and three entries.
        #expect(places.count == 5)
        #expect(places.allSatisfy { $0.symbol == giro && $0.location.path == "main.tally" })
        #expect(places.map(\.location.range.start) == places.map(\.location.range.start).sorted())
        #expect(places.map(\.isDeclaration) == [true, false, false, false, false])
        #expect(places[0].location.range == doc.ranges[0])
        #expect(index.declarations(of: giro) == [places[0]])
        #expect(index.isWritten(giro))
        #expect(!index.isWritten(NamedSymbol(kind: .wallet, name: "Nowhere")))
        #expect(index.occurrences(of: NamedSymbol(kind: .wallet, name: "Nowhere")).isEmpty)
        #expect(Set(index.writtenSymbols).isSuperset(of: [giro, NamedSymbol(kind: .category, name: "食費:Café")]))
    }

    @Test func aCursorRightAfterANameFindsIt() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let end = doc.ranges[2].end
        #expect(NavigationProvider.prepareRename(in: analysis, path: "main.tally", offset: end)?.placeholder == "Girokonto")
    }

    @Test func renameQuotesNamesThatNeedIt() throws {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let prepared = try #require(NavigationProvider.prepareRename(in: analysis, path: "main.tally", offset: doc.cursor))
        #expect(prepared.range == doc.ranges[2])
        let edits = try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "Joint Account")
        let renamed = Fixture.apply(edits["main.tally"] ?? [], to: doc.text)
        // Each renamed line takes the columns of its block (laid out by hand: the others stay).
        #expect(renamed.contains("wallet 'Joint Account'  bank"))
        #expect(renamed.contains("2026-01-01 'Joint Account'  Fun              -10.00  rule miete"))
        #expect(renamed.contains("as miete  'Joint Account'  Fun"))
        #expect(!renamed.contains("Girokonto"))
        let after = Fixture.analysis(renamed)
        #expect(after.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func namesSpelledLikeKeywordsAreQuoted() throws {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let edits = try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "transfer")
        let renamed = Fixture.apply(edits["main.tally"] ?? [], to: doc.text)
        #expect(renamed.contains("2026-01-01 'transfer'  Fun"))
        let after = Fixture.analysis(renamed)
        #expect(after.diagnostics.filter { $0.severity == .error }.isEmpty)
        // A name typed in quotes is taken as meant.
        let quoted = try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "'Dad\\'s card'")
        #expect(Fixture.apply(quoted["main.tally"] ?? [], to: doc.text).contains("wallet 'Dad\\'s card'  bank"))
    }

    @Test func renamingAParentCategoryRenamesItsChildren() throws {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        let offset = doc.ranges[1].start + 1  // inside 食費 of 食費:Lebensmittel
        // The name under the cursor is the whole category `食費:Lebensmittel`.
        #expect(NavigationProvider.prepareRename(in: analysis, path: "main.tally", offset: offset)?.placeholder == "食費:Lebensmittel")
        // Renaming the parent, from the envelope's `for 食費`:
        let parent = try #require(doc.text.utf8.ranges(of: "for 食費".utf8).first).lowerBound
        let at = doc.text.utf8.distance(from: doc.text.utf8.startIndex, to: parent) + 4
        let edits = try NavigationProvider.rename(in: analysis, path: "main.tally", offset: at, newName: "Essen")
        let renamed = Fixture.apply(edits["main.tally"] ?? [], to: doc.text)
        #expect(renamed.contains("expense Essen:Lebensmittel, Essen:Café, Fun"))
        #expect(renamed.contains("for Essen\n"))
        #expect(renamed.contains("'🏠 Haus'   Essen:Lebensmittel   -5.00"))
        #expect(renamed.contains("    Essen:Café  -3.00"))
        #expect(!renamed.contains("食費"))
        // The definition of the undeclared parent is its children's declarations.
        #expect(NavigationProvider.definition(in: analysis, path: "main.tally", offset: at).count == 2)
    }

    @Test func renameRejectsInvalidAndClashingNames() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(doc.text)
        #expect(throws: RenameError.nameTaken("🏠 Haus")) {
            try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "🏠 Haus")
        }
        #expect(throws: RenameError.self) {
            try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "")
        }
        #expect(throws: RenameError.self) {
            try NavigationProvider.rename(in: analysis, path: "main.tally", offset: doc.cursor, newName: "a\nb")
        }
        #expect(throws: RenameError.notRenamable) {
            try NavigationProvider.rename(in: analysis, path: "main.tally", offset: 2, newName: "X")
        }
    }

    @Test func renameReachesIncludedFiles() throws {
        let root = MarkedDocument(
            """
            currency EUR
            include "more.tally"
            wallet ⟨|⟩Cash cash
            expense Fun
            2026-01-01 Cash Fun -1.00
            """)
        let more = "2026-01-02 Cash Fun -2.00\n2026-01-03 assert Cash -3.00\n"
        let analysis = Fixture.analysis(["main.tally": root.text, "more.tally": more])
        let edits = try NavigationProvider.rename(in: analysis, path: "main.tally", offset: root.cursor, newName: "Purse")
        #expect(Fixture.apply(edits["main.tally"] ?? [], to: root.text).components(separatedBy: "Purse").count == 3)
        #expect(Fixture.apply(edits["more.tally"] ?? [], to: more) == "2026-01-02 Purse  Fun  -2.00\n2026-01-03 assert Purse  -3.00\n")
        let refs = NavigationProvider.references(in: analysis, path: "more.tally", offset: 12, includeDeclaration: true)
        #expect(refs.count == 4)
        #expect(NavigationProvider.definition(in: analysis, path: "more.tally", offset: 12).first?.path == "main.tally")
        // From the include's path to the included file.
        #expect(NavigationProvider.definition(in: analysis, path: "main.tally", offset: 23) == [FileRange(path: "more.tally", range: .empty(at: 0))])
    }

    @Test func envelopesGoalsAndRulesAreFoundToo() throws {
        let doc = MarkedDocument(
            """
            currency EUR
            wallet A
            expense Fun
            envelope ⟨Spaß⟩ 10 monthly for Fun
            goal ⟨Ziel⟩ 100
            every month on 1 from 2026-01-01 as ⟨rent⟩ A Fun -1.00
            2026-01-01 A Fun -1.00 rule ⟨re⟨|⟩nt⟩
            2026-01-02 fill ⟨Spaß⟩ 5
            2026-01-03 goal ⟨Ziel⟩ 5
            2026-02-01 skip ⟨rent⟩
            """)
        let analysis = Fixture.analysis(doc.text)
        #expect(NavigationProvider.definition(in: analysis, path: "main.tally", offset: doc.cursor) == [FileRange(path: "main.tally", range: doc.ranges[2])])
        #expect(NavigationProvider.references(in: analysis, path: "main.tally", offset: doc.cursor, includeDeclaration: true).count == 3)
        let fill = doc.ranges[4].start
        #expect(NavigationProvider.definition(in: analysis, path: "main.tally", offset: fill) == [FileRange(path: "main.tally", range: doc.ranges[0])])
        let goal = doc.ranges[5].start
        #expect(NavigationProvider.definition(in: analysis, path: "main.tally", offset: goal) == [FileRange(path: "main.tally", range: doc.ranges[1])])
    }
}
