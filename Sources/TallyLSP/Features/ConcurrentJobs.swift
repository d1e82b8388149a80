import Foundation

/// Runs independent pieces of work on all cores and returns their results in order: the
/// blocks a rename lays out (``Formatter/layingOut(_:in:path:blockLimit:run:)``), which
/// can be every block of a large budget.
enum ConcurrentJobs {
    static func run<Value: Sendable>(_ jobs: [@Sendable () -> Value]) -> [Value] {
        guard jobs.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return jobs.map { $0() } }
        let slots = Slots<Value>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { slots.store(jobs[$0](), at: $0) }
        return slots.values
    }

    /// One slot per job, each written by one thread; the lock makes the writes visible to
    /// the thread that reads them after all have returned.
    private final class Slots<Value>: @unchecked Sendable {
        private var slots: [Value?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func store(_ value: Value, at index: Int) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [Value] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}
