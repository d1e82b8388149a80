import TallySyntax

/// One file of a budget, parsed.
public struct BudgetFile: Sendable {
    /// The path as shown to people (relative paths stay relative).
    public let path: String
    /// The parsed file.
    public let tree: SyntaxTree
    /// The file's `tally-ignore` comments.
    public let suppressions: Suppressions
    /// How the text differs from an earlier load's (``BudgetLoader/init(provider:reusing:)``),
    /// when it was re-read: later work on the same edit starts from it.
    public internal(set) var edit: FileEdit?
}

/// What changed in a file since an earlier load of it: the tree it was re-read from (by
/// identity: that tree is alive as long as the earlier budget is) and the region that
/// differs.
public struct FileEdit: Sendable {
    /// The earlier tree.
    public let previous: ObjectIdentifier
    /// Where the texts differ, widened to cuts.
    public let region: ChangedRegion
}

/// A budget: a root file and every file it includes, each parsed once, with the
/// diagnostics of reading them. All files form one budget.
public struct Budget: Sendable {
    /// The files, the root first, then includes in the order they were reached.
    public let files: [BudgetFile]
    /// Problems found while reading: syntax errors and include problems, unsorted.
    public let diagnostics: [Diagnostic]

    /// The root file.
    public var root: BudgetFile { files[0] }

    /// The file at `path`, if it is part of the budget.
    public func file(_ path: String) -> BudgetFile? { files.first { $0.path == path } }
}

/// Reads a budget from its root file, following `include` directives.
public struct BudgetLoader: Sendable {
    let provider: any FileProvider
    /// Trees from an earlier load, by path: a file read again is parsed again only where
    /// its bytes changed (``Parser/reparse(_:previous:parseWhole:)``).
    let previous: [String: SyntaxTree]

    /// Creates a loader reading through `provider`.
    public init(provider: any FileProvider = DiskFileProvider()) {
        self.provider = provider
        previous = [:]
    }

    /// Creates a loader that reuses the trees of `previous`, an earlier load of the same
    /// budget: what an editor does after each change. The result is the same as a fresh load.
    public init(provider: any FileProvider = DiskFileProvider(), reusing previous: Budget?) {
        self.provider = provider
        var trees: [String: SyntaxTree] = [:]
        for file in previous?.files ?? [] { trees[file.path] = file.tree }
        self.previous = trees
    }

    /// Creates a loader that takes each of `parsed` as the parse of the file at its path
    /// while that file still holds the tree's bytes: a caller that has just parsed a text
    /// it hands over (through an in-memory provider) is spared parsing it again.
    public init(provider: any FileProvider = DiskFileProvider(), parsed: [SyntaxTree]) {
        self.provider = provider
        previous = Dictionary(parsed.map { ($0.source.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Loads the budget rooted at `path`.
    ///
    /// Only a root that cannot be read throws; an include that cannot be read, and a cycle
    /// of includes, are diagnostics on the `include` line, and the rest is read as usual.
    public func load(_ path: String) throws(FileReadError) -> Budget {
        let bytes = try provider.read(path)
        var state = LoadState(previous: previous)
        state.walk(root: path, bytes: bytes, provider: provider)
        return Budget(files: state.files, diagnostics: state.diagnostics)
    }
}

/// The walk over the include graph, depth first, with its own stack rather than the
/// thread's, so that a chain of includes thousands of files deep is read like any other.
/// Files and diagnostics come out in the order a recursive walk gives them: a file, then
/// each of its includes (and theirs) in the order written.
private struct LoadState {
    var files: [BudgetFile] = []
    var diagnostics: [Diagnostic] = []
    /// Canonical path of each file read, with where it was first included.
    var seen: [String: (path: String, includedAt: DiagnosticNote?)] = [:]
    let previous: [String: SyntaxTree]

    /// A file being read: its includes, and how many of them were followed.
    struct Frame {
        let canonical: String
        let path: String
        let includes: [(target: String, range: ByteRange)]
        var next = 0
    }
    /// The files from the root to the one being read.
    var stack: [Frame] = []
    /// Position in `stack` of each canonical path on it, to find cycles without a search.
    var onStack: [String: Int] = [:]

    mutating func walk(root: String, bytes: [UInt8], provider: any FileProvider) {
        enter(path: root, bytes: bytes, provider: provider, includedAt: nil)
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].includes.count else {
                onStack[stack[top].canonical] = nil
                stack.removeLast()
                continue
            }
            let (target, range) = stack[top].includes[stack[top].next]
            stack[top].next += 1
            let path = stack[top].path
            let targetPath = Paths.resolve(target, from: path)
            let targetCanonical = provider.canonicalPath(targetPath)
            let here = DiagnosticNote(file: path, range: range, message: "included here")
            if let cycleStart = onStack[targetCanonical] {
                let chain = stack[cycleStart...].map(\.path) + [targetPath]
                diagnostics.append(
                    Diagnostic(
                        .includeCycle, "including `\(target)` here makes a cycle: \(chain.joined(separator: " → "))",
                        file: path, range: range,
                        help: "a file cannot include itself, directly or through other files; remove one of the includes"))
                continue
            }
            if let first = seen[targetCanonical] {
                var notes: [DiagnosticNote] = []
                if let firstInclude = first.includedAt { notes.append(DiagnosticNote(file: firstInclude.file, range: firstInclude.range, message: "first included here")) }
                diagnostics.append(
                    Diagnostic(
                        .duplicateInclude, "`\(target)` is already part of the budget; its entries are read only once",
                        file: path, range: range, notes: notes))
                continue
            }
            do {
                let bytes = try provider.read(targetPath)
                enter(path: targetPath, bytes: bytes, provider: provider, includedAt: here)
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .includeNotFound, "cannot include `\(target)`: \(error.explanation)",
                        file: path, range: range,
                        help: "include paths are relative to the including file; this one resolves to \(targetPath)"))
            }
        }
    }

    /// Parses one file, records it and its diagnostics, and puts it on the stack.
    mutating func enter(path: String, bytes: [UInt8], provider: any FileProvider, includedAt: DiagnosticNote?) {
        let canonical = provider.canonicalPath(path)
        let source = SourceText(path: path, bytes: bytes)
        var tree: SyntaxTree
        var edit: FileEdit?
        if let earlier = previous[path] {
            if let region = Parser.changedRegion(from: earlier.source.bytes, to: bytes) {
                tree = Parser.reparse(source, previous: earlier, changed: region, parseWhole: { ConcurrentParse.parse($0) })
                edit = FileEdit(previous: ObjectIdentifier(earlier), region: region)
            } else {
                tree = earlier  // the same bytes
            }
        } else {
            tree = ConcurrentParse.parse(source)
        }
        let suppressions = Suppressions(tree: tree)
        files.append(BudgetFile(path: path, tree: tree, suppressions: suppressions, edit: edit))
        diagnostics += tree.diagnostics
        diagnostics += suppressions.diagnostics
        seen[canonical] = (path, includedAt)
        var includes: [(target: String, range: ByteRange)] = []
        for entry in tree.entries(of: .includeDirective) {
            guard let include = IncludeDirectiveSyntax(entry), let target = include.path, let range = include.pathRange else { continue }
            includes.append((target, range))
        }
        onStack[canonical] = stack.count
        stack.append(Frame(canonical: canonical, path: path, includes: includes))
    }
}
