import TallySyntax

/// Converts byte offsets of one text to client positions when they come in increasing
/// order (the tokens of a file): the line is found by stepping forward instead of a binary
/// search, and a UTF-16 column by counting only the bytes since the last offset when they
/// are ASCII. Anything else falls back to `LineIndex`, so the answers are always the same.
struct PositionCursor {
    private let lines: LineIndex
    private let bytes: [UInt8]
    private let encoding: PositionEncoding
    private var line = 0
    private var lastOffset = 0
    private var lastColumn = 0

    init(lines: LineIndex, bytes: [UInt8], encoding: PositionEncoding) {
        self.lines = lines
        self.bytes = bytes
        self.encoding = encoding
    }

    mutating func position(of offset: Int) -> Position {
        guard offset >= lastOffset, offset <= bytes.count else {
            return lines.position(of: offset, encoding: encoding)
        }
        let starts = lines.lineStarts
        if line + 1 < starts.count && starts[line + 1] <= offset {
            while line + 1 < starts.count && starts[line + 1] <= offset { line += 1 }
            lastOffset = starts[line]
            lastColumn = 0
        }
        let column: Int
        if encoding == .utf8 {
            column = offset - starts[line]
        } else {
            var ascii = true
            for i in lastOffset ..< offset where bytes[i] >= 0x80 { ascii = false; break }
            column = ascii ? lastColumn + (offset - lastOffset) : lines.position(of: offset, encoding: encoding).character
        }
        lastOffset = offset
        lastColumn = column
        return Position(line: line, character: column)
    }
}
