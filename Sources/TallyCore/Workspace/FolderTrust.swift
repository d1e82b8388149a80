#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Which folders the search for a file's budget (``BudgetSearch``, ``WorkspaceFiles``) may
/// read: a file someone else leaves in a shared folder must never change how your budget
/// is checked, nor make the search read it.
///
/// By default a folder is trusted when the user running Tally owns it and others cannot
/// write to it: `/tmp` itself (world-writable, sticky), its other users' subfolders and a
/// folder owned by someone else are never read. Tests inject their own rule (a test cannot
/// hand a folder to another user).
public struct FolderTrust: Sendable {
    /// Whether the folder at `path`, whose `stat` is `info`, may be read.
    public var trusts: @Sendable (_ path: String, _ info: stat) -> Bool

    /// A rule of the caller's own.
    public init(_ trusts: @escaping @Sendable (_ path: String, _ info: stat) -> Bool) {
        self.trusts = trusts
    }

    /// Folders the effective user owns that others cannot write to.
    public static let ownedByUser = FolderTrust { _, info in
        info.st_uid == geteuid() && info.st_mode & S_IWOTH == 0
    }

    /// Whether the folder at `path` exists, is a folder, and may be read.
    public func trusts(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return trusts(path, info)
    }
}
