import TallySyntax

/// A change to a budget's files, made in memory: the new contents of the files it
/// touches, in the order they were first touched. Nothing is on disk until
/// ``BudgetEditor/write(_:)`` writes a checked edit.
public struct BudgetEdit: Sendable {
    /// The budget the edit starts from.
    public let budget: Budget
    /// The files the edit changes, in the order they were first changed.
    public private(set) var paths: [String] = []
    private var contents: [String: [UInt8]] = [:]

    /// An edit of `budget` that changes nothing yet.
    public init(of budget: Budget) {
        self.budget = budget
    }

    /// True when the edit changes no file.
    public var isEmpty: Bool { paths.isEmpty }

    /// The new contents of every file the edit changes, by path.
    public var buffers: [String: [UInt8]] { contents }

    /// The contents of `path` as the edit leaves it: new if the edit changed it, else as
    /// the budget read it (empty for a file the budget does not hold).
    public func bytes(of path: String) -> [UInt8] {
        contents[path] ?? budget.file(path)?.tree.source.bytes ?? []
    }

    /// Gives `path` the contents `bytes`.
    public mutating func replace(_ path: String, with bytes: [UInt8]) {
        if contents[path] == nil { paths.append(path) }
        contents[path] = bytes
    }

    /// Adds `lines` at the end of `path`, each ended by `lineEnding`, after a line ending
    /// if the file's last line lacks one. Every byte already in the file stays.
    public mutating func append(_ lines: [String], to path: String, lineEnding: [UInt8]) {
        replace(path, with: Self.appending(lines, to: bytes(of: path), lineEnding: lineEnding))
    }

    /// Inserts each text at its offset (in bytes, into the file as the edit leaves it so
    /// far) in `path`; texts at the same offset keep their order.
    public mutating func insert(_ texts: [(offset: Int, text: String)], into path: String) {
        var result = bytes(of: path)
        for insert in texts.enumerated().sorted(by: { ($0.element.offset, $0.offset) > ($1.element.offset, $1.offset) }) {
            result.insert(contentsOf: Array(insert.element.text.utf8), at: insert.element.offset)
        }
        replace(path, with: result)
    }

    /// `bytes` with `lines` added at the end, after a line ending if the last line lacks one.
    static func appending(_ lines: [String], to bytes: [UInt8], lineEnding: [UInt8]) -> [UInt8] {
        var result = bytes
        if let last = result.last, last != 0x0A && last != 0x0D { result += lineEnding }
        for line in lines { result += Array(line.utf8) + lineEnding }
        return result
    }
}
