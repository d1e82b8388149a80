import Foundation
import TallyCore
import TallyLSP
import TallySyntax
import TallyTestSupport
import Testing

/// Document and workspace symbols, folding ranges, semantic tokens and document links:
/// the features that read the syntax tree.
@Suite struct OutlineProviderTests {
    static let marked = """
        ⟨; Haushalt 🏠
        ; zweite Zeile⟩
        currency EUR
        wallet ⟨Girokonto⟩ bank
        expense ⟨食費⟩, Fun
        include ⟨"more/2025.tally"⟩
        ⟨2026-01-01 "Café ☕" Girokonto 食費 -3.50
        2026-01-02 Girokonto
            食費 -1.00
            Fun -2.00⟩
        ⟨2026-02-01 Girokonto Fun -1.00
        2026-02-02 Girokonto Fun -1.00⟩
        """

    static func tree(_ text: String) -> SyntaxTree { Parser.parse(SourceText(path: "main.tally", text: text)) }

    @Test func outlineHasDeclarationsAndMonths() throws {
        let doc = MarkedDocument(Self.marked)
        let symbols = SymbolProvider.documentSymbols(tree: Self.tree(doc.text))
        #expect(symbols.map(\.name) == ["EUR", "Girokonto", "食費", "Fun", "more/2025.tally", "2026-01", "2026-02"])
        #expect(symbols[1].kind == .wallet && symbols[1].detail == "bank" && symbols[1].selectionRange == doc.ranges[1])
        #expect(symbols[2].kind == .category && symbols[2].selectionRange == doc.ranges[2])
        let january = symbols[5]
        #expect(january.kind == .month && january.range == doc.ranges[4])
        #expect(january.children.map(\.name) == ["2026-01-01 Café ☕", "2026-01-02 Girokonto"])
        #expect(january.children[0].detail == "Girokonto 食費 -3.50")
        #expect(symbols[6].children.count == 2 && symbols[6].range == doc.ranges[5])
    }

    /// The entries of the last months are listed, whole months, up to the limit; earlier
    /// months say how many entries they hold. Here the limit is 3: March (1) and February
    /// (2) fit, January (2) would make 5.
    @Test func outlineListsTheEntriesOfTheLastMonthsUpToTheLimit() {
        let text = """
            wallet Cash cash
            2026-01-01 Cash Fun -1
            2026-01-02 Cash Fun -1
            2026-02-01 Cash Fun -1
            2026-02-02 Cash Fun -1
            2026-03-01 Cash Fun -1
            """
        let symbols = SymbolProvider.documentSymbols(tree: Self.tree(text), entryLimit: 3)
        #expect(symbols.map(\.name) == ["Cash", "2026-01", "2026-02", "2026-03"])
        #expect(symbols.map(\.children.count) == [0, 0, 2, 1])
        #expect(symbols.map(\.detail) == ["cash", "2 entries", nil, nil])
        // The month keeps its range and selection whether its entries are listed or not.
        let whole = SymbolProvider.documentSymbols(tree: Self.tree(text))
        #expect(whole.map(\.range) == symbols.map(\.range) && whole.map(\.selectionRange) == symbols.map(\.selectionRange))
        #expect(whole.map(\.children.count) == [0, 2, 2, 1])
        // Nothing fits: only months.
        #expect(SymbolProvider.documentSymbols(tree: Self.tree(text), entryLimit: 0).map(\.children.count) == [0, 0, 0, 0])
    }

    @Test func outlineEntriesNameWhatTheyDo() {
        let text = """
            2026-03-01 "Bank" "Notiz" transfer Girokonto  ->  'Old Amex' 100.00 = 95.00 USD #tag ; comment
            2026-03-02 fill Essen 10.00
            2026-03-03 Girokonto Fun -1.00 goal Urlaub
                Fun -1.00 "split note"
            """
        let entries = SymbolProvider.documentSymbols(tree: Self.tree(text)).flatMap(\.children)
        #expect(entries.map(\.name) == ["2026-03-01 Bank", "2026-03-02 fill", "2026-03-03 Girokonto"])
        #expect(entries.map(\.detail) == ["transfer Girokonto -> 'Old Amex' 100.00 = 95.00 USD #tag", "Essen 10.00", "Fun -1.00 goal Urlaub"])
        #expect(entries[1].selectionRange == ByteRange(start: 95, end: 105))
    }

