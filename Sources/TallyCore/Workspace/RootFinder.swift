import Foundation

/// Decides which budget an open file belongs to.
///
/// The root of a file is found by walking up the include graph: the file that includes
/// it, then the file that includes that one, until a file that nothing includes. The
/// graph is made of the open buffers (their unsaved text) and the `.tally` files of the
/// workspace folders. When several files include the same one, an open buffer is
/// preferred, then the includer in the nearest folder, then the first by name. A file
/// nothing includes is its own root, unless a root was configured (the language server's
/// `root` setting). The language server and `tally check` share it, so an included file
/// is checked as part of the same budget in the editor, in hooks and in CI.
public struct RootFinder {
    /// Canonical path of each included file → the files that include it.
    private var includers: [String: [String]] = [:]
    private let openPaths: Set<String>
    private let configuredRoot: String?
    private let canonical: (String) -> String

    /// `open` holds what each open buffer includes; it overrides the disk's version.
    public init(open: [String: [String]], workspace: WorkspaceFiles, configuredRoot: String?, canonical: @escaping (String) -> String) {
        self.openPaths = Set(open.keys)
        self.configuredRoot = configuredRoot
        self.canonical = canonical
        var edges: [String: [String]] = workspace.includes
        for (path, targets) in open { edges[path] = targets }
        for (from, targets) in edges {
            for target in targets { includers[canonical(target), default: []].append(from) }
        }
    }

    /// The root of the budget `path` belongs to.
    public func root(of path: String) -> String {
        if let found = walkUp(from: path).root { return found }
        return configuredRoot ?? path
    }

    /// The file at the top of `path`'s includers, or nil when nothing includes `path`;
    /// `cycle` tells that the walk stopped at a file it had passed already (files that
    /// include each other), rather than at a file nothing includes.
    public func walkUp(from path: String) -> (root: String?, cycle: Bool) {
        var current = path
        var visited: Set<String> = [canonical(path)]
        var cycle = false
        while let parent = includer(of: current) {
            let key = canonical(parent)
            if visited.contains(key) { cycle = true; break }
            visited.insert(key)
            current = parent
        }
        return (current != path ? current : nil, cycle)
    }

    private func includer(of path: String) -> String? {
        guard let candidates = includers[canonical(path)], !candidates.isEmpty else { return nil }
        let folder = Paths.directory(of: path)
        return candidates.min { a, b in
            let aOpen = openPaths.contains(a), bOpen = openPaths.contains(b)
            if aOpen != bOpen { return aOpen }
            let da = Self.distance(Paths.directory(of: a), folder), db = Self.distance(Paths.directory(of: b), folder)
            if da != db { return da < db }
            return a < b
        }
    }

    /// Folder steps between two folders (up to their common ancestor and down again).
    static func distance(_ a: String, _ b: String) -> Int {
        let pa = a.split(separator: "/"), pb = b.split(separator: "/")
        var common = 0
        while common < min(pa.count, pb.count) && pa[common] == pb[common] { common += 1 }
        return (pa.count - common) + (pb.count - common)
    }
}

/// The `.tally` files of the workspace folders and what each includes, re-read only when a
/// file's size or modification time changes.
public struct WorkspaceFiles {
    /// The folders searched.
    public var folders: [String] = []
    /// Path → the paths it includes.
    public private(set) var includes: [String: [String]] = [:]
    private var stamps: [String: Stamp] = [:]

    /// Most `.tally` files read per scan.
    public static let fileLimit = 5000
    /// Most folder entries visited per scan, whatever they are, so that a huge home folder
    /// opened as a workspace stays quick.
    static let entryLimit = 50_000
    /// Files larger than this are not scanned for includes.
    static let sizeLimit = 64 << 20

    /// Whether subfolders are searched too (workspace folders, a repository), or only the
    /// folders' own files (the folders above a file outside any repository).
    public var recursive: Bool

    /// Files listed but not read: their include lines come from elsewhere (the files
    /// `tally check` was given, which it reads only when their includes matter).
    public var skipping: Set<String>

    /// Creates the list for `folders`; nothing is read until ``refresh()``.
    public init(folders: [String] = [], recursive: Bool = true, skipping: Set<String> = []) {
        self.folders = folders
        self.recursive = recursive
        self.skipping = skipping
    }

    /// Re-reads the folders' listing and any file that changed. The walk uses the system's
    /// directory calls, not Foundation's enumerator, which costs tens of thousands of
    /// instructions an entry: `tally check` walks a whole repository each time it runs.
    /// Hidden entries, `node_modules` and links to folders (which could loop) are skipped;
    /// only regular files (or links to them) named `*.tally` are read.
    public mutating func refresh() {
        var seen = Set<String>()
        var count = 0
        var visited = 0
        let disk = DiskFileProvider()
        for root in folders {
            var pending = [Paths.normalize(root)]
            var isRoot = true
            while let folder = pending.popLast(), count < Self.fileLimit, visited < Self.entryLimit {
                let descends = recursive || isRoot
                isRoot = false
                guard descends, let directory = opendir(folder) else { continue }
                defer { closedir(directory) }
                while let entry = readdir(directory), count < Self.fileLimit, visited < Self.entryLimit {
                    visited += 1
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name.hasPrefix(".") || name == "node_modules" { continue }
                    let path = folder == "/" ? "/" + name : folder + "/" + name
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    var kind = info.st_mode & S_IFMT
                    if kind == S_IFDIR {
                        if recursive { pending.append(path) }
                        continue
                    }
                    guard name.hasSuffix(".tally") else { continue }
                    if kind == S_IFLNK {
                        guard stat(path, &info) == 0 else { continue }
                        kind = info.st_mode & S_IFMT
                    }
                    guard kind == S_IFREG else { continue }
                    count += 1
                    seen.insert(path)
                    let stamp = Stamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size))
                    if stamps[path] == stamp { continue }
                    stamps[path] = stamp
                    guard stamp.size <= Self.sizeLimit, !skipping.contains(path), let bytes = try? disk.read(path) else {
                        includes[path] = []
                        continue
                    }
                    includes[path] = IncludeScanner.includes(of: bytes, path: path)
                }
            }
        }
        for path in includes.keys where !seen.contains(path) {
            includes[path] = nil
            stamps[path] = nil
        }
    }

    /// What tells that a file changed: its modification time and size.
    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
    }
}
