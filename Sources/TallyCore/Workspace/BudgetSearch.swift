import Foundation

/// Where the budget that includes a file may be: the one rule `tally check`
/// (``BudgetRoots``) and the language server (which adds its workspace folders) share, so
/// an included file is checked as part of the same budget in the editor, in hooks and in
/// CI, whatever folder the editor took as its root.
///
/// - Inside a repository (the nearest folder above the file with `.git`, `.hg`, `.svn` or
///   `.jj`): the whole repository.
/// - Outside one: the tree of the folder above the file's folder, to ``siblingDepth``
///   levels below it (the file's own folder, its sibling folders and their subfolders,
///   so `budget/main.tally` including `../data/2026.tally` is found), and each folder
///   further up without its subfolders (an includer there names a file below it).
///   When the folder above is the file system's root, only the folders themselves.
///
/// What a search reads is bounded by ``WorkspaceFiles``: at most
/// ``WorkspaceFiles/entryLimit`` folder entries and ``WorkspaceFiles/fileLimit`` `.tally`
/// files of at most 64 MiB each, skipping hidden folders and `node_modules`; so a budget
/// kept in a home folder does not make the search crawl it.
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

    /// The folders whose `.tally` files may include the file at `path` (absolute).
    public static func folders(for path: String) -> [Folder] {
        let manager = FileManager.default
        var above: [String] = []
        var folder = Paths.directory(of: path)
        while true {
            for marker in [".git", ".hg", ".svn", ".jj"] where manager.fileExists(atPath: folder + "/" + marker) {
                return [Folder(folder, depth: Folder.whole)]
            }
            above.append(folder)
            let parent = Paths.directory(of: folder)
            if parent == folder { break }
            folder = parent
        }
        // `above` runs from the file's folder up to the file system's root.
        guard above.count >= 3 else { return above.map { Folder($0, depth: 0) } }
        return [Folder(above[1], depth: siblingDepth)] + above.dropFirst(2).map { Folder($0, depth: 0) }
    }
}
