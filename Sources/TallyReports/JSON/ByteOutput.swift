/// Appending text to the byte buffers reports are built in. `withUTF8` reaches the
/// bytes of small (inline) strings and native ones alike without a per-byte iterator,
/// which is what a report of a million lines spends its time on otherwise. Inlinable, as
/// the register's writer in the command line calls them for every cell.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public mutating func appendUTF8(_ text: String) {
        var copy = text
        copy.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `count` spaces (nothing when `count` is not positive).
    @inlinable
    public mutating func appendSpaces(_ count: Int) {
        if count > 0 { append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }
}
