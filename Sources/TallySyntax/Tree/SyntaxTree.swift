/// One node as stored: its kind, the tokens it covers, and where its subtree ends in the
/// preorder node array (so the next sibling is at `subtreeEnd`).
@usableFromInline
struct NodeRecord: Sendable {
    @usableFromInline var kind: SyntaxKind
    @usableFromInline var firstToken: UInt32
    @usableFromInline var endToken: UInt32
    @usableFromInline var subtreeEnd: UInt32

    init(kind: SyntaxKind, firstToken: UInt32, endToken: UInt32, subtreeEnd: UInt32) {
        self.kind = kind
        self.firstToken = firstToken
        self.endToken = endToken
        self.subtreeEnd = subtreeEnd
    }
}

/// A lossless syntax tree of one Tally file, with the diagnostics found while reading it.
///
/// Storage is flat: token kinds and start offsets in two arrays, nodes in preorder in a
/// third. Every byte of the source belongs to exactly one token and the root covers every
/// token, so writing the tree out reproduces the source byte for byte, even for invalid
/// input. The tree is immutable; views (``SyntaxNode``, ``SyntaxToken``) are cheap values.
public final class SyntaxTree: Sendable {
    /// The file the tree was read from.
    public let source: SourceText
    /// Problems found by the lexer and the parser, sorted by position.
    public let diagnostics: [Diagnostic]

    /// Whether the file was read as plainly not text: such a tree is its lines as error
    /// entries with one E0105 and nothing else, and tools leave it alone (the formatter
    /// changes nothing, the lowering of an earlier text is not reused across it).
    public var isNotText: Bool { diagnostics.count == 1 && diagnostics[0].code == .notText }

    @usableFromInline let tokenKinds: [TokenKind]
    @usableFromInline let tokenStarts: [UInt32]
    @usableFromInline let nodes: [NodeRecord]

    init(source: SourceText, tokenKinds: [TokenKind], tokenStarts: [UInt32], nodes: [NodeRecord], diagnostics: [Diagnostic]) {
        self.source = source
        self.tokenKinds = tokenKinds
        self.tokenStarts = tokenStarts
        self.nodes = nodes
        self.diagnostics = diagnostics
    }

    /// A large tree's arrays go on to the next large tree (see `RetiredTreeStorage`).
    deinit {
        RetiredTreeStorage.retire(kinds: tokenKinds, starts: tokenStarts, nodes: nodes)
    }

    /// Frees the arrays of the last large tree that went, kept for the next large tree
    /// (see `RetiredTreeStorage`): for a caller that reads no more large files soon, such
    /// as a one-shot check once its budget's trees are gone.
    public static func releaseRetiredArrays() {
        RetiredTreeStorage.release()
    }

    /// The root node, of kind ``SyntaxKind/sourceFile``.
    public var root: SyntaxNode { SyntaxNode(tree: self, index: 0) }

    /// Number of tokens in the file.
    public var tokenCount: Int { tokenKinds.count }

    /// Number of nodes in the tree.
    public var nodeCount: Int { nodes.count }

    /// The token at `index` (0 ..< tokenCount).
    public func token(at index: Int) -> SyntaxToken { SyntaxToken(tree: self, index: index) }

