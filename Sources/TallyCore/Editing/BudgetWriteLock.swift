#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Writes to budgets, one at a time: within this process a lock every writer takes (the
/// web app's requests run on threads of their own), and across processes an advisory
/// `flock` on the folder of the budget's root file (two `tally` commands, `tally serve`
/// and `tally add` from a phone shortcut). An action holds it from reading the budget to
/// writing it, so that of two writes sent together the second reads what the first
/// wrote and both land. Programs that take no lock (an editor saving the file) are met by
/// ``AtomicFile``'s check at the rename instead.
///
/// The lock is re-entrant within a thread of this process: an action that holds it may
/// call another that takes it.
public enum BudgetWriteLock {
    private static let lock = Lock(recursive: true)
    /// How deep the holding thread is, and the folders it locked at depth one.
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var folders: [Int32] = []

    /// Runs `body` holding the lock for the budget whose root file is `path`.
    public static func holding<T, E: Error>(_ path: String, _ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        if depth == 0 { folders = lockFolder(of: path).map { [$0] } ?? [] }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 {
                for fd in folders {
                    flock(fd, LOCK_UN)
                    close(fd)
                }
                folders = []
            }
            lock.unlock()
        }
        return try body()
    }

    /// The folder holding `path`'s target, opened and locked; nil when it cannot be
    /// opened (a write then still meets ``AtomicFile``'s check).
    private static func lockFolder(of path: String) -> Int32? {
        let folder = Paths.deletingLastComponent(of: AtomicFile.resolvedTarget(of: path))
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return nil
            }
        }
        return fd
    }
}
