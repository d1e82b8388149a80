import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The ids of requests the client cancelled (`$/cancelRequest`), shared between the thread
/// that reads messages and the server's queue.
///
/// Requests are handled one at a time on the server's queue, so a cancellation handled in
/// its turn would always come after its request's answer. The reader therefore marks the
/// id as the notification arrives (``LanguageServer/post(_:)``); a request that is still
/// queued is then answered with RequestCancelled at once, and a long one that is running
/// sees the mark through ``isCancelled(_:)`` and stops. Once the queue has handled the
/// notification itself, its request has been answered, so the mark is removed (whatever
/// the notification turned out to be, before `initialize` too): the set stays as small as
/// the number of cancellations in flight.
///
/// A request answered beside the queue (``LanguageServer/answeredBeside``) may still run
/// when its cancellation's turn comes: its mark stays until its answer is out.
final class CancelledRequests: @unchecked Sendable {
    private let lock = Lock()
    private var ids: Set<JSON> = []
    private var beside: Set<JSON> = []

    /// Marks `id` cancelled.
    func cancel(_ id: JSON) {
        lock.lock()
        defer { lock.unlock() }
        ids.insert(id)
    }

    /// Forgets `id` (its request was answered), unless it is still being answered
    /// beside the queue.
    func forget(_ id: JSON) {
        lock.lock()
        defer { lock.unlock() }
        if !beside.contains(id) { ids.remove(id) }
    }

    /// `id` is being answered beside the queue: its mark, if one comes, stays until
    /// ``endBeside(_:)``.
    func beginBeside(_ id: JSON) {
        lock.lock()
        defer { lock.unlock() }
        beside.insert(id)
    }

    /// The answer to `id` went out (or its cancellation did): the mark goes.
    func endBeside(_ id: JSON) {
        lock.lock()
        defer { lock.unlock() }
        beside.remove(id)
        ids.remove(id)
    }

    /// True when the client cancelled `id`.
    func isCancelled(_ id: JSON) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return !ids.isEmpty && ids.contains(id)
    }
}

/// Bounds the bytes of messages read but not yet handled, so that a client writing faster
/// than the server answers cannot fill the memory: the reader waits once 64 MiB are queued
/// (one message of any size is always let through).
final class QueuedBytes: @unchecked Sendable {
    private let condition = Condition()
    private var queued = 0
    let limit: Int

    init(limit: Int = 64 << 20) { self.limit = limit }

    /// Waits until `count` more bytes may be queued, and counts them.
    func acquire(_ count: Int) {
        condition.lock()
        while queued > 0 && queued + count > limit { condition.wait() }
        queued += count
        condition.unlock()
    }

    /// Counts `count` bytes as handled.
    func release(_ count: Int) {
        condition.lock()
        queued -= count
        condition.broadcast()
        condition.unlock()
    }
}

extension ResponseError {
    /// The answer to a request the client cancelled (LSP's RequestCancelled).
    static let cancelled = ResponseError(code: requestCancelledCode, message: "the request was cancelled")
}
