import Foundation

/// A folder of a test's own under the system's temporary folder, with a name no other
/// test or run shares, removed with everything in it by `remove()` or when the value is
/// released.
///
/// Swift may release a value after its last use rather than at the end of its scope, so a
/// test that goes on using `url` or `path` keeps the folder with `defer { folder.remove() }`
/// (or holds it in a property and removes it in `tearDown`).
public final class TemporaryFolder: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// The folder's path.
    public var path: String { url.path }

    /// Creates the folder, named `tally-LABEL-UUID`.
    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// Removes the folder and everything in it; later calls do nothing.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `name` (which may hold `/`) inside the folder.
    public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The path of `name` (which may hold `/`) inside the folder.
    public func path(_ name: String) -> String { url(name).path }

    /// Writes `text` as UTF-8 to `name` inside the folder, creating the folders on the way,
    /// and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let file = url(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The UTF-8 text of `name` inside the folder.
    public func read(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }
}
