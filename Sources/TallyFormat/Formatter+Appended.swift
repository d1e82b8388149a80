import TallySyntax

extension Formatter {
    /// `bytes` with the lines from `start` to the end (lines a tool just appended) laid out
    /// as `tally fmt` lays out their block (Grammar.md §6, "Blocks"), so that a file in
    /// canonical layout stays so after a write:
    ///
    /// - When the block the new lines join was in canonical layout before them, the whole
    ///   block is laid out again (a wider new line may move the block's columns; only
    ///   whitespace changes, under ``WhitespaceGuard``).
    /// - Otherwise the lines around were laid out by hand and are left so: each new line
    ///   alone takes the block's columns (``formattedLine(at:in:path:blockLimit:)``).
    ///
    /// A line the formatter cannot lay out from its block alone (a block of more than
    /// `blockLimit` lines, a `tally-fmt` region, lines ended by lone `\r`s) keeps the
    /// layout it was written with.
    public static func layingOutAppended(_ bytes: [UInt8], from start: Int, path: String, blockLimit: Int = 2_000) -> [UInt8] {
        guard start >= 0, start < bytes.count, bytes.contains(0x0A) else { return bytes }
        // The block the new lines join: whole lines up to a blank one above them.
        var blockStart = start
        var lines = 0
        while blockStart > 0, lines <= blockLimit {
            let previousEnd = blockStart - 1
            var previousStart = previousEnd
            while previousStart > 0, bytes[previousStart - 1] != 0x0A { previousStart -= 1 }
            if bytes[previousStart ..< previousEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { break }
            blockStart = previousStart
            lines += 1
        }
        if lines <= blockLimit, let whole = formattedBlock(bytes, blockStart: blockStart, newStart: start, path: path) { return whole }
        // Each new line alone, first to last; offsets move as lines are laid out.
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

    /// The file with the block from `blockStart` laid out whole, or nil when the part of
    /// it before `newStart` was not in canonical layout (or holds a `tally-fmt` region, or
    /// the guard refuses).
    private static func formattedBlock(_ bytes: [UInt8], blockStart: Int, newStart: Int, path: String) -> [UInt8]? {
        let block = Array(bytes[blockStart...])
        if block.contains(0x3B), String(decoding: block, as: UTF8.self).contains("tally-fmt") { return nil }
        if newStart > blockStart {
            guard format(Parser.parse(SourceText(path: path, bytes: Array(bytes[blockStart ..< newStart])))) == .unchanged else { return nil }
        }
        switch format(Parser.parse(SourceText(path: path, bytes: block))) {
        case .unchanged: return bytes
        case .formatted(let output): return Array(bytes[..<blockStart]) + output
        case .refused: return nil
        }
    }
}
