import TallySyntax

/// A stretch of the original file (one line, or the byte-order mark) and where its
/// formatted form lies in the output.
struct LayoutPiece {
    /// The bytes replaced, in the original file.
    var original: ByteRange
    /// Where the replacement lies in ``Layout/output``.
    var formatted: Range<Int>
    /// True when the replacement differs from the original bytes.
    var changed: Bool
}

/// A whole file laid out: the formatted bytes and, line by line, what they replace.
struct Layout {
    var output: [UInt8] = []
    var pieces: [LayoutPiece] = []
    /// True when any piece changed.
    var changed = false
}
