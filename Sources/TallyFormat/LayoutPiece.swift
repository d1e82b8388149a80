import TallySyntax

/// A stretch of the original file (one line, or the byte-order mark) and what the
/// formatter writes in its place.
struct LayoutPiece {
    /// The bytes replaced, in the original file.
    var original: ByteRange
    /// What is written instead.
    var bytes: [UInt8]
    /// True when `bytes` differ from the original bytes.
    var changed: Bool
}
