import TallyCore
import TallyFormat
import TallySyntax

/// One dated entry as a page showed it: its file, its first line, and a fingerprint of
/// its text then. An edit or a delete names the entry this way, and is refused when no
/// entry starts on that line now or its text is not what was shown: a change made since
/// (an editor's save, another write) is never overwritten by a stale form.
public struct EntryReference: Sendable, Equatable {
    /// The file, as the budget names it.
    public var file: String
    /// The entry's first line, from 1.
    public var line: Int
    /// ``FNV1a`` of the entry's lines (its continuation lines and line endings included),
    /// as 16 hexadecimal digits.
    public var fingerprint: String

    /// Creates the reference.
    public init(file: String, line: Int, fingerprint: String) {
        self.file = file
        self.line = line
        self.fingerprint = fingerprint
    }

    /// The reference of the entry at `location`, in its file's `bytes` (`lines` indexing
    /// them); nil when `location` does not start a line.
    public static func of(_ location: SourceLocation, bytes: [UInt8], lines: LineIndex) -> EntryReference? {
        let line = lines.line(containing: location.range.start)
        guard line < lines.lineStarts.count, lines.lineStarts[line] == location.range.start else { return nil }
        let span = location.range.start ..< linesEnd(location.range, in: bytes)
        return EntryReference(file: location.file, line: line + 1, fingerprint: FNV1a.hex(FNV1a.hash(bytes[span])))
    }

    /// Where the lines of the entry at `range` end: after the line ending of its last line.
    static func linesEnd(_ range: ByteRange, in bytes: [UInt8]) -> Int {
        var end = max(range.start, range.end - 1)
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return min(end + 1, bytes.count)
    }
}

/// An entry found by its ``EntryReference`` in a budget read for a write.
struct LocatedEntry {
    /// The entry as it was shown.
    let reference: EntryReference
    let path: String
    /// Index into the model's entries.
    let index: Int
    /// Its whole lines, line endings included.
    let span: Range<Int>
    let bytes: [UInt8]
    let tree: SyntaxTree

    /// The entry `reference` names in `editor`'s budget, as it was shown; refused otherwise.
    init(_ reference: EntryReference, in editor: BudgetEditor) throws(ActionRefusal) {
        let path = reference.file
        guard let file = editor.budget.file(path) else { throw .request("`\(path)` is not a file of this budget") }
        let lines = LineIndex(file.tree.source)
        let stale = ActionRefusal.budget("the entry on line \(reference.line) of `\(path)` changed since it was shown; nothing written")
        guard reference.line >= 1, reference.line <= lines.lineStarts.count else { throw stale }
        let start = lines.lineStarts[reference.line - 1]
        guard let index = editor.model.entries.firstIndex(where: { $0.location.file == path && $0.location.range.start == start }),
            let now = EntryReference.of(editor.model.entries[index].location, bytes: file.tree.source.bytes, lines: lines),
            now.fingerprint == reference.fingerprint
        else { throw stale }
        self.reference = reference
        self.path = path
        self.index = index
        bytes = file.tree.source.bytes
        span = start ..< EntryReference.linesEnd(editor.model.entries[index].location.range, in: bytes)
        tree = file.tree
    }

