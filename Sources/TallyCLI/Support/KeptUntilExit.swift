import Foundation
import TallyCore

/// Large budgets and models the CLI never frees.
///
/// `tally` exits right after printing, and the operating system takes the memory back at
/// once; freeing millions of array elements and strings one by one first costs a few per
/// cent of a large `check`. Only values of files at least ``minimumSize`` bytes are kept,
/// so tests that run the tool in-process many times on small files do not pile up memory.
/// A command that runs for long and runs others in-process (`tally serve`, whose
/// `/api/diagnostics` is `tally check` after every save) calls ``keepNothing()`` first:
/// kept, each check's budget stayed, some 60 MB a save at 100k transactions.
enum KeptUntilExit {
    /// Budgets smaller than this are freed as usual.
    static let minimumSize = ConcurrentParse.threshold

    private static let storage = Storage()

    /// Keeps `value` alive for the life of the process when `budget` is large.
    static func keep(_ value: some Sendable, of budget: Budget) {
        let size = budget.files.reduce(0) { $0 + $1.tree.source.bytes.count }
        guard size >= minimumSize else { return }
        storage.add(value)
    }

    /// From now on, frees everything as usual (and what was kept): for a process that
    /// lives on after the command.
    static func keepNothing() { storage.stop() }

    /// How many values are kept now.
    static var count: Int { storage.count }

    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [any Sendable] = []
        private var stopped = false

        func add(_ value: any Sendable) {
            lock.lock()
            if !stopped { values.append(value) }
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return values.count
        }

        func stop() {
            lock.lock()
            stopped = true
            let dropped = values
            values = []
            lock.unlock()
            _ = dropped
        }
    }
}
