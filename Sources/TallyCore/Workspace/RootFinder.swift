#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
