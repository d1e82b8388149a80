/// Whole-file access for tools that visit every token or node (the formatter and its
/// guard), without building a view, and so touching a reference count, per element.
extension SyntaxTree {
    /// The kind of every token, in order.
    public var allTokenKinds: [TokenKind] { tokenKinds }

    /// The start offset of every token, in order, followed by the length of the file.
    public var allTokenStarts: [UInt32] { tokenStarts }

    /// The kind and token indices of the node at `index` in preorder (0 is the root).
    public func node(atPreorderIndex index: Int) -> (kind: SyntaxKind, tokens: Range<Int>) {
        let node = nodes[index]
        return (node.kind, Int(node.firstToken) ..< Int(node.endToken))
    }

    /// Calls `body` with the kind and token indices of every node, in preorder (the root
    /// first).
    public func forEachNode(_ body: (SyntaxKind, Range<Int>) -> Void) {
        for node in nodes { body(node.kind, Int(node.firstToken) ..< Int(node.endToken)) }
    }
}
