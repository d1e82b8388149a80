import TallySyntax

extension Formatter {
    /// `bytes` with the lines from `start` to the end (lines a tool just appended) laid out
    /// as `tally fmt` lays out a block (Grammar.md §6, "Blocks"), changing no byte before
    /// `start`, so that a formatted file stays formatted after any write:
    ///
    /// - When the block the new lines join was formatted and they fit its columns, they
    ///   join it, laid out in its columns.
    /// - When they would move its columns (a wider payee), they start a block of their
    ///   own, after a blank line, laid out on their own: the lines already in the file
    ///   keep every byte.
    /// - When the block they join was laid out by hand (not as `tally fmt` would), each
    ///   new line alone takes the block's columns
    ///   (``formattedLine(at:in:path:blockLimit:)``).
    ///
    /// Lines the formatter cannot lay out from their block alone (a block of more than
    /// `blockLimit` lines, an open `tally-fmt: off` region, lines ended by lone `\r`s) keep the layout
    /// they were written with.
    public static func layingOutAppended(_ bytes: [UInt8], from start: Int, path: String, blockLimit: Int = 2_000) -> [UInt8] {
        guard start >= 0, start < bytes.count, bytes.contains(0x0A) else { return bytes }
        let new = Array(bytes[start...])
        if new.contains(0x3B), String(decoding: new, as: UTF8.self).contains("tally-fmt") { return bytes }
        // Inside an open `tally-fmt: off` region the new lines stay as written; after an
        // `on` comment line their block starts below it, as `tally fmt` reads it (an `on`
        // ending an entry's line leaves its block's reading to `tally fmt`).
        var floor = 0
        if let last = lastFormatDirective(bytes, before: start) {
            if last.directive == .off || !last.ownLine { return bytes }
            floor = last.lineEnd
        }
        // The block the new lines join: whole lines up to a blank one above them.
        var blockStart = start
        var lines = 0
        while blockStart > floor, lines <= blockLimit {
            let previousEnd = blockStart - 1
            var previousStart = previousEnd
            while previousStart > 0, bytes[previousStart - 1] != 0x0A { previousStart -= 1 }
            if bytes[previousStart ..< previousEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { break }
            blockStart = previousStart
            lines += 1
        }
        guard lines <= blockLimit else { return bytes }
        let old = Array(bytes[blockStart ..< start])
        if old.isEmpty { return formatted(new, path: path).map { Array(bytes[..<start]) + $0 } ?? bytes }
        guard format(Parser.parse(SourceText(path: path, bytes: old))) == .unchanged else { return eachLineLaidOut(bytes, from: start, path: path, blockLimit: blockLimit) }
        // Joined to the block, when that leaves its lines as they are.
        if let joined = formatted(old + new, path: path), joined.starts(with: old) { return Array(bytes[..<start]) + joined[old.count...] }
        // Else a block of their own.
        let ending: [UInt8] = start >= 2 && bytes[start - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        return Array(bytes[..<start]) + ending + (formatted(new, path: path) ?? new)
    }

    /// The last `tally-fmt` directive on a line before `start`, where its line ends
    /// (after its line break) and whether the comment is the line's only content; nil
    /// when there is none. Only lines that mention `tally-fmt` are read, from the
    /// comment's `;` (the first outside a quoted text): the word is looked for from the
    /// end in one pass over the bytes, not line by line (most files hold no directive,
    /// and a 100k-line budget is read whole on every import).
    static func lastFormatDirective(
        _ bytes: [UInt8], before start: Int
    ) -> (directive: FormatOffRegions.Directive, lineEnd: Int, ownLine: Bool)? {
        let word = Array("tally-fmt".utf8)
        var searchEnd = start
        while let hit = lastOccurrence(of: word, in: bytes, before: searchEnd) {
            var lineStart = hit
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            var lineEnd = hit + word.count
            while lineEnd < start, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd < start { lineEnd += 1 }
            if let found = directive(bytes, line: lineStart ..< lineEnd) { return found }
            searchEnd = lineStart
        }
        return nil
    }

    /// The `tally-fmt` directive of the comment of the line `line` (its line break
    /// included), from the comment's `;` (the first outside a quoted text); nil when none.
    private static func directive(
        _ bytes: [UInt8], line range: Range<Int>
    ) -> (directive: FormatOffRegions.Directive, lineEnd: Int, ownLine: Bool)? {
        let line = bytes[range]
        var quoted = false
        var semicolon: Int?
        for i in line.indices {
            if line[i] == 0x22 { quoted.toggle() } else if line[i] == 0x3B, !quoted { semicolon = i; break }
        }
        guard let semicolon else { return nil }
        var comment = Array(bytes[semicolon ..< range.upperBound])
        while let last = comment.last, last == 0x0A { comment.removeLast() }
        guard let said = comment.withUnsafeBufferPointer({ FormatOffRegions.directive($0) }) else { return nil }
        return (said, range.upperBound, line[range.lowerBound ..< semicolon].allSatisfy { $0 == 0x20 || $0 == 0x09 })
    }

    /// Where `word` last occurs wholly before `end` in `bytes`; nil when it does not.
    private static func lastOccurrence(of word: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let first = word[0]
            var i = min(end, buffer.count) - word.count
            while i >= 0 {
                if buffer[i] == first {
                    var k = 1
                    while k < word.count, buffer[i + k] == word[k] { k += 1 }
                    if k == word.count { return i }
                }
                i -= 1
            }
            return nil
        }
    }

    /// `block` in canonical layout, nil when the guard refuses it.
    private static func formatted(_ block: [UInt8], path: String) -> [UInt8]? {
        switch format(Parser.parse(SourceText(path: path, bytes: block))) {
        case .unchanged: return block
        case .formatted(let output): return output
        case .refused: return nil
        }
    }

    /// Each line from `start` on laid out alone in its block's columns, first to last.
    private static func eachLineLaidOut(_ bytes: [UInt8], from start: Int, path: String, blockLimit: Int) -> [UInt8] {
        var result = bytes
        var lineStart = start
        while lineStart < result.count {
            var lineEnd = lineStart
            while lineEnd < result.count, result[lineEnd] != 0x0A { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart, result[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if let formatted = formattedLine(at: lineStart, in: result, path: path, blockLimit: blockLimit) {
                result.replaceSubrange(lineStart ..< contentEnd, with: formatted)
                lineEnd += formatted.count - (contentEnd - lineStart)
            }
            lineStart = lineEnd + 1
        }
        return result
    }
}
