import Foundation

/// Statements sent from the browser on the import screen, kept between the preview and
/// the confirmation (the confirm form carries only the upload's id). At most
/// ``capacity`` are kept, the oldest dropped first, each at most the largest body the
/// server reads (1 MB): the server's memory stays bounded however often a statement is
/// sent. Nothing of them is written anywhere but to the temporary file `tally import`
/// reads while it runs.
final class StatementUploads: @unchecked Sendable {
    /// A statement as sent: the file's own name and its bytes.
    struct Upload {
        let name: String
        let bytes: [UInt8]
    }

    /// How many uploads are kept.
    static let capacity = 4
    private var kept: [(id: String, upload: Upload)] = []
    private let lock = NSLock()

    /// Keeps `upload`, returning the id its confirm form carries.
    func keep(_ upload: Upload) -> String {
        let id = AccessRules.newToken()
        lock.lock()
        defer { lock.unlock() }
        kept.append((id, upload))
        if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        return id
    }

    /// The upload kept under `id`, if it still is.
    func upload(_ id: String) -> Upload? {
        lock.lock()
        defer { lock.unlock() }
        return kept.last { $0.id == id }?.upload
    }
}
