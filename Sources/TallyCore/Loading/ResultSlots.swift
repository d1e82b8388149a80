import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Results of work done on several threads at once (`DispatchQueue.concurrentPerform`):
/// one slot per piece of work, each written by exactly one thread and read after they all
/// returned. The lock only makes that hand-over visible across threads.
///
/// Taking a result leaves no reference to it behind, so that whoever takes it holds the
/// only one and can grow its arrays in place.
public final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = Lock()

    /// Room for `count` results.
    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores the result of piece `index`.
    public func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Takes the result of piece `index` out.
    public func take(_ index: Int) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return slots[index].take()!
    }

    /// Takes every result out, in order.
    public func takeAll() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        let values = slots.map { $0! }
        slots = []
        return values
    }
}
