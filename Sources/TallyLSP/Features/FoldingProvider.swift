import TallySyntax

/// Folding ranges of a file: runs of comment lines, entries with continuation lines
/// (split blocks and metadata), and each run of dated entries in the same month.
public enum FoldingProvider {
    /// The ranges, ordered by their first line. `shouldStop` is asked every 4,096
    /// entries; once it says yes, the ranges found so far are returned.
    public static func ranges(tree: SyntaxTree, shouldStop: () -> Bool = { false }) -> [FoldingInfo] {
        var result = commentBlocks(tree)
        let bytes = tree.source.bytes
        /// The start of the line holding the byte before `end`.
        func lastLineStart(_ end: Int) -> Int {
            var i = max(0, end - 1)
            while i > 0 && bytes[i - 1] != UInt8(ascii: "\n") && bytes[i - 1] != UInt8(ascii: "\r") { i -= 1 }
            return i
        }
        var month: (label: String, start: Int, end: Int)?
        func closeMonth() {
            if let m = month, lastLineStart(m.end) > m.start { result.append(FoldingInfo(start: m.start, end: lastLineStart(m.end), kind: .region)) }
            month = nil
        }
        for (n, entry) in tree.entries.enumerated() {
            if n & 0xFFF == 0 && shouldStop() { break }
            let content = entry.contentRange
            if !content.isEmpty, lastLineStart(content.end) > entry.range.start {
                result.append(FoldingInfo(start: entry.range.start, end: lastLineStart(content.end), kind: .region))
            }
            if entry.kind == .errorEntry { continue }
            guard let date = entry.token(.date).flatMap({ CivilDate(iso: $0.text) }) else {
                closeMonth()
                continue
            }
            if month?.label == date.monthLabel {
                month!.end = content.end
            } else {
                closeMonth()
                month = (date.monthLabel, entry.range.start, content.end)
            }
        }
        closeMonth()
        return result.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
    }

    /// Runs of two or more lines that hold only a comment.
    static func commentBlocks(_ tree: SyntaxTree) -> [FoldingInfo] {
        var result: [FoldingInfo] = []
        var run: (start: Int, last: Int)?
        var lineStart = 0
        var hasComment = false
        var hasOther = false
        func endLine() {
            if hasComment && !hasOther {
                if run != nil { run!.last = lineStart } else { run = (lineStart, lineStart) }
            } else {
                if let r = run, r.last > r.start { result.append(FoldingInfo(start: r.start, end: r.last, kind: .comment)) }
                run = nil
            }
        }
        for i in 0 ..< tree.tokenCount {
            let token = tree.token(at: i)
            switch token.kind {
            case .newline:
                endLine()
                lineStart = token.range.end
                hasComment = false
                hasOther = false
            case .comment: hasComment = true
            case .whitespace, .byteOrderMark: break
            default: hasOther = true
            }
        }
        endLine()
        hasComment = false
        endLine()
        return result
    }
}
