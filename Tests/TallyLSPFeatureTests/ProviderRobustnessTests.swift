import Foundation
import TallyCore
import TallyLSP
import TallySyntax
import TallyTestSupport
import Testing

/// Every provider at every position of real files, broken ones included: answers stay
/// inside the file and nothing traps.
@Suite struct ProviderRobustnessTests {
    static func check(_ path: String, step: Int) throws {
        let budget = try BudgetLoader().load(path)
        let analysis = BudgetAnalysis(budget: budget, today: Fixture.today)
        let size = budget.root.tree.source.bytes.count
        func inside(_ r: ByteRange) -> Bool { r.start >= 0 && r.end <= size }
        var offset = -1
        // A rename's answer is the same from every place a name is written: it is asked
        // once per name (its layout is the costly part), from the first place found.
        var renamed = Set<String>()
        while offset <= size + 1 {
            if let hover = HoverProvider.hover(in: analysis, path: path, offset: offset) { #expect(inside(hover.range), "\(path)@\(offset)") }
            for item in CompletionProvider.complete(in: analysis, path: path, offset: offset) { #expect(inside(item.edit.range), "\(path)@\(offset)") }
            for found in NavigationProvider.definition(in: analysis, path: path, offset: offset) { #expect(found.range.start >= 0) }
            _ = NavigationProvider.references(in: analysis, path: path, offset: offset, includeDeclaration: true)
            if let found = NavigationProvider.prepareRename(in: analysis, path: path, offset: offset), renamed.insert(found.placeholder).inserted {
                let edits = try? NavigationProvider.rename(in: analysis, path: path, offset: offset, newName: "Renamed name")
                #expect(edits != nil, "\(path)@\(offset)")
            }
            offset += step
        }
        let all = ByteRange(start: 0, end: size)
        for hint in InlayHintProvider.hints(in: analysis, path: path, range: all, options: InlayHintOptions()) { #expect(hint.offset <= size) }
        for action in CodeActionProvider.actions(in: analysis, path: path, range: all) {
            for (file, edits) in action.edits {
                let count = analysis.file(file)?.tree.source.bytes.count ?? -1
                #expect(edits.allSatisfy { $0.range.end <= count }, "\(action.title)")
            }
        }
        _ = CodeLensProvider.lenses(in: analysis, path: path)
        _ = SymbolProvider.documentSymbols(tree: budget.root.tree)
        _ = SymbolProvider.workspaceSymbols(in: analysis, query: "a")
        for fold in FoldingProvider.ranges(tree: budget.root.tree) { #expect(fold.start <= fold.end && fold.end <= size) }
        _ = SemanticTokenProvider.tokens(tree: budget.root.tree)
        _ = DocumentLinkProvider.links(in: analysis, path: path)
    }

    @Test func everyPositionOfEveryErrorExample() throws {
        for path in TestSupport.files(in: "examples/errors", withExtension: "tally") {
            try Self.check(path, step: 1)
        }
    }

    @Test func manyPositionsOfTheExamples() throws {
        for path in TestSupport.files(in: "examples", withExtension: "tally") {
            try Self.check(path, step: 5)
        }
    }

    @Test func crlfAndByteOrderMark() throws {
        let text = "\u{FEFF}currency EUR\r\nwallet 'Café ☕' cash\r\nexpense Fun\r\n2026-01-01 'Café ☕' Fun -1.00\r\n2026-01-02 'Café ☕' \r\n"
        let analysis = Fixture.analysis(text)
        let bytes = Array(text.utf8)
        let name = "'Café ☕'".utf8.count
        let use = bytes.count - "'Café ☕' Fun -1.00\r\n2026-01-02 'Café ☕' \r\n".utf8.count
        let refs = NavigationProvider.references(in: analysis, path: "main.tally", offset: use + 2, includeDeclaration: true)
        #expect(refs.count == 3)
        #expect(refs.allSatisfy { $0.range.length == name })
        let hints = InlayHintProvider.hints(in: analysis, path: "main.tally", range: ByteRange(start: 0, end: bytes.count), options: InlayHintOptions())
        #expect(hints.first?.offset == use + name + " Fun -1.00".utf8.count)
        let items = CompletionProvider.complete(in: analysis, path: "main.tally", offset: bytes.count - 2)
        #expect(items.first?.label == "Fun")
        #expect(items.first?.edit.range == .empty(at: bytes.count - 2))
    }
}
