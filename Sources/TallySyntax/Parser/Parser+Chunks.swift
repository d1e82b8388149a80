/// Parsing a large file in pieces: where it can be cut, how one piece is parsed, and how the
/// pieces' results are joined into exactly the tree a whole-file parse gives.
///
/// The syntax layer has no threads; the loader (in `TallyCore`) parses the chunks
/// concurrently and joins them here. A cut is only made before a line that starts in
/// column 1 with a date followed by a space or tab. There the whole-file parser is between
/// entries (no token spans a line break, and entries only continue on indented lines), and
/// an entry that starts with a date is read the same whatever came before it; after it the
/// parser's state is the same as well. So each chunk's tokens, nodes and diagnostics are
/// those of the whole-file parse, shifted.
extension Parser {
    /// A piece of a file, parsed on its own: tokens, nodes and diagnostics, with token
    /// and node indices counted from the chunk's start. The first chunk's nodes begin with
    /// the root (finished by ``join(_:of:)``); its arrays have room for the whole file, so
    /// the join appends the other chunks to them instead of copying everything.
    public struct Chunk: Sendable {
        var kinds: [TokenKind]
        /// Token starts (file offsets) followed by the chunk's end.
        var starts: [UInt32]
        var nodes: [NodeRecord]
        let lexerDiagnostics: [Diagnostic]
        let parserDiagnostics: [Diagnostic]
    }

    /// Offsets cutting `bytes` into at most `count` chunks of about equal size, starting
    /// with 0 and ending with `bytes.count`. Fewer chunks come back when there are not
    /// enough places to cut (see the type's documentation for where a cut may go).
    public static func chunkBoundaries(of bytes: [UInt8], into count: Int) -> [Int] {
        let n = bytes.count
        var result = [0]
        guard count > 1 else { return [0, n] }
        bytes.withUnsafeBufferPointer { b in
            for k in 1 ..< count {
                var p = max(n / count * k, result[result.count - 1] + 1)
                while p < n {
                    if b[p - 1] == 0x0A && startsDateLine(b, at: p) { break }
                    // Move to the start of the next line.
                    while p < n && b[p] != 0x0A { p += 1 }
                    p += 1
                }
                guard p < n else { break }
                result.append(p)
            }
        }
        result.append(n)
        return result
    }

    /// True when the bytes at `p` are `DDDD-DD-DD` followed by a space or a tab.
    static func startsDateLine(_ b: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        guard p + 10 < b.count else { return false }
        for i in 0 ..< 10 {
            let c = b[p + i]
            if i == 4 || i == 7 {
                if c != UInt8(ascii: "-") { return false }
            } else if c < 0x30 || c > 0x39 {
                return false
            }
        }
        return b[p + 10] == 0x20 || b[p + 10] == 0x09
    }

    /// Parses the bytes in `range` of `source`, a range between two of
    /// ``chunkBoundaries(of:into:)``. Safe to call from several threads at once.
    public static func parseChunk(_ source: SourceText, range: Range<Int>) -> Chunk {
        parseChunk(source, range: range, room: nil)
    }

    /// ``parseChunk(_:range:)``; the first chunk's arrays, which the join fills with the
    /// whole file, get room for `room` tokens and nodes (by default, an estimate from the
    /// file's size), in a retired tree's arrays when there are some (`RetiredTreeStorage`).
    static func parseChunk(_ source: SourceText, range: Range<Int>, room: (tokens: Int, nodes: Int)?) -> Chunk {
        precondition(source.bytes.count <= maximumFileSize, "file too large for the syntax tree")
        return source.bytes.withUnsafeBufferPointer { buffer in
            let first = range.lowerBound == 0
            var stream: TokenStream
            var reserved: [NodeRecord]?
            if first {
                let tokens = room?.tokens ?? buffer.count / 4 + 16
                let storage = RetiredTreeStorage.take(tokens: tokens, nodes: room?.nodes ?? 0)
                // Each array moved on, never held twice, so that appends write in place.
                var (kinds, starts, nodes) = (storage.kinds, storage.starts, storage.nodes)
                _ = consume storage
                stream = Lexer.tokenize(buffer, range: range, path: source.path, into: consume kinds, consume starts)
                if room == nil {
                    nodes.reserveCapacity(
                        ParserState.nodeRoom(tokens: stream.kinds.count, fileSize: buffer.count, from: 0, to: range.upperBound))
                }
                reserved = consume nodes
            } else {
                stream = Lexer.tokenize(buffer, range: range, path: source.path, capacityFor: range.count)
            }
            let kinds = stream.kinds
            stream.kinds = []
            var state = ParserState(
                bytes: buffer, path: source.path, kinds: kinds, starts: stream.starts,
                endOffset: range.upperBound, startOffset: range.lowerBound, nodes: consume reserved)
            if first {
                _ = state.startNode(.sourceFile)
                if state.current == .byteOrderMark { state.bump() }
            }
            state.parseEntries()
            return Chunk(
                kinds: state.kinds, starts: stream.starts, nodes: state.nodes,
                lexerDiagnostics: stream.diagnostics, parserDiagnostics: state.diagnostics)
        }
    }

