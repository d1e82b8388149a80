import TallySyntax
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `SyntaxTree.discardStorage(nodes:tokens:pageSize:giveBack:)` gives back the pages
/// inside the ranges it is given, and nothing outside them (here through `madvise`, as
/// TallyCore's `FreedMemory` does).
@Suite struct DiscardStorageTests {
    @Test func theRangeReadsAsZerosAndTheRestAsBefore() throws {
        #if !canImport(Glibc)
            return  // gives memory back on Linux only
        #else
            var text = "currency EUR\nwallet Checking\nexpense Food\n"
            for i in 0 ..< 20_000 { text += "2026-01-\(10 + i % 18) \"Shop\" Checking Food -\(i % 90 + 1).50\n" }
            let tree = Parser.parse(SourceText(path: "t.tally", text: text))
            let nodes = (0 ..< tree.nodeCount).map { tree.node(atPreorderIndex: $0) }
            let starts = tree.allTokenStarts
            try #require(tree.nodeCount > 60_000)
            // Nodes 1,000 to 50,000: dozens of pages of nodes (16 bytes each) and tokens.
            let kept = 1_000
            let end = 50_000
            var handed = 0
            tree.discardStorage(
                nodes: kept ..< end, tokens: nodes[kept].tokens.lowerBound ..< nodes[end].tokens.lowerBound,
                pageSize: Int(sysconf(Int32(_SC_PAGESIZE)))
            ) { start, length in
                handed += length
                _ = madvise(start, length, MADV_DONTNEED)
            }
            #expect(handed > 0)
            // Before and after the range: as they were, the nodes and the tokens.
            for i in Array(0 ..< kept) + Array(end ..< tree.nodeCount) {
                #expect(tree.node(atPreorderIndex: i) == nodes[i], "node \(i)")
            }
            let firstKeptToken = nodes[end].tokens.lowerBound
            #expect(Array(tree.allTokenStarts[..<nodes[kept].tokens.lowerBound]) == Array(starts[..<nodes[kept].tokens.lowerBound]))
            #expect(Array(tree.allTokenStarts[firstKeptToken...]) == Array(starts[firstKeptToken...]))
            // Inside it: every whole page is zeros, so the nodes in the middle read as such.
            let middle = (kept + end) / 2
            #expect(tree.node(atPreorderIndex: middle).tokens == 0 ..< 0)
            #expect(tree.allTokenStarts[nodes[middle].tokens.lowerBound] == 0)
        #endif
    }
}
