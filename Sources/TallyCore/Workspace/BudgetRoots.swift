#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds, for files named on the command line, the budget each belongs to, the way the
/// language server does for open files: a file that another budget includes is checked
/// as part of that budget, so `tally check 2026.tally` knows the wallets `main.tally`
/// declares.
///
/// The files that may include a named file are the `.tally` files of the folders
/// ``BudgetSearch`` names (its repository, or outside one the folders around and above
/// it); the root is found by ``RootFinder`` over their include lines. (A root named with
/// `--root` replaces the search; `CheckTargets` in TallyCLI handles that.)
public struct BudgetRoots {
    /// How a file's root was decided.
    public enum Source: Equatable, Sendable {
        /// Nothing includes the file: it is its own budget.
        case itself
        /// Found by walking the include lines of the search folder's files up.
        case includedBy
    }

    private let provider: any FileProvider
    private let currentDirectory: String
    /// Include lines of texts that stand in for files (`--stdin-filename`).
    private let buffers: [String: [String]]
    /// The files the search is for (absolute). The folder walk does not read them; each
    /// is read only when its include lines matter: when another named file is looked up
    /// (it may include that one), or when it turns out to be included itself (its own
    /// includes tell files that include each other apart). So checking one large budget
    /// that nothing includes never reads it twice.
    private let named: Set<String>
    private var namedIncludes: [String: [String]] = [:]
    private var workspaces: [String: WorkspaceFiles] = [:]
    /// Canonical paths already asked for: every lookup walks the same include lines, and
    /// each canonical path costs the disk a `realpath`.
    private let canonical: CanonicalPaths
    /// Which folders the search may read.
    private let trust: FolderTrust

    /// A search for the roots of `named` files over `provider`'s files. `buffers` are
    /// texts that stand in for files on disk (`--stdin-filename`): their include lines
    /// count instead of the disk's. `trust` tells which folders the search may read.
    public init(
        provider: any FileProvider, currentDirectory: String = FileManager.default.currentDirectoryPath,
        buffers: [String: [UInt8]] = [:], named: [String] = [], trust: FolderTrust = .ownedByUser
    ) {
        self.provider = provider
        self.trust = trust
        self.canonical = CanonicalPaths(provider)
        self.currentDirectory = currentDirectory
        var open: [String: [String]] = [:]
        for (path, bytes) in buffers {
            let absolute = Self.absolute(path, in: currentDirectory)
            open[absolute] = IncludeScanner.includes(of: bytes, path: absolute)
        }
        self.buffers = open
        self.named = Set(named.map { Self.absolute($0, in: currentDirectory) }).subtracting(open.keys)
    }

    /// The include lines of a named file, read once.
    private mutating func includes(ofNamed path: String) -> [String] {
        if let known = namedIncludes[path] { return known }
        let found = (try? provider.read(path)).map { IncludeScanner.includes(of: $0, path: path) } ?? []
        namedIncludes[path] = found
        return found
    }

    /// The root of the budget `path` belongs to, spelled relative to the current
    /// directory when it lies below it (so reports name files as the user would), or
    /// `path` itself when nothing includes it.
    public mutating func root(of path: String) -> (root: String, source: Source) {
        let absolute = Self.absolute(path, in: currentDirectory)
        let folders = BudgetSearch.folders(for: absolute, trust: trust)
        let key = folders.map { "\($0.depth) \($0.path)" }.joined(separator: "\n")
        var workspace = workspaces[key] ?? WorkspaceFiles(nearby: folders, skipping: named, trust: trust)
        if workspaces[key] == nil {
            workspace.refresh()
            workspaces[key] = workspace
        }
        let canonical = self.canonical
        var open = buffers
        for other in named where other != absolute { open[other] = includes(ofNamed: other) }
        func walk() -> (root: String?, cycle: Bool) {
            RootFinder(
                open: open, workspace: workspace, configuredRoot: nil,
                canonical: { canonical.of($0) }
            ).walkUp(from: absolute)
        }
        var found = walk()
        guard found.root != nil else { return (path, .itself) }
        if named.contains(absolute) {
            open[absolute] = includes(ofNamed: absolute)
            found = walk()
        }
        // Files that include each other have no root above them: each is checked as a
        // budget of its own, which reports the cycle.
        guard let root = found.root, !found.cycle,
            canonical.of(root) != canonical.of(absolute)
        else { return (path, .itself) }
        return (Self.relative(root, to: currentDirectory), .includedBy)
    }

    /// `path` made absolute against `directory` and normalized (no `.` or `..` parts).
    public static func absolute(_ path: String, in directory: String) -> String {
        Paths.normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// `path` relative to `directory` when it lies below it, else unchanged.
    static func relative(_ path: String, to directory: String) -> String {
        let base = Paths.normalize(directory)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// A file provider's canonical paths, each worked out once.
private final class CanonicalPaths {
    private let provider: any FileProvider
    private var known: [String: String] = [:]

    init(_ provider: any FileProvider) { self.provider = provider }

    func of(_ path: String) -> String {
        if let found = known[path] { return found }
        let found = provider.canonicalPath(path)
        known[path] = found
        return found
    }
}
