import Foundation

/// The answers of writes made from the pages, kept on the server between a form's post
/// and the page it leads back to, which names one by a random key (`?done=KEY`).
///
/// The status box shows only an answer kept here, never text from the URL: otherwise any
/// website could link to a page with `?done=` saying whatever it liked ("your bank token
/// expired, run this") in the app's own voice. A key is shown once and then forgotten; an
/// unknown or used key shows nothing. At most ``capacity`` answers are kept, the oldest
/// dropped first, so memory stays bounded however many writes are made.
final class WriteAnswers: @unchecked Sendable {
    /// How many answers are kept.
    static let capacity = 16
    private var kept: [(key: String, answer: String)] = []
    private let lock = NSLock()

    /// Keeps `answer`, returning the key the page's URL carries.
    func keep(_ answer: String) -> String {
        let key = AccessRules.newToken()
        lock.lock()
        defer { lock.unlock() }
        kept.append((key, answer))
        if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        return key
    }

    /// The answer kept under `key`, forgotten as it is given; nil for any other text.
    func take(_ key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
        return kept.remove(at: index).answer
    }
}
