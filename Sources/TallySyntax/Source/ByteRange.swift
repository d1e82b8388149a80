/// A half-open range of UTF-8 byte offsets into one source text.
///
/// Every token, node and diagnostic is located by a byte range; conversion to lines and
/// columns (UTF-8 bytes, Unicode scalars or UTF-16 units) happens only at the edges, via
/// ``LineIndex``.
public struct ByteRange: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Offset of the first byte.
    public var start: Int
    /// Offset one past the last byte.
    public var end: Int

    /// Creates a range; `end` must not be before `start`.
    @inlinable public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at `offset`, used for "missing" things at a position.
    @inlinable public static func empty(at offset: Int) -> ByteRange { ByteRange(start: offset, end: offset) }

    /// Number of bytes covered.
    public var length: Int { end - start }
    /// True when the range covers no byte.
    public var isEmpty: Bool { start == end }

    /// True when `offset` lies inside the range (an empty range contains its own offset).
    public func contains(_ offset: Int) -> Bool {
        isEmpty ? offset == start : (offset >= start && offset < end)
    }

    /// The smallest range covering both.
    public func union(_ other: ByteRange) -> ByteRange {
        ByteRange(start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (lhs: ByteRange, rhs: ByteRange) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }

    public var description: String { "\(start)..\(end)" }
}
