/// Re-reading a file after an edit: only the entries the edit touched are parsed again.
///
/// An editor changes a few bytes of a large file at a time. The old and the new text agree
/// on a prefix and a suffix; between them lies the changed region. The region is widened
/// to the nearest places where a file may be cut (before a line that starts with a date,
/// see `Parser+Chunks.swift`): the bytes around both cuts are unchanged, so each cut is a
/// valid one in the old text and in the new. The old tree's tokens, nodes and diagnostics
/// before the first cut are kept as they are, those after the second are kept with their
/// offsets shifted by the change in length, and only the widened region is parsed. The
/// three pieces are joined as a chunked parse is, so the tree is exactly the whole-file
/// parse of the new text (`ReparseTests` compares them after thousands of edits).
extension Parser {
    /// A changed region smaller than this share of the file (in eighths) is re-read alone;
    /// a larger one costs about a whole parse anyway.
    static let reparseLimitEighths = 4

    /// The syntax tree of `source`, a new text of the file `previous` was parsed from,
    /// parsing again only around what changed. `parseWhole` parses when reuse does not pay
    /// (a different path, or most of the file changed); it must give `Parser.parse`'s tree.
    public static func reparse(
        _ source: SourceText, previous: SyntaxTree,
        parseWhole: (SourceText) -> SyntaxTree = { Parser.parse($0) }
    ) -> SyntaxTree {
        guard previous.source.path == source.path else { return parseWhole(source) }
        guard let region = changedRegion(from: previous.source.bytes, to: source.bytes) else {
            return previous  // the same bytes: the same tree
        }
        return reparse(source, previous: previous, changed: region, parseWhole: parseWhole)
    }

    /// ``reparse(_:previous:parseWhole:)`` with the changed region already found (by
    /// ``changedRegion(from:to:)`` on `previous`'s bytes and `source`'s), for a caller that
    /// keeps the region for later work on the same edit.
    public static func reparse(
        _ source: SourceText, previous: SyntaxTree, changed region: ChangedRegion,
        parseWhole: (SourceText) -> SyntaxTree = { Parser.parse($0) }
    ) -> SyntaxTree {
        let old = previous.source.bytes
        let new = source.bytes
        guard previous.source.path == source.path, new.count <= maximumFileSize else { return parseWhole(source) }
        // A file that is not text, before or after, has a tree of its own kind: no pieces to share.
        // (The previous tree already says whether its text was; only the new text is sniffed.)
        guard !previous.isNotText, !TextSniffer.isNotText(new) else { return parseWhole(source) }
        let (start, oldEnd, newEnd) = (region.start, region.oldEnd, region.newEnd)
        guard (newEnd - start) * 8 < max(new.count, 1) * reparseLimitEighths else { return parseWhole(source) }
        // Grown by at most the bytes added, as a rule (a token or node per byte), and
        // otherwise by the arrays' own growth.
        let growth = max(new.count - old.count, 0) + 16
        // From the file's start, the changed part is the first chunk: room for the tail too.
        let middle = parseChunk(
            source, range: start ..< newEnd,
            room: start == 0 ? (previous.tokenCount + growth, previous.nodeCount + growth) : nil)
        var chunks: [Chunk] = []
        chunks.reserveCapacity(3)
        if start > 0 {
            chunks.append(previous.chunk(before: start, roomFor: growth + middle.kinds.count))
        }
        chunks.append(middle)
        // The rest of the file is appended from the old tree's arrays as they are joined.
        let tail = oldEnd < old.count ? previous.tail(from: oldEnd, shiftedBy: new.count - old.count) : nil
        // Handed over, not copied: with `chunks` still held here, the join's arrays would be
        // shared, and its first append would copy the whole tree (twice per edit).
        return join(consume chunks, of: source, tail: tail)
    }

    /// Where to cut the old and the new text of a file around their difference (see
    /// ``ChangedRegion``); nil when the texts are equal.
    public static func changedRegion(from old: [UInt8], to new: [UInt8]) -> ChangedRegion? {
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                let shorter = min(a.count, b.count)
                // Eight bytes at a time first: an editor's change is a few bytes in
                // megabytes, and a byte loop over them would cost milliseconds.
                let x = UnsafeRawPointer(a.baseAddress)
                let y = UnsafeRawPointer(b.baseAddress)
                func word(_ p: UnsafeRawPointer?, _ offset: Int) -> UInt64 { p!.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
                var prefix = 0
                while prefix + 8 <= shorter && word(x, prefix) == word(y, prefix) { prefix += 8 }
                while prefix < shorter && a[prefix] == b[prefix] { prefix += 1 }
                if prefix == a.count && prefix == b.count { return nil }
                var suffix = 0
                while suffix + 8 <= shorter - prefix && word(x, a.count - suffix - 8) == word(y, b.count - suffix - 8) { suffix += 8 }
                while suffix < shorter - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }

                // The first cut: a date line wholly inside the shared prefix, date and the
                // blank after it included (`startsDateLine` reads 11 bytes).
                var start = prefix - 11
                while start > 0 && !(b[start - 1] == 0x0A && startsDateLine(b, at: start)) { start -= 1 }
                start = max(start, 0)

                // The second cut: a date line whose line break and first 11 bytes lie in
                // the shared suffix (so the same line follows in the old text).
                let shared = b.count - suffix
                var end = shared + 1
                while end < b.count && !(b[end - 1] == 0x0A && startsDateLine(b, at: end)) { end += 1 }
                if end >= b.count { return ChangedRegion(start: start, oldEnd: a.count, newEnd: b.count) }
                return ChangedRegion(start: start, oldEnd: end - (b.count - a.count), newEnd: end)
            }
        }
    }
}

