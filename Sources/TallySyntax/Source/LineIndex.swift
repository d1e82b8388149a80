/// Converts between byte offsets and line/column positions of one source text.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`. Lines and columns here are 0-based; front
/// ends add 1 when they show them to people. Columns are available in three units:
/// UTF-8 bytes (what the tree stores), Unicode scalars (what people and most editors
/// count), and UTF-16 code units (what the Language Server Protocol uses by default).
/// Offsets and positions out of range are clamped, never fatal.
public struct LineIndex: Sendable {
    /// Offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    private let bytes: [UInt8]

    /// Builds the index of `source` in one pass.
    public init(_ source: SourceText) {
        let bytes = source.bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while i < n {
                // Eight bytes at a time while none of them is a line break: lines are
                // long next to a word, and a renderer indexes whole files of megabytes.
                if i + 8 <= n, let base = buffer.baseAddress,
                    !LineIndex.mayHoldLineBreak(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                {
                    i += 8
                    continue
                }
                let b = buffer[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n && buffer[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        self.lineStarts = starts
        self.bytes = bytes
    }

    /// An index whose line starts are already known (see ``replacing(_:insertedCount:in:)``).
    init(lineStarts: [Int], bytes: [UInt8]) {
        self.lineStarts = lineStarts
        self.bytes = bytes
    }

    /// True when one of the eight bytes of `word` may be `\n` or `\r` (never false when
    /// one is): the classic test for a zero byte, applied to the word xor each pattern.
    static func mayHoldLineBreak(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lf = word ^ (ones &* 0x0A)
        let cr = word ^ (ones &* 0x0D)
        return ((lf &- ones) & ~lf & highs) | ((cr &- ones) & ~cr & highs) != 0
    }

    /// Number of lines; a file ending with a line break has an empty last line.
    public var lineCount: Int { lineStarts.count }

    /// The 0-based line that contains `offset`.
    public func line(containing offset: Int) -> Int {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Byte range of `line`'s content, without its line break.
    public func contentRange(ofLine line: Int) -> ByteRange {
        let line = max(0, min(line, lineStarts.count - 1))
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return ByteRange(start: start, end: end)
    }

    /// 0-based line and UTF-8 byte column of `offset`.
    public func position(of offset: Int) -> (line: Int, byteColumn: Int) {
        let offset = max(0, min(offset, bytes.count))
        let line = line(containing: offset)
        return (line, offset - lineStarts[line])
    }

    /// 0-based line and column of `offset`, the column counted in Unicode scalars.
    public func scalarPosition(of offset: Int) -> (line: Int, column: Int) {
        let (line, _) = position(of: offset)
        return (line, countUnits(from: lineStarts[line], to: offset, utf16: false))
    }

    /// Unicode scalars between two offsets (`start` ≤ `end`) of one line, counting each
    /// invalid byte as one: what a column moves by from `start` to `end`. Lets a caller
    /// that visits many offsets of a long line in order count each byte once.
    public func scalarCount(from start: Int, to end: Int) -> Int {
        let start = max(0, min(start, bytes.count))
        return countUnits(from: start, to: max(start, min(end, bytes.count)), utf16: false)
    }

    /// UTF-16 code units between two offsets (`start` ≤ `end`), clamped to the text.
    public func utf16Count(from start: Int, to end: Int) -> Int {
        let start = max(0, min(start, bytes.count))
        return countUnits(from: start, to: max(start, min(end, bytes.count)), utf16: true)
    }

    /// 0-based line and column of `offset`, the column counted in UTF-16 code units.
    public func utf16Position(of offset: Int) -> (line: Int, column: Int) {
        let (line, _) = position(of: offset)
        return (line, countUnits(from: lineStarts[line], to: offset, utf16: true))
    }

    /// Byte offset of a 0-based line and UTF-16 column; clamps to the line's content.
    public func offset(line: Int, utf16Column: Int) -> Int {
        offset(line: line, column: utf16Column, utf16: true)
    }

    /// Byte offset of a 0-based line and UTF-8 byte column; clamps to the line's content.
    public func offset(line: Int, byteColumn: Int) -> Int {
        let range = contentRange(ofLine: line)
        // Clamped before adding: a client may send any integer, even Int.max.
        return range.start + min(max(0, byteColumn), range.end - range.start)
    }

    /// Byte offset of a 0-based line and Unicode scalar column; clamps to the line's content.
    public func offset(line: Int, scalarColumn: Int) -> Int {
        offset(line: line, column: scalarColumn, utf16: false)
    }

    private func offset(line: Int, column: Int, utf16: Bool) -> Int {
        if line >= lineStarts.count { return bytes.count }
        let range = contentRange(ofLine: line)
        var i = range.start
        var units = 0
        while i < range.end && units < column {
            let (length, scalarUnits) = UTF8Scalar.decodeLength(bytes, at: i, limit: range.end)
            units += utf16 ? scalarUnits : 1
            i += length
        }
        return i
    }

    private func countUnits(from start: Int, to end: Int, utf16: Bool) -> Int {
        var i = start
        var units = 0
        while i < end {
            let (length, scalarUnits) = UTF8Scalar.decodeLength(bytes, at: i, limit: end)
            units += utf16 ? scalarUnits : 1
            i += length
        }
        return units
    }
}

/// Small helpers for walking UTF-8 that may be invalid.
enum UTF8Scalar {
    /// Length in bytes of the scalar starting at `i` (1 for an invalid byte) and the number
    /// of UTF-16 code units it takes (2 for scalars beyond the Basic Multilingual Plane).
    static func decodeLength(_ bytes: [UInt8], at i: Int, limit: Int) -> (bytes: Int, utf16: Int) {
        let length = validSequenceLength(bytes, at: i, limit: limit)
        if length == 0 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }

    /// Length of a valid UTF-8 sequence starting at `i`, or 0 when the bytes there are not
    /// valid UTF-8 (overlong forms, surrogates and values past U+10FFFF are invalid).
    static func validSequenceLength(_ bytes: [UInt8], at i: Int, limit: Int) -> Int {
        bytes.withUnsafeBufferPointer { validSequenceLength($0, at: i, limit: limit) }
    }

    static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Int {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        func cont(_ k: Int) -> UInt8? {
            guard i + k < limit else { return nil }
            let b = bytes[i + k]
            return b & 0xC0 == 0x80 ? b : nil
        }
        switch b0 {
        case 0xC2 ... 0xDF:
            return cont(1) != nil ? 2 : 0
        case 0xE0 ... 0xEF:
            guard let b1 = cont(1), cont(2) != nil else { return 0 }
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }  // overlong
            if b0 == 0xED && b1 > 0x9F { return 0 }  // surrogates
            return 3
        case 0xF0 ... 0xF4:
            guard let b1 = cont(1), cont(2) != nil, cont(3) != nil else { return 0 }
            if b0 == 0xF0 && b1 < 0x90 { return 0 }  // overlong
            if b0 == 0xF4 && b1 > 0x8F { return 0 }  // past U+10FFFF
            return 4
        default:
            return 0
        }
    }
}
