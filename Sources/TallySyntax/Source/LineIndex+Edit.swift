/// Keeping a line index up to date after an edit, without scanning the whole text again:
/// an editor's buffer of megabytes changes a few bytes per keystroke.
extension LineIndex {
    /// The index of `newBytes`, which is this index's text with the bytes `range` replaced
    /// by `insertedCount` bytes. Only the lines around the edit are scanned; the result is
    /// the same as `LineIndex(SourceText(path:bytes: newBytes))`.
    public func replacing(_ range: Range<Int>, insertedCount: Int, in newBytes: [UInt8]) -> LineIndex {
        let delta = insertedCount - range.count
        // Starts before the edit stay, except that a line break just before it may pair
        // with what follows (`\r` + `\n`): scanning starts a line earlier.
        let firstLine = max(0, line(containing: range.lowerBound) - 1)
        let scanStart = lineStarts[firstLine]
        // Past the byte after the edit, the text and its line breaks are the old ones, moved.
        let limit = min(range.upperBound + 1 + delta, newBytes.count)
        var starts = Array(lineStarts[...firstLine])
        starts.reserveCapacity(lineStarts.count + max(delta, 0) / 32 + 8)
        newBytes.withUnsafeBufferPointer { b in
            var p = scanStart
            while p < limit {
                if b[p] == 0x0A {
                    starts.append(p + 1)
                } else if b[p] == 0x0D && !(p + 1 < b.count && b[p + 1] == 0x0A) {
                    starts.append(p + 1)
                }
                p += 1
            }
        }
        var kept = lineStarts.count
        while kept > 0 && lineStarts[kept - 1] > range.upperBound + 1 { kept -= 1 }
        for s in lineStarts[kept...] { starts.append(s + delta) }
        return LineIndex(lineStarts: starts, bytes: newBytes)
    }
}
