import TallySyntax

/// A diagnostic's position as people count it: 1-based lines and 1-based columns in
/// Unicode scalars. The end is exclusive: `endColumn` is the column just past the range.
struct Location: Equatable {
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
}

/// The sources of every file diagnostics may point into, with their line indexes, built
/// once per file on first use.
///
/// Columns are counted from the last offset asked about on the same line when it lies
/// before the new one, not from the line's start: diagnostics come in file order, so the
/// thousands one long line can hold cost one pass over it, not one each.
final class SourceMap {
    private var sources: [String: SourceText] = [:]
    private var indexes: [String: LineIndex] = [:]
    /// The last offset whose column was counted, per file.
    private var cursors: [String: (line: Int, offset: Int, column: Int)] = [:]

    func add(_ source: SourceText) {
        if sources[source.path] == nil { sources[source.path] = source }
    }

    func source(_ path: String) -> SourceText? { sources[path] }

    func index(_ path: String) -> LineIndex? {
        if let index = indexes[path] { return index }
        guard let source = sources[path] else { return nil }
        let index = LineIndex(source)
        indexes[path] = index
        return index
    }

    func location(_ path: String, _ range: ByteRange) -> Location {
        guard let index = index(path) else { return Location(line: 1, column: 1, endLine: 1, endColumn: 1) }
        let start = position(path, index, range.start)
        let end = position(path, index, range.end)
        return Location(line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1)
    }

    /// 0-based line and scalar column of `offset`, as `LineIndex.scalarPosition` gives them.
    private func position(_ path: String, _ index: LineIndex, _ offset: Int) -> (line: Int, column: Int) {
        let (line, _) = index.position(of: offset)
        let clamped = max(offset, index.lineStarts[line])
        var from = (offset: index.lineStarts[line], column: 0)
        if let cursor = cursors[path], cursor.line == line, cursor.offset <= clamped { from = (cursor.offset, cursor.column) }
        let column = from.column + index.scalarCount(from: from.offset, to: clamped)
        cursors[path] = (line, clamped, column)
        return (line, column)
    }
}
