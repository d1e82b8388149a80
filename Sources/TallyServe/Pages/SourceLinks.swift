import TallyCore
import TallySyntax

/// Links to the source view: a file is named by its place in the budget's list of files,
/// never by a path, so no other file can be asked for.
enum SourceLinks {
    /// The source view of the line at `location`, if its file is one of the budget's.
    static func href(_ location: SourceLocation, _ snapshot: BudgetStore.Snapshot) -> String? {
        href(path: location.file, offset: location.range.start, snapshot)
    }

    /// The source view of byte `offset` of `path`.
    static func href(path: String, offset: Int, _ snapshot: BudgetStore.Snapshot) -> String? {
        guard let index = snapshot.files.firstIndex(of: path), let lines = snapshot.lines[path] else { return nil }
        let line = lines.line(containing: offset) + 1
        return "/source?file=\(index)&line=\(line)#L\(line)"
    }
}