    /// Joins the chunks of `source`, in file order, into its syntax tree: later chunks are
    /// appended to the first with every index shifted, and the root is finished.
    /// Diagnostics are gathered and sorted as the whole-file parse does (all lexer
    /// diagnostics, then all parser diagnostics, then one sort), so even ties come out in
    /// the same order. A file that is not text (``TextSniffer``) gets its own tree, as
    /// `Parser.parse` gives it.
    public static func join(_ chunks: consuming [Chunk], of source: SourceText) -> SyntaxTree {
        join(consume chunks, of: source, tail: nil)
    }

    /// ``join(_:of:)`` with, after the chunks, the part of an earlier tree of the file
    /// from a cut on (`tail`, see ``SyntaxTree/Tail``), appended straight from that tree's
    /// arrays: the same tree as with that part made into a last chunk, without a copy of
    /// it first.
    static func join(_ chunks: consuming [Chunk], of source: SourceText, tail: SyntaxTree.Tail?) -> SyntaxTree {
        precondition(!chunks.isEmpty, "a file has at least one chunk")
        // Chunks cannot see the file's start; the whole-file parse of such a file is this.
        if let evidence = TextSniffer.evidence(source.bytes) { return notTextTree(source, evidence: evidence) }
        var lexerDiagnostics: [Diagnostic] = []
        var diagnostics: [Diagnostic] = []
        for i in chunks.indices {
            lexerDiagnostics += chunks[i].lexerDiagnostics
            diagnostics += chunks[i].parserDiagnostics
        }
        // Take the first chunk's arrays out, so that they are not shared and grow in place.
        var kinds: [TokenKind] = []
        var starts: [UInt32] = []
        var nodes: [NodeRecord] = []
        swap(&kinds, &chunks[0].kinds)
        swap(&starts, &chunks[0].starts)
        swap(&nodes, &chunks[0].nodes)
        // Room for everything at once, in arrays that will fit the tree (see
        // `RetiredTreeStorage.prepare`); a chunk's arrays go as soon as they are appended.
        // (Counted by index: a slice of `chunks` would keep every chunk's arrays.)
        var tokens = kinds.count + (tail?.tokenCount ?? 0)
        var nodeCount = nodes.count + (tail?.nodeCount ?? 0)
        for i in chunks.indices.dropFirst() {
            tokens += chunks[i].kinds.count
            nodeCount += chunks[i].nodes.count
        }
        RetiredTreeStorage.prepare(&kinds, for: tokens, tokens: tokens)
        RetiredTreeStorage.prepare(&starts, for: tokens + 1, tokens: tokens)
        RetiredTreeStorage.prepare(&nodes, for: nodeCount, tokens: tokens)
        for i in chunks.indices.dropFirst() {
            var chunk = Chunk(kinds: [], starts: [], nodes: [], lexerDiagnostics: [], parserDiagnostics: [])
            swap(&chunk, &chunks[i])
            let tokenBase = UInt32(kinds.count)
            let nodeBase = UInt32(nodes.count)
            kinds.append(contentsOf: chunk.kinds)
            starts.removeLast()  // the previous chunk's end is this chunk's first start
            starts.append(contentsOf: chunk.starts)
            nodes.append(contentsOf: chunk.nodes)
            _ = consume chunk
            // Shifted in place, after one bulk copy.
            nodes.withUnsafeMutableBufferPointer { all in
                for i in Int(nodeBase) ..< all.count {
                    all[i].firstToken += tokenBase
                    all[i].endToken += tokenBase
                    all[i].subtreeEnd += nodeBase
                }
            }
        }
        if let tail {
            tail.append(to: &kinds, &starts, &nodes)
            lexerDiagnostics += tail.diagnostics
        }
        nodes[0].endToken = UInt32(kinds.count)
        nodes[0].subtreeEnd = UInt32(nodes.count)
        RetiredTreeStorage.fit(&kinds, &starts, &nodes)
        lexerDiagnostics += diagnostics
        sortDiagnostics(&lexerDiagnostics)
        return SyntaxTree(source: source, tokenKinds: kinds, tokenStarts: starts, nodes: nodes, diagnostics: lexerDiagnostics)
    }

    /// The order of a tree's diagnostics: by position.
    static func sortDiagnostics(_ diagnostics: inout [Diagnostic]) {
        diagnostics.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
    }
}
