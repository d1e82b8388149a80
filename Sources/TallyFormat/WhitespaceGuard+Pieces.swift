import TallySyntax

extension WhitespaceGuard {
    /// ``check(original:formatted:parse:)`` with the output read back a piece of about a
    /// megabyte at a time (cut where ``Parser/chunkBoundaries(of:into:)`` cuts), each piece
    /// compared with the original and dropped before the next is read: the same checks,
    /// without a second whole tree and two tables of every token's place beside the
    /// formatted text (for a 100k-entry file, tens of megabytes the language server held at
    /// once while it answered a whole-file formatting request).
    public static func checkInPieces(original: SyntaxTree, formatted: [UInt8], pieceSize: Int = 1 << 20) -> String? {
        if let offset = firstDifferenceIgnoringWhitespace(original.source.bytes, formatted) {
            return "the output differs from the input in more than whitespace (input byte \(offset))"
        }
        // The whole-file parse reads such a file as one E0105 node: never the original's
        // structure, which is text (the formatter leaves a file that is not text alone).
        if TextSniffer.evidence(formatted) != nil { return "the output reads as a file that is not text" }
        let source = SourceText(path: original.source.path, bytes: formatted)
        let cuts = Parser.chunkBoundaries(of: formatted, into: max(1, formatted.count / max(1, pieceSize)))
        let table = TokenTable(original)
        var lexing: [Diagnostic] = []
        var parsing: [Diagnostic] = []
        let difference: String? = table.withView { view in
            var walk = PieceComparison(original: original, view: view)
            for k in 0 ..< cuts.count - 1 {
                let chunk = Parser.parseChunkAlone(source, range: cuts[k] ..< cuts[k + 1])
                if let difference = walk.compare(chunk, formatted: formatted, first: k == 0) { return difference }
                lexing += chunk.lexingDiagnostics
                parsing += chunk.parsingDiagnostics
            }
            return walk.finish()
        }
        if let difference { return difference }
        let codesA = original.diagnostics.map(\.code).filter { $0 != .inconsistentIndentation }
        let codesB = Parser.joinedDiagnostics(lexing: lexing, parsing: parsing).map(\.code).filter { $0 != .inconsistentIndentation }
        if codesA != codesB {
            return "the output reads with other syntax diagnostics (\(codesB.count) instead of \(codesA.count))"
        }
        return nil
    }
}

/// The original tree against the pieces of the output, in order: content tokens side by
/// side (kind and bytes), then nodes in preorder (kind, content tokens covered, line
/// breaks inside an entry), as ``WhitespaceGuard/structuralDifference(_:_:)`` compares two
/// whole trees. What it keeps of the original between pieces is one piece's worth of
/// content counts.
private struct PieceComparison {
    let original: SyntaxTree
    let view: TokenView
    /// The next original token not yet matched with an output content token.
    private var token = 0
    /// Content tokens of the output matched so far (those before the current piece).
    private var contentSoFar: Int32 = 0
    /// The next original node (preorder; the root, 0, is the output's first node too).
    private var node = 1
    /// Content tokens before original tokens `countBase`, `countBase + 1`, ….
    private var countBase = 0
    private var counts: [Int32] = [0]

    init(original: SyntaxTree, view: TokenView) {
        self.original = original
        self.view = view
    }

    /// Content tokens before original token `index` (at least ``countBase``).
    private mutating func contentBefore(_ index: Int) -> Int32 {
        while countBase + counts.count - 1 < index {
            let last = countBase + counts.count - 1
            counts.append(counts[counts.count - 1] + (WhitespaceGuard.isSpacing(view.kinds[last]) ? 0 : 1))
        }
        return counts[index - countBase]
    }

    /// Compares one piece of the output, after the pieces before it.
    mutating func compare(_ chunk: Parser.Chunk, formatted: [UInt8], first: Bool) -> String? {
        // The piece's own content counts, before each of its tokens.
        var before = [Int32](repeating: 0, count: chunk.tokenCount + 1)
        var content: Int32 = 0
        let difference: String? = formatted.withUnsafeBufferPointer { out in
            for t in 0 ..< chunk.tokenCount {
                before[t] = content
                let kind = chunk.tokenKind(t)
                if WhitespaceGuard.isSpacing(kind) { continue }
                content += 1
                while token < view.count && WhitespaceGuard.isSpacing(view.kinds[token]) { token += 1 }
                guard token < view.count else { return "the output reads as more tokens than the input" }
                let bytes = UnsafeBufferPointer(rebasing: out[chunk.tokenStart(t) ..< chunk.tokenStart(t + 1)])
                if view.kinds[token] != kind || !TokenView.equal(view.bytes(of: token), bytes) {
                    return "a token reads differently in the output (input byte \(view.starts[token]))"
                }
                token += 1
            }
            return nil
        }
        if let difference { return difference }
        before[chunk.tokenCount] = content
        // The first piece starts with the root, which spans the whole file on both sides
        // once the token counts agree (``finish()``).
        for index in (first ? 1 : 0) ..< chunk.nodeCount {
            guard node < original.nodeCount else { return "the output reads as more syntax nodes than the input" }
            let (kind, tokens) = chunk.node(index)
            let (expectedKind, expected) = original.node(atPreorderIndex: node)
            let span = contentSoFar + before[tokens.lowerBound] ..< contentSoFar + before[tokens.upperBound]
            let expectedSpan = contentBefore(expected.lowerBound) ..< contentBefore(expected.upperBound)
            if kind != expectedKind || span != expectedSpan
                || (kind.isEntry && innerLineBreaks(tokens, chunk.tokenKind) != innerLineBreaks(expected, { view.kinds[$0] }))
            {
                return "the structure of the output differs (\(expectedKind) at input byte \(view.starts[expected.lowerBound]))"
            }
            node += 1
        }
        contentSoFar += content
        // Later nodes start at or after the next one's first token: the counts before it go.
        let keepFrom = node < original.nodeCount ? original.node(atPreorderIndex: node).tokens.lowerBound : view.count
        if keepFrom > countBase {
            _ = contentBefore(keepFrom)
            counts.removeFirst(keepFrom - countBase)
            countBase = keepFrom
        }
        return nil
    }

    /// After the last piece: nothing of the original may be left over.
    mutating func finish() -> String? {
        while token < view.count && WhitespaceGuard.isSpacing(view.kinds[token]) { token += 1 }
        if token < view.count { return "the output reads as fewer tokens than the input" }
        if node < original.nodeCount { return "the output reads as fewer syntax nodes than the input" }
        return nil
    }

    /// Line breaks between a node's first and last content tokens.
    private func innerLineBreaks(_ tokens: Range<Int>, _ kind: (Int) -> TokenKind) -> Int {
        var first = tokens.lowerBound
        var last = tokens.upperBound - 1
        while first <= last && WhitespaceGuard.isSpacing(kind(first)) { first += 1 }
        while last >= first && WhitespaceGuard.isSpacing(kind(last)) { last -= 1 }
        var breaks = 0
        if first < last { for t in first ... last where kind(t) == .newline { breaks += 1 } }
        return breaks
    }
}
