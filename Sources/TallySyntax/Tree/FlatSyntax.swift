/// Read access to a tree's flat storage, by node and token index.
///
/// ``SyntaxNode`` views are convenient, but each one holds the tree, so walking a
/// hundred thousand entries through views spends its time retaining and releasing it.
/// The interpreter reads the entries of large files through this instead: plain array
/// reads, inlinable, with nothing allocated or retained per step. Node indices are
/// preorder positions, as in ``SyntaxNode/index``; token indices as in
/// ``SyntaxToken/index``.
public struct FlatSyntax: Sendable {
    /// The tree read.
    public let tree: SyntaxTree
    /// The file's bytes.
    public let bytes: [UInt8]
    @usableFromInline let tokenKinds: [TokenKind]
    @usableFromInline let tokenStarts: [UInt32]
    @usableFromInline let nodes: [NodeRecord]

    /// Reads `tree`.
    public init(_ tree: SyntaxTree) {
        self.tree = tree
        bytes = tree.source.bytes
        tokenKinds = tree.tokenKinds
        tokenStarts = tree.tokenStarts
        nodes = tree.nodes
    }

    /// Number of nodes; the root is node 0.
    @inlinable public var nodeCount: Int { nodes.count }

    /// The kind of node `node`.
    @inlinable public func kind(_ node: Int) -> SyntaxKind { nodes[node].kind }

    /// The index after node `node`'s subtree: its next sibling, if it has one.
    @inlinable public func subtreeEnd(_ node: Int) -> Int { Int(nodes[node].subtreeEnd) }

    /// The tokens node `node` covers.
    @inlinable public func tokens(_ node: Int) -> Range<Int> {
        let r = nodes[node]
        return Int(r.firstToken) ..< Int(r.endToken)
    }

    /// The bytes node `node` covers, trivia included; the same as ``SyntaxNode/range``.
    @inlinable public func range(_ node: Int) -> ByteRange {
        let r = nodes[node]
        return ByteRange(start: Int(tokenStarts[Int(r.firstToken)]), end: Int(tokenStarts[Int(r.endToken)]))
    }

    /// The kind of token `token`.
    @inlinable public func tokenKind(_ token: Int) -> TokenKind { tokenKinds[token] }

    /// The bytes of token `token`.
    @inlinable public func range(ofToken token: Int) -> ByteRange {
        ByteRange(start: Int(tokenStarts[token]), end: Int(tokenStarts[token + 1]))
    }

    /// The first token of node `node` that is not trivia.
    @inlinable public func firstContentToken(_ node: Int) -> Int? {
        let r = nodes[node]
        var token = Int(r.firstToken)
        while token < Int(r.endToken) {
            if !tokenKinds[token].isTrivia { return token }
            token += 1
        }
        return nil
    }

    /// The bytes covered by node `node`'s tokens that are not trivia; the same as
    /// ``SyntaxNode/contentRange``.
    @inlinable public func contentRange(_ node: Int) -> ByteRange {
        let r = nodes[node]
        var first = Int(r.firstToken)
        var last = Int(r.endToken) - 1
        while first <= last && tokenKinds[first].isTrivia { first += 1 }
        while last >= first && tokenKinds[last].isTrivia { last -= 1 }
        if first > last { return ByteRange.empty(at: Int(tokenStarts[Int(r.firstToken)])) }
        return ByteRange(start: Int(tokenStarts[first]), end: Int(tokenStarts[last + 1]))
    }

    /// The first direct child token of node `node` (not inside a child node) of `kind`.
    @inlinable public func directToken(_ kind: TokenKind, of node: Int) -> Int? {
        let r = nodes[node]
        var token = Int(r.firstToken)
        var child = node + 1
        let end = Int(r.subtreeEnd)
        while true {
            // Tokens before the next child node (or the end) are direct children.
            let stop = child < end ? Int(nodes[child].firstToken) : Int(r.endToken)
            while token < stop {
                if tokenKinds[token] == kind { return token }
                token += 1
            }
            guard child < end else { return nil }
            token = Int(nodes[child].endToken)
            child = Int(nodes[child].subtreeEnd)
        }
    }

    /// The first direct child node of `node` of `kind`.
    @inlinable public func child(_ kind: SyntaxKind, of node: Int) -> Int? {
        var child = node + 1
        let end = Int(nodes[node].subtreeEnd)
        while child < end {
            if nodes[child].kind == kind { return child }
            child = Int(nodes[child].subtreeEnd)
        }
        return nil
    }

    /// A view of node `node`, for the accessors of the AST layer.
    public func node(_ node: Int) -> SyntaxNode { SyntaxNode(tree: tree, index: node) }
}