    /// The token whose bytes contain `offset`; at the end of the file, the last token.
    public func token(containing offset: Int) -> SyntaxToken? {
        guard !tokenKinds.isEmpty else { return nil }
        var low = 0
        var high = tokenKinds.count - 1
        let target = UInt32(clamping: max(0, offset))
        while low < high {
            let mid = (low + high + 1) / 2
            if tokenStarts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        return SyntaxToken(tree: self, index: low)
    }

    /// The innermost node whose range contains `offset`.
    public func node(containing offset: Int) -> SyntaxNode {
        var current = root
        descend: while true {
            for child in current.childNodes where child.range.contains(offset) || child.range.end == offset && offset == source.bytes.count {
                current = child
                continue descend
            }
            return current
        }
    }

    /// The entries of the file (top-level nodes), in order.
    public var entries: [SyntaxNode] { root.childNodes }

    /// The entries of one kind, in order; skips the others without building views.
    public func entries(of kind: SyntaxKind) -> [SyntaxNode] {
        var result: [SyntaxNode] = []
        var child = 1
        while child < nodes.count {
            if nodes[child].kind == kind { result.append(SyntaxNode(tree: self, index: child)) }
            child = Int(nodes[child].subtreeEnd)
        }
        return result
    }

    func byteRange(ofToken index: Int) -> ByteRange {
        ByteRange(start: Int(tokenStarts[index]), end: Int(tokenStarts[index + 1]))
    }
}

/// A node of a ``SyntaxTree``: a kind and the tokens it spans.
public struct SyntaxNode: Hashable, Sendable, CustomStringConvertible {
    /// The tree the node belongs to.
    public let tree: SyntaxTree
    /// Position of the node in preorder.
    public let index: Int

    var record: NodeRecord { tree.nodes[index] }

    /// What the node is.
    public var kind: SyntaxKind { record.kind }

    /// Bytes covered by the node, trivia inside it included.
    public var range: ByteRange {
        let r = record
        let start = Int(tree.tokenStarts[Int(r.firstToken)])
        let end = Int(tree.tokenStarts[Int(r.endToken)])
        return ByteRange(start: start, end: end)
    }

    /// Bytes covered by the node's tokens that are not trivia.
    public var contentRange: ByteRange {
        let r = record
        var first = Int(r.firstToken)
        var last = Int(r.endToken) - 1
        while first <= last && tree.tokenKinds[first].isTrivia { first += 1 }
        while last >= first && tree.tokenKinds[last].isTrivia { last -= 1 }
        if first > last { return ByteRange.empty(at: range.start) }
        return ByteRange(start: Int(tree.tokenStarts[first]), end: Int(tree.tokenStarts[last + 1]))
    }

    /// Indices of the tokens the node covers.
    public var tokenIndices: Range<Int> { Int(record.firstToken) ..< Int(record.endToken) }

    /// The source text of the node.
    public var text: String { tree.source.text(in: range) }

    /// Direct child nodes, in order.
    public var childNodes: [SyntaxNode] {
        var result: [SyntaxNode] = []
        var child = index + 1
        let end = Int(record.subtreeEnd)
        while child < end {
            result.append(SyntaxNode(tree: tree, index: child))
            child = Int(tree.nodes[child].subtreeEnd)
        }
        return result
    }

    /// Direct children, nodes and tokens interleaved in source order.
    public var children: [SyntaxElement] {
        var result: [SyntaxElement] = []
        var token = Int(record.firstToken)
        for child in childNodes {
            let first = Int(child.record.firstToken)
            while token < first {
                result.append(.token(SyntaxToken(tree: tree, index: token)))
                token += 1
            }
            result.append(.node(child))
            token = Int(child.record.endToken)
        }
        let end = Int(record.endToken)
        while token < end {
            result.append(.token(SyntaxToken(tree: tree, index: token)))
            token += 1
        }
        return result
    }

    /// Calls `body` with the index of each direct child token (not those inside child
    /// nodes), in order, until it returns false. Allocates nothing.
    func forEachChildToken(_ body: (Int) -> Bool) {
        let nodes = tree.nodes
        let r = nodes[index]
        var token = Int(r.firstToken)
        var child = index + 1
        let end = Int(r.subtreeEnd)
        while child < end {
            let c = nodes[child]
            while token < Int(c.firstToken) {
                if !body(token) { return }
                token += 1
            }
            token = Int(c.endToken)
            child = Int(c.subtreeEnd)
        }
        while token < Int(r.endToken) {
            if !body(token) { return }
            token += 1
        }
    }

