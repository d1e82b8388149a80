import Testing

@testable import TallyCore
@testable import TallySyntax

/// The flat path of lowering reads the children of a transaction it knows and hands an
/// entry with any other child to the general path, so that a kind the grammar gains can
/// never be silently dropped (issue 33). The tree is built by hand: no text parses into
/// a transaction with, say, a schedule among its children, and a kind added tomorrow
/// has no text yet.
@Suite struct FlatLoweringKindTests {
    /// The kinds the flat path reads in a transaction (``Lowering/lowerTransactionFlat``).
    static let read: Set<SyntaxKind> = [.payee, .note, .walletRef, .categoryRef, .amount, .metadata, .attribute, .split]

    static let text = """
        currency EUR
        wallet Checking bank
        expense Fun
        2026-01-05 "Shop" Checking Fun -3.00

        """

    /// `tree` with an empty node of `kind` added as the last child of node `parent`, a
    /// top-level node.
    static func adding(_ kind: SyntaxKind, lastChildOf parent: Int, in tree: SyntaxTree) -> SyntaxTree {
        var nodes = tree.nodes
        let at = Int(nodes[parent].subtreeEnd)
        let token = nodes[parent].endToken
        nodes.insert(NodeRecord(kind: kind, firstToken: token, endToken: token, subtreeEnd: UInt32(at + 1)), at: at)
        for i in nodes.indices where i == 0 || i == parent || i > at { nodes[i].subtreeEnd += 1 }
        return SyntaxTree(
            source: tree.source, tokenKinds: tree.tokenKinds, tokenStarts: tree.tokenStarts, nodes: nodes,
            diagnostics: tree.diagnostics)
    }

    @Test func aChildOfAnyKindTheFlatPathDoesNotReadGoesToTheGeneralPath() throws {
        let budget = try BudgetLoader(provider: InMemoryFileProvider(["m.tally": FlatLoweringKindTests.text])).load("m.tally")
        let tree = budget.files[0].tree
        let transaction = try #require(tree.entries.first { $0.kind == .transaction }).index
        let date = try #require(CivilDate(iso: "2026-01-05"))
        func lowered(_ tree: SyntaxTree) -> Lowering.FlatResult {
            var lowering = Lowering()
            lowering.lowerDeclarations(budget)
            return lowering.lowerTransactionFlat(transaction, FlatSyntax(tree), file: "m.tally", date: date, order: 0)
        }
        // The plain transaction is the flat path's, so the cases below test something.
        #expect(lowered(tree) == .appended)
        let unread = SyntaxKind.allCases.filter { !FlatLoweringKindTests.read.contains($0) }
        #expect(unread.count > 20)
        for kind in unread {
            #expect(lowered(FlatLoweringKindTests.adding(kind, lastChildOf: transaction, in: tree)) == .unhandled, "\(kind)")
        }
    }
}