/// The part of a file an edit changed, widened to cuts (see `Parser+Chunks.swift`): the
/// bytes `start ..< oldEnd` of the old text became `start ..< newEnd` of the new one, and
/// everything before `start` and from `oldEnd` on (from `newEnd` on in the new text) is
/// the same and is read the same. Each cut is 0, the end of the text, or the start of a
/// date line whose bytes, and the line break before it, both texts share.
public struct ChangedRegion: Hashable, Sendable {
    /// Where the changed entries start, in both texts.
    public let start: Int
    /// Where they end in the old text.
    public let oldEnd: Int
    /// Where they end in the new text.
    public let newEnd: Int

    /// How far bytes after the region moved.
    public var shift: Int { newEnd - oldEnd }
}

extension SyntaxTree {
    /// Token index of the token starting at `offset`, which must be a cut (see
    /// `Parser+Chunks.swift`): a token starts there in every tree of the text.
    func tokenStarting(at offset: Int) -> Int {
        let target = UInt32(offset)
        var low = 0
        var high = tokenStarts.count - 1
        while low < high {
            let mid = (low + high) / 2
            if tokenStarts[mid] < target { low = mid + 1 } else { high = mid }
        }
        precondition(tokenStarts[low] == target, "a cut falls between tokens")
        return low
    }

    /// Index of the first top-level node that starts at or after token `token`, or the
    /// node count.
    func firstTopLevelNode(from token: Int) -> Int {
        var node = 1
        while node < nodes.count && Int(nodes[node].firstToken) < token { node = Int(nodes[node].subtreeEnd) }
        return node
    }

    /// The part of the tree before the cut at `offset`, as the first chunk of a chunked
    /// parse (with the unfinished root), its arrays reserving `extra` more elements.
    func chunk(before offset: Int, roomFor extra: Int) -> Parser.Chunk {
        let token = tokenStarting(at: offset)
        let node = firstTopLevelNode(from: token)
        var storage = RetiredTreeStorage.take(tokens: tokenKinds.count + extra, nodes: nodes.count + extra)
        storage.kinds.append(contentsOf: tokenKinds[..<token])
        storage.starts.append(contentsOf: tokenStarts[...token])
        storage.nodes.append(contentsOf: nodes[..<node])
        return Parser.Chunk(
            kinds: storage.kinds, starts: storage.starts, nodes: storage.nodes,
            lexerDiagnostics: diagnostics.filter { $0.range.start < offset }, parserDiagnostics: [])
    }

    /// The part of a tree from a cut on, to be appended as the last chunk of a chunked
    /// parse of a new text of its file: where the cut is, and how far the text after it moved.
    struct Tail {
        let tree: SyntaxTree
        /// The first token and the first top-level node at or after the cut.
        let token: Int
        let node: Int
        let shift: Int
        /// The tree's diagnostics from the cut on, moved by `shift`.
        let diagnostics: [Diagnostic]

        var tokenCount: Int { tree.tokenKinds.count - token }
        var nodeCount: Int { tree.nodes.count - node }

        /// Appends the tail's tokens and nodes to a joined tree's arrays: token starts
        /// moved by `shift` (the arrays' last start, the previous chunk's end, is this
        /// part's first), indices counted from the arrays' ends.
        func append(to kinds: inout [TokenKind], _ starts: inout [UInt32], _ nodes: inout [NodeRecord]) {
            let tokenBase = UInt32(kinds.count) &- UInt32(token)
            let nodeBase = UInt32(nodes.count) &- UInt32(node)
            kinds.append(contentsOf: tree.tokenKinds[token...])
            starts.removeLast()
            let firstStart = starts.count
            starts.append(contentsOf: tree.tokenStarts[token...])
            let shift = self.shift
            starts.withUnsafeMutableBufferPointer { all in
                for i in firstStart ..< all.count { all[i] = UInt32(Int(all[i]) + shift) }
            }
            let firstNode = nodes.count
            nodes.append(contentsOf: tree.nodes[node...])
            nodes.withUnsafeMutableBufferPointer { all in
                for i in firstNode ..< all.count {
                    all[i].firstToken &+= tokenBase
                    all[i].endToken &+= tokenBase
                    all[i].subtreeEnd &+= nodeBase
                }
            }
        }
    }

    /// The part of the tree from the cut at `offset` to the end (see ``Tail``), for a new
    /// text in which it lies `shift` bytes further on.
    func tail(from offset: Int, shiftedBy shift: Int) -> Tail {
        let token = tokenStarting(at: offset)
        let moved = diagnostics.filter { $0.range.start >= offset }.map { $0.moved(by: shift, from: offset, in: source.path) }
        return Tail(tree: self, token: token, node: firstTopLevelNode(from: token), shift: shift, diagnostics: moved)
    }
}
