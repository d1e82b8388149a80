import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Counts the server's analyses, readable from any thread: background work for one
/// analysis (building its look-up tables) asks whether a newer analysis has replaced it
/// and stops early if so, rather than compete with the newer one for the cores and keep
/// an outdated model in memory.
final class AnalysisGeneration: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0

    /// Starts a new generation and returns it.
    func advance() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value &+= 1
        return value
    }

    /// True while `generation` is the latest.
    func isCurrent(_ generation: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return value == generation
    }
}
