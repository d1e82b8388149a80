import TallySyntax

/// What a column counts: Unicode characters (scalars) by default, as people count; UTF-8
/// bytes for Vim (`:make`, ALE), which place markers by byte; UTF-16 code units for tools
/// that count like JavaScript (`--column-unit`).
public enum ColumnUnit: String, CaseIterable, Sendable {
    case chars, bytes, utf16
}

/// A diagnostic's position: 1-based lines and 1-based columns in the map's
/// ``ColumnUnit``. The end is exclusive: `endColumn` is the column just past the range.
public struct Location: Equatable {
    /// Creates the location.
    public init(line: Int, column: Int, endLine: Int, endColumn: Int) {
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
    }

    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
}

/// The sources of every file diagnostics may point into, with their line indexes, built
/// once per file on first use.
///
/// Columns are counted from the last offset asked about on the same line when it lies
/// before the new one, not from the line's start: diagnostics come in file order, so the
/// thousands one long line can hold cost one pass over it, not one each.
public final class SourceMap {
    /// What columns count.
    public let unit: ColumnUnit
    private var sources: [String: SourceText] = [:]
    private var indexes: [String: LineIndex] = [:]
    /// The last offset whose column was counted, per file.
    private var cursors: [String: (line: Int, offset: Int, column: Int)] = [:]

    /// The secrets of the last line asked about (``excerpt(_:_:)``), by file.
    private var secrets: [String: (line: Int, ranges: [ByteRange])] = [:]

    public init(unit: ColumnUnit = .chars) { self.unit = unit }

    /// The text of `range` (within one line of `path`) as an excerpt shows it: every
    /// secret on the line (``SecretValues``, such as an import profile's `token` that may
    /// be the token itself) replaced by `…`. Every renderer that quotes the source takes
    /// its text from here, so that none can print a secret.
    public func excerpt(_ path: String, _ range: ByteRange) -> String {
        guard let source = sources[path], let index = index(path) else { return "" }
        let line = index.position(of: range.start).line
        let hidden: [ByteRange]
        if let known = secrets[path], known.line == line {
            hidden = known.ranges
        } else {
            hidden = SecretValues.ranges(in: source, line: index.contentRange(ofLine: line))
            secrets[path] = (line, hidden)
        }
        return SecretValues.text(of: source, in: range, hiding: hidden)
    }

    public func add(_ source: SourceText) {
        if sources[source.path] == nil { sources[source.path] = source }
    }

    public func source(_ path: String) -> SourceText? { sources[path] }

    public func index(_ path: String) -> LineIndex? {
        if let index = indexes[path] { return index }
        guard let source = sources[path] else { return nil }
        let index = LineIndex(source)
        indexes[path] = index
        return index
    }

    public func location(_ path: String, _ range: ByteRange) -> Location {
        guard let index = index(path) else { return Location(line: 1, column: 1, endLine: 1, endColumn: 1) }
        let start = position(path, index, range.start)
        let end = position(path, index, range.end)
        return Location(line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1)
    }

    /// 0-based line and column of `offset` in the map's unit, as `LineIndex.position`,
    /// `scalarPosition` and `utf16Position` give them.
    private func position(_ path: String, _ index: LineIndex, _ offset: Int) -> (line: Int, column: Int) {
        let (line, byteColumn) = index.position(of: offset)
        if unit == .bytes { return (line, byteColumn) }
        let clamped = max(offset, index.lineStarts[line])
        var from = (offset: index.lineStarts[line], column: 0)
        if let cursor = cursors[path], cursor.line == line, cursor.offset <= clamped { from = (cursor.offset, cursor.column) }
        let counted = unit == .utf16 ? index.utf16Count(from: from.offset, to: clamped) : index.scalarCount(from: from.offset, to: clamped)
        let column = from.column + counted
        cursors[path] = (line, clamped, column)
        return (line, column)
    }
}
