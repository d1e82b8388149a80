/// What a parsed chunk holds, for readers that compare a file piece by piece instead of
/// building its whole tree (the formatter's guard reads a large output back this way,
/// holding one piece at a time).
extension Parser {
    /// Parses the bytes in `range` of `source` (a range between two of
    /// ``chunkBoundaries(of:into:)``) into arrays of the chunk's own size: unlike
    /// ``parseChunk(_:range:)``, the first chunk neither reserves room for the whole file
    /// nor takes a retired tree's arrays, which the next parse of an open file wants.
    public static func parseChunkAlone(_ source: SourceText, range: Range<Int>) -> Chunk {
        parseChunk(source, range: range, room: (tokens: 0, nodes: 0))
    }
}

extension Parser.Chunk {
    /// The number of tokens.
    public var tokenCount: Int { kinds.count }

    /// The kind of token `index` (counted from the chunk's first token).
    public func tokenKind(_ index: Int) -> TokenKind { kinds[index] }

    /// Where token `index` starts in the file; at `tokenCount`, the chunk's end.
    public func tokenStart(_ index: Int) -> Int { Int(starts[index]) }

    /// The number of nodes. The first chunk of a file starts with the root, whose end is
    /// set only when chunks are joined.
    public var nodeCount: Int { nodes.count }

    /// The kind and tokens (counted from the chunk's first token) of node `index`, in
    /// preorder.
    public func node(_ index: Int) -> (kind: SyntaxKind, tokens: Range<Int>) {
        let node = nodes[index]
        return (node.kind, Int(node.firstToken) ..< Int(node.endToken))
    }

    /// The diagnostics the lexer found in the chunk.
    public var lexingDiagnostics: [Diagnostic] { lexerDiagnostics }

    /// The diagnostics the parser found in the chunk.
    public var parsingDiagnostics: [Diagnostic] { parserDiagnostics }
}

extension Parser {
    /// The diagnostics of a file parsed in chunks, as its tree has them: every chunk's
    /// lexer diagnostics, then every chunk's parser diagnostics, sorted by position as a
    /// whole-file parse sorts them.
    public static func joinedDiagnostics(lexing: [Diagnostic], parsing: [Diagnostic]) -> [Diagnostic] {
        var all = lexing + parsing
        sortDiagnostics(&all)
        return all
    }
}