    @Test func workspaceSymbolsMatchInOrderIgnoringCase() {
        let analysis = Fixture.analysis([
            "main.tally": "currency EUR\ninclude \"b.tally\"\nwallet Girokonto\nexpense Food:Groceries\n",
            "b.tally": "wallet Giro-Reserve\nenvelope Groceries 10 monthly for Food:Groceries\n"
        ])
        let found = SymbolProvider.workspaceSymbols(in: analysis, query: "gro")
        // Prefix matches first, then matches at a word start, then any match in order.
        #expect(found.map(\.name) == ["Groceries", "Food:Groceries", "Giro-Reserve", "Girokonto"])
        #expect(found[0].location.path == "b.tally" && found[0].kind == .envelope)
        #expect(found[1].detail == "expense category")
        #expect(SymbolProvider.workspaceSymbols(in: analysis, query: "GIRO").map(\.name) == ["Giro-Reserve", "Girokonto"])
        #expect(SymbolProvider.workspaceSymbols(in: analysis, query: "").count == 4)
        #expect(SymbolProvider.workspaceSymbols(in: analysis, query: "xyz").isEmpty)
    }

    @Test func foldingCoversCommentsSplitsAndMonths() {
        let doc = MarkedDocument(Self.marked)
        let text = doc.text
        func lineStart(of needle: String) -> Int {
            let r = text.range(of: needle)!
            return text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
        }
        let folds = FoldingProvider.ranges(tree: Self.tree(text))
        #expect(folds.contains(FoldingInfo(start: 0, end: lineStart(of: "; zweite"), kind: .comment)))
        #expect(folds.contains(FoldingInfo(start: lineStart(of: "2026-01-02"), end: lineStart(of: "    Fun"), kind: .region)))
        #expect(folds.contains(FoldingInfo(start: lineStart(of: "2026-01-01"), end: lineStart(of: "    Fun"), kind: .region)))
        #expect(folds.contains(FoldingInfo(start: lineStart(of: "2026-02-01"), end: lineStart(of: "2026-02-02"), kind: .region)))
        #expect(folds.count == 4)
    }

    @Test func semanticTokensClassifyEveryKindOfToken() {
        let text = "currency EUR\nwallet '🏠 Haus' cash\nexpense 食費\nenvelope E 10 monthly for 食費 alert 80%\n" + "2026-01-01 \"Lidl\" '🏠 Haus' 食費 -3.50 EUR #tag by Anna ; note\n    id: \"x\"\n2026-01-02 transfer '🏠 Haus' -> '🏠 Haus' 1.00\n" + "option severity W0511 off\n"
        let tree = Self.tree(text)
        let tokens = SemanticTokenProvider.tokens(tree: tree)
        let bytes = Array(text.utf8)
        let seen = tokens.map { (String(decoding: bytes[$0.range.start ..< $0.range.end], as: UTF8.self), $0.type) }
        func type(of word: String, _ n: Int = 0) -> SemanticTokenType? { seen.filter { $0.0 == word }.dropFirst(n).first?.1 }
        #expect(type(of: "currency") == .keyword)
        #expect(type(of: "EUR") == .currency)
        #expect(type(of: "'🏠 Haus'") == .wallet)
        #expect(tokens.first { $0.type == .wallet }?.modifiers == .declaration)
        #expect(type(of: "食費") == .category)
        #expect(type(of: "E") == .envelope)
        #expect(type(of: "80%") == .number)
        #expect(type(of: "2026-01-01") == .date)
        #expect(type(of: "\"Lidl\"") == .string)
        #expect(type(of: "-3.50") == .number)
        #expect(type(of: "#tag") == .tag)
        #expect(type(of: "Anna") == .person)
        #expect(type(of: "; note") == .comment)
        #expect(type(of: "id:") == .property)
        #expect(type(of: "->") == .operator)
        #expect(type(of: "'🏠 Haus'", 2) == .wallet)
        #expect(type(of: "W0511") == .diagnosticCode)
        #expect(type(of: "off") == .keyword)
        // In order, never overlapping, none of them whitespace.
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start })
        #expect(!seen.contains { $0.0.allSatisfy(\.isWhitespace) })
        #expect(SemanticTokenProvider.legend.types.count == SemanticTokenType.allCases.count)
    }

    @Test func semanticTokensOnEveryExampleStayInOrder() throws {
        for path in TestSupport.files(in: "examples", withExtension: "tally") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let tokens = SemanticTokenProvider.tokens(tree: Parser.parse(SourceText(path: path, text: text)))
            #expect(!tokens.isEmpty)
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }, "\(path)")
        }
    }

    @Test func includeLinksResolveRelativeToTheFile() {
        let doc = MarkedDocument(Self.marked)
        let analysis = Fixture.analysis(["budget/main.tally": doc.text, "budget/more/2025.tally": "wallet Old\n"], root: "budget/main.tally")
        let links = DocumentLinkProvider.links(in: analysis, path: "budget/main.tally")
        #expect(links.count == 1)
        #expect(links.first?.range == doc.ranges[3])
        #expect(links.first?.target == "budget/more/2025.tally")
    }
}
