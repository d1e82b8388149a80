import TallySyntax

/// What a column counts: Unicode characters (scalars) by default, as people count; UTF-8
/// bytes for Vim (`:make`, ALE), which place markers by byte; UTF-16 code units for tools
/// that count like JavaScript (`--column-unit`).
enum ColumnUnit: String, CaseIterable {
    case chars, bytes, utf16
}

/// A diagnostic's position: 1-based lines and 1-based columns in the map's
/// ``ColumnUnit``. The end is exclusive: `endColumn` is the column just past the range.
struct Location: Equatable {
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
}

/// The sources of every file diagnostics may point into, with their line indexes, built
/// once per file on first use.
final class SourceMap {
    /// What columns count.
    let unit: ColumnUnit
    private var sources: [String: SourceText] = [:]
    private var indexes: [String: LineIndex] = [:]

    init(unit: ColumnUnit = .chars) { self.unit = unit }

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
        func position(_ offset: Int) -> (line: Int, column: Int) {
            switch unit {
            case .chars: return index.scalarPosition(of: offset)
            case .utf16: return index.utf16Position(of: offset)
            case .bytes:
                let (line, byteColumn) = index.position(of: offset)
                return (line, byteColumn)
            }
        }
        let start = position(range.start)
        let end = position(range.end)
        return Location(line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1)
    }
}
