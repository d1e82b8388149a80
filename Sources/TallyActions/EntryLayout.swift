import TallyCore
import TallyFormat
import TallySyntax

/// The one way an action adds lines to a file: appended after what is there, with the
/// file's line endings, then laid out by the formatter the way `tally fmt` lays out their
/// block (``Formatter/layingOutAppended(_:from:path:blockLimit:)``), so that a formatted
/// file stays formatted after any write.
enum EntryLayout {
    /// Appends `lines` to `path` in `edit`, laid out; returns the new lines as written.
    @discardableResult
    static func append(_ lines: [String], to path: String, lineEnding: [UInt8], in edit: inout BudgetEdit) -> [String] {
        guard !lines.isEmpty else { return [] }
        edit.append(lines, to: path, lineEnding: lineEnding)
        var bytes = edit.bytes(of: path)
        // Where the new lines start: as many line endings up from the end as lines added.
        var start = bytes.count
        for line in lines.reversed() { start -= lineEnding.count + line.utf8.count }
        let laidOut = Formatter.layingOutAppended(bytes, from: start, path: path)
        guard laidOut != bytes else { return lines }
        bytes = laidOut
        edit.replace(path, with: bytes)
        // The new lines as they now read: the file's last `lines.count` lines, found from
        // its end (the file may hold 100k lines before them).
        var tail: [String] = []
        var end = bytes.count - lineEnding.count
        while tail.count < lines.count, end >= 0 {
            var begin = end
            while begin >= lineEnding.count, !bytes[(begin - lineEnding.count) ..< begin].elementsEqual(lineEnding) { begin -= 1 }
            if begin < lineEnding.count { begin = 0 }
            tail.append(String(decoding: bytes[begin ..< end], as: UTF8.self))
            end = begin - lineEnding.count
        }
        return tail.reversed()
    }
}
