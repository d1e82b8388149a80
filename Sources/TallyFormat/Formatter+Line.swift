import TallySyntax

extension Formatter {
    /// The line that starts at `lineStart` in `bytes` (without its line break), laid out
    /// as `tally fmt` lays it out in the file: its columns come from its block, the lines
    /// between the blank lines around it (Grammar.md §6, "Blocks"), so only the block is
    /// read and formatted, never the whole file.
    ///
    /// Nil when that cannot be told from the block alone or is not worth it: the block
    /// has more than `blockLimit` lines, holds a `tally-fmt` comment (a region kept as
    /// written may start above it), is not text, or the formatter's guard refuses it.
    /// A caller then keeps its own layout of the line.
    public static func formattedLine(at lineStart: Int, in bytes: [UInt8], path: String, blockLimit: Int = 2_000) -> [UInt8]? {
        guard lineStart >= 0, lineStart <= bytes.count else { return nil }
        let end = lineEnd(from: lineStart, in: bytes)
        return formattedLine(Array(bytes[lineStart ..< end]), replacing: lineStart ..< end, in: bytes, path: path, blockLimit: blockLimit)
    }

    /// ``formattedLine(at:in:path:blockLimit:)`` for the text `line` standing in place of
    /// the line at `range` (its bytes up to, not including, its line break): what an edit
    /// of that line would be laid out as, without copying the file to make the edit.
    public static func formattedLine(
        _ line: [UInt8], replacing range: Range<Int>, in bytes: [UInt8], path: String, blockLimit: Int = 2_000
    ) -> [UInt8]? {
        let lineStart = range.lowerBound
        guard lineStart >= 0, range.upperBound <= bytes.count, !line.contains(0x0A) else { return nil }
        var blockStart = lineStart
        var blockEnd = lineEnd(from: lineStart, in: bytes)
        var lines = 1
        // Upwards: whole lines until a blank one (or the file's start).
        while blockStart > 0, lines <= blockLimit {
            let previousEnd = blockStart - 1  // the line break before the block
            var previousStart = previousEnd
            while previousStart > 0, bytes[previousStart - 1] != 0x0A { previousStart -= 1 }
            if isBlank(bytes[previousStart ..< previousEnd]) { break }
            blockStart = previousStart
            lines += 1
        }
        // Downwards likewise.
        while blockEnd < bytes.count, lines <= blockLimit {
            let nextStart = blockEnd + 1
            let nextEnd = lineEnd(from: nextStart, in: bytes)
            if nextStart >= bytes.count || isBlank(bytes[nextStart ..< nextEnd]) { break }
            blockEnd = nextEnd
            lines += 1
        }
        guard lines <= blockLimit else { return nil }
        guard blockEnd >= range.upperBound else { return nil }  // `range` is one line
        let block = Array(bytes[blockStart ..< lineStart]) + line + Array(bytes[range.upperBound ..< min(blockEnd + 1, bytes.count)])
        if block.contains(subsequence: Array("tally-fmt".utf8)) { return nil }
        let tree = Parser.parse(SourceText(path: path, bytes: block))
        let formatted: [UInt8]
        switch format(tree) {
        case .unchanged: formatted = block
        case .formatted(let output): formatted = output
        default: return nil
        }
        // The formatter never joins or splits lines: the line keeps its number in the block.
        let index = block[0 ..< (lineStart - blockStart)].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let formattedLines = formatted.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard index < formattedLines.count else { return nil }
        var result = Array(formattedLines[index])
        if result.last == 0x0D { result.removeLast() }
        return result
    }

    /// The offset of the line break (or the end) of the line that starts at `start`.
    private static func lineEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return false }
        for i in 0 ... (count - needle.count) where self[i] == needle[0] && self[i ..< i + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
