#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Where the budget that includes a file may be: the one rule `tally check`
/// (``BudgetRoots``) and the language server (which adds its workspace folders) share, so
/// an included file is checked as part of the same budget in the editor, in hooks and in
/// CI, whatever folder the editor took as its root.
///
/// Only folders ``FolderTrust`` trusts are read (by default: the user's own, which
/// others cannot write to). The walk up from the file's folder stops at the first
/// folder it may not read, such as `/tmp` or a folder of another user; so a budget in
/// `/tmp/x/` is looked for in `/tmp/x/` and below, never among other people's files.
///
/// - Inside a repository (the nearest folder above the file with `.git`, `.hg`, `.svn` or
///   `.jj`, reached before that stop): the whole repository.
/// - Outside one: the tree of the folder above the file's folder, to ``siblingDepth``
///   levels below it (the file's own folder, its sibling folders and their subfolders,
///   so `budget/main.tally` including `../data/2026.tally` is found), and each folder
///   further up without its subfolders (an includer there names a file below it). When
///   the folder above may not be read, the file's own folder to one level less; when it
///   is the file system's root, only the folders themselves.
///
/// What a search reads is bounded by ``WorkspaceFiles``: at most
/// ``WorkspaceFiles/entryLimit`` folder entries and ``WorkspaceFiles/fileLimit`` `.tally`
/// files, ``WorkspaceFiles/byteLimit`` bytes in all, skipping hidden folders,
/// `node_modules` and subfolders it may not read; so a budget kept in a home folder does
/// not make the search crawl it.
public enum BudgetSearch {
    /// A folder to search, and how many levels of its subfolders.
    public struct Folder: Hashable, Sendable {
        /// The folder's absolute path.
        public var path: String
        /// Levels of subfolders searched: 0 for the folder's own files, ``whole`` for all.
        public var depth: Int

        /// Every level of subfolders.
        public static let whole = Int.max

        /// A folder searched to `depth` levels of subfolders.
        public init(_ path: String, depth: Int) {
            self.path = path
            self.depth = depth
        }
    }

    /// Levels below the folder above a file's folder that are searched outside a
    /// repository: the file's sibling folders and two levels of their subfolders.
    public static let siblingDepth = 3

    /// The folders whose `.tally` files may include the file at `path` (absolute), among
    /// those `trust` lets the search read.
    public static func folders(for path: String, trust: FolderTrust = .ownedByUser) -> [Folder] {
        var above: [String] = []
        var folder = Paths.directory(of: path)
        while trust.trusts(folder) {
            for marker in [".git", ".hg", ".svn", ".jj"] where access(folder + "/" + marker, F_OK) == 0 {
                return [Folder(folder, depth: Folder.whole)]
            }
            above.append(folder)
            let parent = Paths.directory(of: folder)
            if parent == folder { break }
            folder = parent
        }
        // `above` runs from the file's folder up to the first folder that may not be read
        // (or the file system's root).
        switch above.count {
        case 0: return []
        case 1: return [Folder(above[0], depth: above[0] == "/" ? 0 : siblingDepth - 1)]
        case 2 where above[1] == "/": return above.map { Folder($0, depth: 0) }
        default: return [Folder(above[1], depth: siblingDepth)] + above.dropFirst(2).map { Folder($0, depth: 0) }
        }
    }

    /// ``folders(for:trust:)`` remembered per folder, for a caller that asks again for the
    /// same files (the language server, at every save): the walk up costs a few system
    /// calls a folder. ``forget()`` when folders may have changed (a repository made).
    public struct Cache: Sendable {
        private var known: [String: [Folder]] = [:]
        private let trust: FolderTrust

        /// An empty cache that decides with `trust`.
        public init(trust: FolderTrust = .ownedByUser) { self.trust = trust }

        /// The folders searched for the file at `path` (absolute).
        public mutating func folders(for path: String) -> [Folder] {
            let folder = Paths.directory(of: path)
            if let found = known[folder] { return found }
            let found = BudgetSearch.folders(for: path, trust: trust)
            known[folder] = found
            return found
        }

        /// Forgets every answer.
        public mutating func forget() { known = [:] }
    }
}
