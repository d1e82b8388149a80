import TallySyntax

/// The tokens of a tree as plain arrays. The formatter looks at every token several
/// times; going through a view each time costs reference counting that dominates on a
/// 100k-entry file.
struct TokenTable {
    /// The file's bytes.
    let bytes: [UInt8]
    /// The kind of each token.
    let kinds: [TokenKind]
    /// Where each token starts, plus the end of the file at the last index.
    let starts: [UInt32]

    init(_ tree: SyntaxTree) {
        bytes = tree.source.bytes
        kinds = tree.allTokenKinds
        starts = tree.allTokenStarts
    }

    var count: Int { kinds.count }

    /// The bytes of token `index`.
    func bytes(of index: Int) -> ArraySlice<UInt8> { bytes[Int(starts[index]) ..< Int(starts[index + 1])] }

    /// The byte range of token `index`.
    func range(of index: Int) -> ByteRange { ByteRange(start: Int(starts[index]), end: Int(starts[index + 1])) }
}
