import Dispatch
import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Runs independent pieces of work on all cores and returns their results in order: the
/// blocks a rename lays out (``Formatter/layingOut(_:in:path:blockLimit:run:)``), which
/// can be every block of a large budget.
enum ConcurrentJobs {
    static func run<Value: Sendable>(_ jobs: [@Sendable () -> Value]) -> [Value] {
        guard jobs.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 else { return jobs.map { $0() } }
        let slots = ResultSlots<Value>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { slots.store(jobs[$0](), at: $0) }
        return slots.takeAll()
    }
}
