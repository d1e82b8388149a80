#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock: what `NSLock` gave, without loading Foundation (whose start-up
/// every `tally` call would pay, issue 39).
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A lock; a `recursive` one (`NSRecursiveLock`) may be taken again by the thread
    /// holding it, and is free once unlocked as often.
    public init(recursive: Bool = false) {
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits until the lock is free, and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Frees the lock taken by ``lock()`` on this thread.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s value, computed while holding the lock.
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on: what `NSCondition` gave, without Foundation.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Waits until the lock is free, and takes it.
    public func lock() { pthread_mutex_lock(mutex) }

    /// Frees the lock.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Frees the lock until another thread calls ``broadcast()`` (or spuriously), then
    /// takes it again: call it in a loop that tests what it waits for.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting in ``wait()``.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
