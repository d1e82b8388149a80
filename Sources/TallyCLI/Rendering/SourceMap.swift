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
final class SourceMap {
    private var sources: [String: SourceText] = [:]
    private var indexes: [String: LineIndex] = [:]

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
        let start = index.scalarPosition(of: range.start)
        let end = index.scalarPosition(of: range.end)
        return Location(line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1)
    }
}