    /// The entry's lines as the file holds them, without line endings.
    var lines: [String] {
        String(decoding: bytes[span], as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.dropLast().map(String.init)
    }

    /// The entry's metadata lines (a bank's `id:`), as written: an edit keeps them, so that
    /// an edited entry is still known to the next import.
    var metadataLines: [String] {
        guard let node = Self.entryNode(at: span.lowerBound, in: tree.root) else { return [] }
        var kept: [String] = []
        for child in node.childNodes where child.kind == .metadata {
            var start = child.contentRange.start
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            var end = child.contentRange.end
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            kept.append(String(decoding: bytes[start ..< end], as: UTF8.self))
        }
        return kept
    }

    /// The clauses of the entry's first line that a form does not show, as written:
    /// `by NAME`, `rule NAME` (what records a recurring entry), `goal NAME`. An edit keeps
    /// them. A conversion (`= AMOUNT`, `@ RATE`) is not one: a transfer's form shows it
    /// (``converts``).
    var clauses: [String] {
        conversionAndClauses.clauses
    }

    /// Whether the entry converts a currency (`= AMOUNT`, `@ RATE`): a purchase's form has
    /// the wallet's amount only, which would lose what was paid, so such a purchase is
    /// edited in the file; a transfer's form shows both sides.
    var converts: Bool {
        conversionAndClauses.converts
    }

    private var conversionAndClauses: (converts: Bool, clauses: [String]) {
        guard let node = Self.entryNode(at: span.lowerBound, in: tree.root) else { return (false, []) }
        var kept: [String] = [], converts = false
        for child in node.childNodes where child.kind == .attribute {
            let text = String(decoding: bytes[child.contentRange.start ..< child.contentRange.end], as: UTF8.self)
            if text.hasPrefix("=") || text.hasPrefix("@") {
                converts = true
            } else {
                kept.append(text)
            }
        }
        return (converts, kept)
    }

    /// The dated entry's node that starts at `offset`.
    private static func entryNode(at offset: Int, in node: SyntaxNode) -> SyntaxNode? {
        guard let child = node.childNodes.first(where: { $0.range.start <= offset && offset < $0.range.end }) else { return nil }
        return entryKinds.contains(child.kind) ? child : entryNode(at: offset, in: child)
    }

    /// The nodes of the dated entries a form edits.
    private static let entryKinds: Set<SyntaxKind> = [.transaction, .transfer, .fill, .move]

    /// The entry's tags, as written, without `#`.
    var tags: [String] {
        guard let node = Self.entryNode(at: span.lowerBound, in: tree.root) else { return [] }
        return node.tags
    }

    /// The file with the entry's lines replaced by `replacement` (whole lines, each ended
    /// by the file's line ending), laid out by the formatter the way `tally fmt` lays out
    /// the block they stand in (``Formatter/layingOut(_:in:path:blockLimit:run:)``).
    /// Removing a block of its own leaves one blank line where two would meet.
    func replacing(with replacement: [String]) -> [UInt8] {
        let ending = String(decoding: LineEnding.of(bytes), as: UTF8.self)
        var range = span
        if replacement.isEmpty {
            let blankAbove = range.lowerBound == 0 || Self.isBlankLine(ending: range.lowerBound, in: bytes)
            let below = EntryReference.linesEnd(ByteRange(start: range.upperBound, end: range.upperBound + 1), in: bytes)
            let blankBelow = range.upperBound == bytes.count || bytes[range.upperBound ..< below].allSatisfy { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }
            if blankAbove, blankBelow, range.upperBound < bytes.count {
                range = range.lowerBound ..< below
            } else if blankAbove, range.upperBound == bytes.count, range.lowerBound > 0 {
                // The file's last block: the blank line above it goes too.
                var above = range.lowerBound - 1
                while above > 0, bytes[above - 1] != 0x0A { above -= 1 }
                range = above ..< range.upperBound
            }
        }
        let edit = TextEdit(range: ByteRange(start: range.lowerBound, end: range.upperBound), replacement: replacement.map { $0 + ending }.joined())
        var result = bytes
        for change in Formatter.layingOut([edit], in: bytes, path: path).reversed() {
            result.replaceSubrange(change.range.start ..< change.range.end, with: Array(change.replacement.utf8))
        }
        return result
    }

    /// Whether the line ending just before `offset` ends a blank line.
    private static func isBlankLine(ending offset: Int, in bytes: [UInt8]) -> Bool {
        var i = offset - 1  // the line break
        while i > 0 {
            i -= 1
            if bytes[i] == 0x0A { return true }
            if bytes[i] != 0x20, bytes[i] != 0x09, bytes[i] != 0x0D { return false }
        }
        return true
    }

    /// The bytes of lines `from` (from 0) on of `bytes`, `count` of them, with their
    /// line endings, and the lines as text without them.
    static func lines(of bytes: [UInt8], from: Int, count: Int) -> (span: Range<Int>, lines: [String]) {
        var start = 0, line = 0
        while line < from, start < bytes.count {
            while start < bytes.count, bytes[start] != 0x0A { start += 1 }
            start += 1
            line += 1
        }
        start = min(start, bytes.count)
        var end = start
        var lines: [String] = []
        while lines.count < count, end < bytes.count {
            var stop = end
            while stop < bytes.count, bytes[stop] != 0x0A { stop += 1 }
            let text = bytes[end ..< stop].last == 0x0D ? bytes[end ..< stop - 1] : bytes[end ..< stop]
            lines.append(String(decoding: text, as: UTF8.self))
            end = min(stop + 1, bytes.count)
        }
        return (start ..< end, lines)
    }
}
