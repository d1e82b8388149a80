import TallyCore

/// Large budgets and models the CLI never frees.
///
/// `tally` exits right after printing, and the operating system takes the memory back at
/// once; freeing millions of array elements and strings one by one first costs a few per
/// cent of a large `check`. Only values of files at least ``minimumSize`` bytes are kept,
/// so tests that run the tool in-process many times on small files do not pile up memory.
/// Only a one-shot command keeps: the library's actions never do (`tally serve` and
/// `tally lsp` live on, and call the library, never a command).
enum KeptUntilExit {
    /// Budgets smaller than this are freed as usual.
    static let minimumSize = ConcurrentParse.threshold

    private static let storage = Storage()

    /// Keeps `value` alive for the life of the process when `budget` is large.
    static func keep(_ value: some Sendable, of budget: Budget) {
        keep(value, ofSize: budget.files.reduce(0) { $0 + $1.tree.source.bytes.count })
    }

    /// Keeps `value` alive for the life of the process when it comes from a budget of
    /// `size` bytes that is large.
    static func keep(_ value: some Sendable, ofSize size: Int) {
        guard size >= minimumSize else { return }
        storage.add(value)
    }

    private final class Storage: @unchecked Sendable {
        private let lock = Lock()
        private var values: [any Sendable] = []

        func add(_ value: any Sendable) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }

    }
}