    /// Direct child tokens (not those inside child nodes).
    public var childTokens: [SyntaxToken] {
        var result: [SyntaxToken] = []
        forEachChildToken {
            result.append(SyntaxToken(tree: tree, index: $0)); return true
        }
        return result
    }

    /// The first direct child node of `kind`.
    public func child(_ kind: SyntaxKind) -> SyntaxNode? {
        let nodes = tree.nodes
        var child = index + 1
        let end = Int(nodes[index].subtreeEnd)
        while child < end {
            if nodes[child].kind == kind { return SyntaxNode(tree: tree, index: child) }
            child = Int(nodes[child].subtreeEnd)
        }
        return nil
    }

    /// All direct child nodes of `kind`.
    public func children(_ kind: SyntaxKind) -> [SyntaxNode] {
        let nodes = tree.nodes
        var result: [SyntaxNode] = []
        var child = index + 1
        let end = Int(nodes[index].subtreeEnd)
        while child < end {
            if nodes[child].kind == kind { result.append(SyntaxNode(tree: tree, index: child)) }
            child = Int(nodes[child].subtreeEnd)
        }
        return result
    }

    /// The first direct child token of `kind`.
    public func token(_ kind: TokenKind) -> SyntaxToken? {
        let kinds = tree.tokenKinds
        var found: Int?
        forEachChildToken { i in
            if kinds[i] == kind { found = i; return false }
            return true
        }
        return found.map { SyntaxToken(tree: tree, index: $0) }
    }

    /// Direct child tokens of `kind`.
    public func tokens(_ kind: TokenKind) -> [SyntaxToken] {
        let kinds = tree.tokenKinds
        var result: [SyntaxToken] = []
        forEachChildToken { i in
            if kinds[i] == kind { result.append(SyntaxToken(tree: tree, index: i)) }
            return true
        }
        return result
    }

    /// The first token inside the node that is not trivia.
    public var firstContentToken: SyntaxToken? {
        for i in tokenIndices where !tree.tokenKinds[i].isTrivia { return SyntaxToken(tree: tree, index: i) }
        return nil
    }

    /// Every node below this one, in preorder, this one first.
    public var descendants: [SyntaxNode] {
        (index ..< Int(record.subtreeEnd)).map { SyntaxNode(tree: tree, index: $0) }
    }

    /// Writes the node back as bytes by walking its children: the lossless round trip.
    public func write(into output: inout [UInt8]) {
        for element in children {
            switch element {
            case .node(let node): node.write(into: &output)
            case .token(let token): output.append(contentsOf: token.bytes)
            }
        }
    }

    public var description: String { "\(kind)@\(range)" }

    public static func == (lhs: SyntaxNode, rhs: SyntaxNode) -> Bool { lhs.tree === rhs.tree && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

/// A token of a ``SyntaxTree``: a kind and a range of bytes.
public struct SyntaxToken: Hashable, Sendable, CustomStringConvertible {
    /// The tree the token belongs to.
    public let tree: SyntaxTree
    /// Position of the token in the file's token sequence.
    public let index: Int

    /// The token's lexical kind (names the parser read as keywords are ``TokenKind/keyword``).
    public var kind: TokenKind { tree.tokenKinds[index] }
    /// The bytes the token covers.
    public var range: ByteRange { tree.byteRange(ofToken: index) }
    /// The raw bytes.
    public var bytes: ArraySlice<UInt8> { let r = range; return tree.source.bytes[r.start ..< r.end] }
    /// The raw text, quotes and escapes included.
    public var text: String { tree.source.text(in: range) }

    public var description: String { "\(kind)@\(range)" }

    public static func == (lhs: SyntaxToken, rhs: SyntaxToken) -> Bool { lhs.tree === rhs.tree && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

/// A child of a node: another node or a token.
public enum SyntaxElement: Hashable, Sendable {
    case node(SyntaxNode)
    case token(SyntaxToken)

    /// The bytes the element covers.
    public var range: ByteRange {
        switch self {
        case .node(let n): return n.range
        case .token(let t): return t.range
        }
    }
}
