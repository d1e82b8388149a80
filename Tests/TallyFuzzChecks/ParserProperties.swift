import TallySyntax

/// What `Parser.parse` promises for any bytes (ARCHITECTURE.md, "Invariants").
enum ParserProperties {
    static func check(_ bytes: [UInt8]) -> String? {
        let source = SourceText(path: "fuzz.tally", bytes: bytes)
        let tree = Parser.parse(source)
        if let problem = lossless(tree, bytes) { return problem }

        // Reading in chunks, at every place a large file may be cut, gives the same tree.
        let cuts = Parser.chunkBoundaries(of: bytes, into: 4)
        if cuts.count > 2 {
            let chunks = zip(cuts, cuts.dropFirst()).map { Parser.parseChunk(source, range: $0 ..< $1) }
            if let difference = TreeComparison.difference(Parser.join(chunks, of: source), tree) {
                return "a chunked parse at \(cuts) differs from the whole parse: \(difference)"
            }
        }

        // Re-reading after an edit gives the whole-file tree. The edit, chosen from the
        // input's hash, takes the text from an "old" version with a piece removed or
        // doubled to this one, so the fuzzer's mutations become editor-like edits.
        var state = FuzzSupport.hash(bytes)
        for _ in 0 ..< 2 {
            let old = edited(bytes, &state)
            let previous = Parser.parse(SourceText(path: "fuzz.tally", bytes: old))
            let reparsed = Parser.reparse(source, previous: previous)
            if let difference = TreeComparison.difference(reparsed, tree) {
                return "re-reading after an edit from \(FuzzSupport.excerpt(old)) differs from the whole parse: \(difference)"
            }
        }
        return nil
    }

    /// The tree gives the input back byte for byte, its nodes nest, its tokens tile the
    /// file, and every diagnostic lies inside it.
    static func lossless(_ tree: SyntaxTree, _ bytes: [UInt8]) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        tree.root.write(into: &output)
        if output != bytes { return "the tree does not give the input back: \(FuzzSupport.excerpt(output))" }
        if tree.root.range != ByteRange(start: 0, end: bytes.count) { return "the root covers \(tree.root.range), not the file" }
        let starts = tree.allTokenStarts
        if starts.count != tree.tokenCount + 1 || starts.last.map(Int.init) != bytes.count {
            return "the token starts do not end at the file's length"
        }
        for i in 0 ..< tree.tokenCount where starts[i] > starts[i + 1] {
            return "token \(i) ends before it starts"
        }
        // In preorder, each node starts no earlier than the one before and lies inside the root.
        var problem: String?
        var lastStart = 0
        tree.forEachNode { kind, tokens in
            guard problem == nil else { return }
            if tokens.lowerBound < lastStart || tokens.upperBound > tree.tokenCount {
                problem = "node \(kind) \(tokens) is out of order or outside the root's \(tree.tokenCount) tokens"
            }
            lastStart = tokens.lowerBound
        }
        if let problem { return problem }
        for d in tree.diagnostics where d.range.start > d.range.end || d.range.end > bytes.count {
            return "diagnostic \(d.code) \(d.range) lies outside the file of \(bytes.count) bytes"
        }
        return nil
    }

    /// `bytes` with a piece removed, doubled or replaced, chosen by `state`.
    static func edited(_ bytes: [UInt8], _ state: inout UInt64) -> [UInt8] {
        var result = bytes
        guard !bytes.isEmpty else { return Array("2026-01-01 Cash Food -1\n".utf8) }
        let at = Int(FuzzSupport.next(&state) % UInt64(bytes.count))
        let length = min(bytes.count - at, Int(FuzzSupport.next(&state) % 24) + 1)
        switch FuzzSupport.next(&state) % 3 {
        case 0: result.removeSubrange(at ..< at + length)
        case 1: result.insert(contentsOf: bytes[at ..< at + length], at: at)
        default: result.replaceSubrange(at ..< at + length, with: Array("\n2026-01-0".utf8))
        }
        return result
    }
}

/// Compares two trees through the public API: the same tokens, nodes and diagnostics.
enum TreeComparison {
    static func difference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
        if a.source.bytes != b.source.bytes { return "different bytes" }
        if a.allTokenKinds != b.allTokenKinds { return "different token kinds" }
        if a.allTokenStarts != b.allTokenStarts { return "different token starts" }
        if a.nodeCount != b.nodeCount { return "\(a.nodeCount) nodes instead of \(b.nodeCount)" }
        for i in 0 ..< a.nodeCount {
            let (x, y) = (a.node(atPreorderIndex: i), b.node(atPreorderIndex: i))
            if x.kind != y.kind || x.tokens != y.tokens { return "node \(i): \(x) instead of \(y)" }
        }
        if a.diagnostics != b.diagnostics {
            return "diagnostics \(a.diagnostics.map { "\($0.code)\($0.range)" }) instead of \(b.diagnostics.map { "\($0.code)\($0.range)" })"
        }
        return nil
    }
}
