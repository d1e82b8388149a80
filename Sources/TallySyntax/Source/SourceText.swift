/// The bytes of one Tally file together with the name it is known by.
///
/// The bytes are kept exactly as read: the syntax tree covers every one of them, so
/// printing the tree gives the file back byte for byte.
public struct SourceText: Sendable {
    /// The path or name shown in diagnostics (for example `examples/household.tally`).
    public let path: String
    /// The raw UTF-8 bytes, possibly invalid, possibly with a byte-order mark.
    public let bytes: [UInt8]

    /// Wraps bytes read from `path`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Wraps a Swift string (always valid UTF-8); convenient in tests.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of `range`, decoding invalid UTF-8 as U+FFFD.
    public func text(in range: ByteRange) -> String {
        let lower = max(0, min(range.start, bytes.count))
        let upper = max(lower, min(range.end, bytes.count))
        return String(decoding: bytes[lower ..< upper], as: UTF8.self)
    }
}
