import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// A table built on first use, once, under a lock of its own: requests on the server's
/// queue and the background build may ask at the same time, and one table being built
/// must not hold up a request that needs another.
final class LazyTable<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var built: Value?

    /// Whether the table is built, without building it.
    var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return built != nil
    }

    /// The table if it is built, without building it.
    var ifBuilt: Value? {
        lock.lock()
        defer { lock.unlock() }
        return built
    }

    /// The table, built by `build` if no one has built it yet.
    func value(_ build: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let value = build()
        built = value
        return value
    }
}
