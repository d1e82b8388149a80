import TallySyntax

/// One change of a `didChange` notification: a replaced range, or the whole text.
public struct DocumentChange: Sendable {
    /// The replaced range in client positions; nil replaces the whole text.
    public var range: LSPRange?
    /// The new text.
    public var text: String

    /// Creates a change.
    public init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }
}

/// An open editor buffer: its text as bytes, version and line table.
public struct Document: Sendable {
    /// The URI the client names it by.
    public let uri: String
    /// The path the budget loader reads it under.
    public let path: String
    /// The client's version of the text.
    public private(set) var version: Int
    /// The text.
    public private(set) var bytes: [UInt8]
    /// Line starts of `bytes`.
    public private(set) var lines: LineIndex
    /// The text before the last edit, kept for its storage: by the next edit the analysis
    /// that shared it is gone, and writing the new text into memory already in use costs
    /// no fresh pages (a whole budget's worth, each zeroed by the system first).
    private var spare: [UInt8] = []

    /// Opens a document.
    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.path = DocumentURI.path(of: uri)
        self.version = version
        self.bytes = Array(text.utf8)
        self.lines = LineIndex(SourceText(path: path, bytes: bytes))
    }

    /// Applies `changes` in order (each range is read against the text left by the one
    /// before, as the protocol says) and takes the new version. Positions out of range are
    /// clamped; a range whose end precedes its start is read as empty at its start.
    public mutating func apply(_ changes: [DocumentChange], version: Int, encoding: PositionEncoding) {
        for change in changes {
            if let range = change.range {
                let start = lines.offset(of: range.start, encoding: encoding, textLength: bytes.count)
                let end = max(start, lines.offset(of: range.end, encoding: encoding, textLength: bytes.count))
                // The analysis shares the old bytes, so the edit copies them: into the text
                // before the last edit when nothing else holds it any more (else into a new
                // array), with room for exactly the new size (`replaceSubrange` on a shared
                // array would reserve room to grow, megabytes for a large budget).
                let text = change.text.utf8
                spare.removeAll(keepingCapacity: true)
                spare.reserveCapacity(bytes.count - (end - start) + text.count)
                spare.append(contentsOf: bytes[..<start])
                spare.append(contentsOf: text)
                spare.append(contentsOf: bytes[end...])
                swap(&bytes, &spare)
                lines = lines.replacing(start ..< end, insertedCount: text.count, in: bytes)
            } else {
                bytes = Array(change.text.utf8)
                lines = LineIndex(SourceText(path: path, bytes: bytes))
            }
        }
        self.version = version
    }

    /// The text as a string (invalid UTF-8 repaired), for tests and logs of lengths only.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
