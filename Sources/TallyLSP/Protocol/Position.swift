import TallySyntax

/// A position as the client counts it: 0-based line and character, the character in the
/// negotiated encoding's units.
public struct Position: Hashable, Sendable {
    /// 0-based line.
    public var line: Int
    /// 0-based column in code units of the negotiated encoding.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// The position as sent.
    public var json: JSON { ["line": .int(line), "character": .int(character)] }
}

/// A range as the client counts it; the end is exclusive.
public struct LSPRange: Hashable, Sendable {
    /// First position.
    public var start: Position
    /// Position after the last character.
    public var end: Position

    /// Creates a range.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// The range as sent.
    public var json: JSON { ["start": start.json, "end": end.json] }
}

/// The unit in which the client counts characters, agreed in `initialize`.
public enum PositionEncoding: String, Sendable {
    /// UTF-8 bytes: what Tally stores, so no conversion is needed.
    case utf8 = "utf-8"
    /// UTF-16 code units: the protocol's default.
    case utf16 = "utf-16"

    /// UTF-8 when the client offers it, else UTF-16 (which every client must support).
    public static func negotiate(offered: [String]) -> PositionEncoding {
        offered.contains("utf-8") ? .utf8 : .utf16
    }
}

extension LineIndex {
    /// The byte offset of a client position; lines and characters out of range are clamped
    /// (a negative line to the start, a line past the end to the end of the text).
    func offset(of position: Position, encoding: PositionEncoding, textLength: Int) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineCount { return textLength }
        let character = max(0, position.character)
        switch encoding {
        case .utf8: return offset(line: position.line, byteColumn: character)
        case .utf16: return offset(line: position.line, utf16Column: character)
        }
    }

    /// The client position of a byte offset.
    func position(of offset: Int, encoding: PositionEncoding) -> Position {
        switch encoding {
        case .utf8:
            let (line, column) = position(of: offset)
            return Position(line: line, character: column)
        case .utf16:
            let (line, column) = utf16Position(of: offset)
            return Position(line: line, character: column)
        }
    }

    /// The client range of a byte range.
    func range(of range: ByteRange, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: range.start, encoding: encoding), end: position(of: range.end, encoding: encoding))
    }
}
