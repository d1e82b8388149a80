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

    /// Runs `body` with a view of the table over raw buffers, valid only inside `body`.
    func withView<R>(_ body: (TokenView) -> R) -> R {
        bytes.withUnsafeBufferPointer { bytes in
            kinds.withUnsafeBufferPointer { kinds in
                starts.withUnsafeBufferPointer { starts in
                    body(TokenView(bytes: bytes, kinds: kinds, starts: starts))
                }
            }
        }
    }
}

/// A ``TokenTable`` seen through raw buffers: reading a token's bytes costs no
/// reference counting. Valid only inside ``TokenTable/withView(_:)``.
struct TokenView {
    let bytes: UnsafeBufferPointer<UInt8>
    let kinds: UnsafeBufferPointer<TokenKind>
    let starts: UnsafeBufferPointer<UInt32>

    var count: Int { kinds.count }

    /// The bytes of token `index`.
    func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(starts[index]) ..< Int(starts[index + 1])])
    }

    /// Some bytes of the file.
    func bytes(in range: ByteRange) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range.start ..< range.end])
    }

    /// The byte range of token `index`.
    func range(of index: Int) -> ByteRange { ByteRange(start: Int(starts[index]), end: Int(starts[index + 1])) }

    /// Whether two byte buffers hold the same bytes.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0 ..< a.count where a[i] != b[i] { return false }
        return true
    }
}
