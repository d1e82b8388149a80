import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Values the server keeps between one request and the next, each under a random key the
/// next request carries, at most ``capacity`` of them (the oldest dropped first), so that
/// memory stays bounded however many requests come.
///
/// Two uses:
/// - **Statements sent from the browser** on the import screen, kept between the preview
///   and the confirmation (the confirm form carries only the upload's id). Each is at most
///   the largest body the server reads; nothing of them is written to disk.
/// - **The answers of writes** made from the pages, kept between a form's post and the page
///   it leads back to (`?done=KEY`). The status box shows only an answer kept here, never
///   text from the URL: otherwise any website could link to a page with `?done=` saying
///   whatever it liked ("your bank token expired, run this") in the app's own voice. An
///   answer is taken once (``take(_:)``); an unknown or used key shows nothing.
final class KeptByKey<Value: Sendable>: @unchecked Sendable {
    let capacity: Int
    private var kept: [(key: String, value: Value)] = []
    private let lock = Lock()

    init(capacity: Int) { self.capacity = capacity }

    /// Keeps `value`, returning the key the next request carries.
    func keep(_ value: Value) -> String {
        let key = AccessRules.newToken()
        lock.lock()
        defer { lock.unlock() }
        kept.append((key, value))
        if kept.count > capacity { kept.removeFirst(kept.count - capacity) }
        return key
    }

    /// The value kept under `key`, if it still is; it stays kept.
    func value(_ key: String) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return kept.last { $0.key == key }?.value
    }

    /// The value kept under `key`, forgotten as it is given; nil for any other text.
    func take(_ key: String) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
        return kept.remove(at: index).value
    }
}
