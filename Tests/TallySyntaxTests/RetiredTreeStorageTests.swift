import Foundation
import Testing

@testable import TallySyntax

/// Large trees pass their arrays on to the next large tree (`RetiredTreeStorage`): the
/// trees built in them must be exactly those of a whole-file parse.
@Suite(.serialized) struct RetiredTreeStorageTests {
    /// A budget of `days` transactions, shaped like a real one (about 7 bytes a token, as
    /// `Benchmarks/generate.py` writes): 10,000 days make about 95,000 tokens, over
    /// `RetiredTreeStorage.minimumTokens` (65,536).
    static func largeText(days: Int) -> String {
        var text = "option currency EUR\nwallet Checking EUR opening 10.00\ncategory Groceries expense\n"
        for day in 0 ..< days {
            let date = String(format: "%04d-%02d-%02d", 2000 + day / 336, 1 + day / 28 % 12, 1 + day % 28)
            text +=
                day % 5 == 0
                ? "\(date) Checking \"Corner Shop\"\n    Groceries -1.00\n    Groceries -2.25\n"
                : "\(date) \"Supermarket on Main Street\" Checking Groceries -\(day % 97).50\n"
        }
        return text
    }

    @Test func aLargeFileEditedAgainAndAgainReparsesAsAWholeParse() throws {
        let text = Self.largeText(days: 10_000)
        var tree = Parser.parse(SourceText(path: "big.tally", text: text))
        try #require(tree.tokenCount >= RetiredTreeStorage.minimumTokens)
        // At the end, in the middle, and in the declarations (the changed part is then the
        // file's first chunk), growing and shrinking: each tree is built in the arrays of
        // the tree two edits back, once the one before has gone.
        let edits: [(offsetFromEnd: Int?, insert: String, remove: Int)] = [
            (3, "1", 0), (nil, "wallet Bank EUR\n", 0), (3, "", 1), (40_000, "2001-01-01 Cash Food -3\n", 0),
            (nil, "x", 0), (40_000, "", 25), (3, "99", 0), (nil, "", 1), (3, "", 2)
        ]
        for (step, edit) in edits.enumerated() {
            var bytes = tree.source.bytes
            // nil edits the opening amount of the wallet on the second line (offset 49).
            let at = edit.offsetFromEnd.map { bytes.count - $0 } ?? 49
            bytes.replaceSubrange(at ..< at + edit.remove, with: Array(edit.insert.utf8))
            let source = SourceText(path: "big.tally", bytes: bytes)
            let reparsed = Parser.reparse(source, previous: tree)
            let whole = Parser.parse(source)
            #expect(reparsed.tokenKinds == whole.tokenKinds, "step \(step): token kinds")
            #expect(reparsed.tokenStarts == whole.tokenStarts, "step \(step): token starts")
            #expect(reparsed.nodes.map(\.fields) == whole.nodes.map(\.fields), "step \(step): nodes")
            #expect(reparsed.diagnostics == whole.diagnostics, "step \(step): diagnostics")
            tree = reparsed
        }
    }

    @Test func aLargeFileParsedInChunksGetsArraysThatFit() {
        let source = SourceText(path: "big.tally", text: Self.largeText(days: 10_000))
        let boundaries = Parser.chunkBoundaries(of: source.bytes, into: 2)
        let chunks = (0 ..< boundaries.count - 1).map { Parser.parseChunk(source, range: boundaries[$0] ..< boundaries[$0 + 1]) }
        let tree = Parser.join(chunks, of: source)
        // The first chunk reserved a quarter of the bytes in tokens, about twice as many
        // as there are: kept, the room would go from tree to tree.
        #expect(tree.tokenCount * 3 / 2 < source.bytes.count / 4)
        // (The allocator may round a large block up to whole pages: 4,096 elements at most.)
        #expect(tree.tokenKinds.capacity <= RetiredTreeStorage.room(for: tree.tokenCount) + 4096)
        #expect(tree.tokenStarts.capacity <= RetiredTreeStorage.room(for: tree.tokenCount + 1) + 4096)
        #expect(tree.nodes.capacity <= RetiredTreeStorage.room(for: tree.nodeCount) + 4096)
    }

    /// The join readies the first chunk's arrays before appending the others: an array
    /// with far more room than the tree needs moves into one of `room(for:)` while it holds
    /// one chunk (not after, with the whole tree in it), one that fits stays where it is
    /// (a retired tree's arrays, reused by the language server), a small one gets room for
    /// the tree exactly.
    @Test func preparingForTheJoinCopiesOnlyArraysWithFarTooMuchRoom() {
        let tokens = RetiredTreeStorage.minimumTokens
        var estimated = [UInt32](repeating: 7, count: tokens / 2)
        estimated.reserveCapacity(tokens * 2)  // about what a quarter of the bytes gives
        RetiredTreeStorage.prepare(&estimated, for: tokens, tokens: tokens)
        #expect(estimated.count == tokens / 2 && estimated.allSatisfy { $0 == 7 })
        #expect(estimated.capacity >= RetiredTreeStorage.room(for: tokens))
        #expect(estimated.capacity <= RetiredTreeStorage.room(for: tokens) + 4096)

        var fitting = [UInt32](repeating: 7, count: tokens / 2)
        fitting.reserveCapacity(RetiredTreeStorage.room(for: tokens))
        let before = fitting.withUnsafeBufferPointer { $0.baseAddress }
        RetiredTreeStorage.prepare(&fitting, for: tokens, tokens: tokens)
        #expect(fitting.withUnsafeBufferPointer { $0.baseAddress } == before, "not copied")

        var small = [UInt32](repeating: 7, count: 10)
        RetiredTreeStorage.prepare(&small, for: 100, tokens: 100)
        #expect(small.capacity >= 100 && small.count == 10)
    }

    @Test func theArraysOfALargeTreeThatIsGoneAreTakenByTheNextOne() {
        let tokens = RetiredTreeStorage.minimumTokens
        var kinds = [TokenKind](repeating: .whitespace, count: tokens)
        kinds.reserveCapacity(tokens * 2)
        let room = kinds.capacity
        RetiredTreeStorage.retire(kinds: kinds, starts: [0], nodes: [])
        kinds = []
        let taken = RetiredTreeStorage.take(tokens: tokens, nodes: 10)
        #expect(taken.kinds.isEmpty && taken.starts.isEmpty && taken.nodes.isEmpty)
        #expect(taken.kinds.capacity == room, "the retired array, emptied, its room kept")
        #expect(taken.nodes.capacity >= 10)
        // A small tree keeps nothing and takes nothing.
        RetiredTreeStorage.retire(kinds: [.whitespace], starts: [0, 1], nodes: [])
        #expect(RetiredTreeStorage.take(tokens: 10, nodes: 10).kinds.capacity < room)
    }
}

extension NodeRecord {
    fileprivate var fields: [UInt32] { [UInt32(kind.rawValue), firstToken, endToken, subtreeEnd] }
}
