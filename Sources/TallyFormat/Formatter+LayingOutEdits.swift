import TallySyntax

extension Formatter {
    /// `edits` (non-overlapping byte ranges of `bytes`) made together with the layout
    /// `tally fmt` gives the blocks they touch, so that a formatted file stays formatted
    /// after a rename or a quick fix widens or narrows a column (Grammar.md §6, "Blocks").
    ///
    /// Only the blocks around the edits are read and laid out, never the whole file:
    ///
    /// - A block that was formatted before the edits is formatted after them: all its lines
    ///   take the columns the edited lines give it.
    /// - A block laid out by hand keeps its other lines as they are; only the lines the
    ///   edits touch are laid out in its columns (as ``formattedLine(at:in:path:blockLimit:)``
    ///   does).
    /// - The edits of a block of more than `blockLimit` lines, in a `tally-fmt: off` region
    ///   or holding a `tally-fmt` comment, or that the formatter's guard refuses, are
    ///   returned as they are.
    ///
    /// The result changes nothing but `edits` and whitespace (``WhitespaceGuard`` checks
    /// every block laid out). Its edits are in file order and do not overlap: each edit of
    /// `edits` merged with the whitespace around it, and whitespace-only edits elsewhere,
    /// so that an editor keeps its cursor and marks on the words.
    ///
    /// `run` runs the work of laying out each block and returns its results in order; a
    /// caller with threads passes one that uses them (a rename can touch every block).
    public static func layingOut(
        _ edits: [TextEdit], in bytes: [UInt8], path: String, blockLimit: Int = 2_000,
        run: ([@Sendable () -> [TextEdit]?]) -> [[TextEdit]?] = { jobs in jobs.map { $0() } }
    ) -> [TextEdit] {
        let edits = edits.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        guard !edits.isEmpty, edits.last!.range.end <= bytes.count, edits.first!.range.start >= 0,
            zip(edits, edits.dropFirst()).allSatisfy({ $0.range.end <= $1.range.start })
        else { return edits }
        let change = EditedText(bytes, edits)
        let regions = change.regions(blockLimit: blockLimit)
        let fitting = regions.filter { $0.lines <= blockLimit }
        guard !fitting.isEmpty else { return edits }
        let switches = FormatSwitches(bytes)
        let laidOut = run(fitting.map { region in { change.layOut(region, path: path, kept: switches.isOff(at: region.old.lowerBound)) } })
        var result: [TextEdit] = []
        result.reserveCapacity(edits.count)
        var next = 0
        for region in regions {
            if region.lines <= blockLimit, let own = laidOut[next] {
                result += own
            } else {
                result += edits[region.edits]
            }
            if region.lines <= blockLimit { next += 1 }
        }
        return result
    }
}

/// A text and the edits made to it: the edited text, and where each edit lands in it.
private struct EditedText {
    let old: [UInt8]
    let edits: [TextEdit]
    /// The text with the edits made.
    let new: [UInt8]
    /// Where each edit's replacement stands in `new`.
    let landed: [Range<Int>]

    init(_ old: [UInt8], _ edits: [TextEdit]) {
        self.old = old
        self.edits = edits
        var new: [UInt8] = []
        new.reserveCapacity(old.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var landed: [Range<Int>] = []
        var position = 0
        for edit in edits {
            new.append(contentsOf: old[position ..< edit.range.start])
            let start = new.count
            new.append(contentsOf: edit.replacement.utf8)
            landed.append(start ..< new.count)
            position = edit.range.end
        }
        new.append(contentsOf: old[position...])
        self.new = new
        self.landed = landed
    }

    /// A run of whole lines of `new` between blank lines (or the file's ends), with the
    /// edits inside it and the old text it replaces.
    struct Region {
        /// The lines in `new`, line breaks included.
        var new: Range<Int>
        /// The lines in the old text.
        var old: Range<Int>
        /// Indices into `edits`.
        var edits: Range<Int>
        /// How many lines it has, counted up to one more than the limit.
        var lines: Int
    }

    /// The blocks the edits touch, merged where they share lines, in file order.
    ///
    /// Each scan for a blank line stops at the region before (the edit then joins it) or
    /// after `blockLimit` lines, and scans downwards go on from where the last one
    /// stopped: a rename with an edit on every line of a long block reads the block once.
    func regions(blockLimit: Int) -> [Region] {
        var regions: [Region] = []
        var delta = 0  // bytes added by the edits before the current region
        for (i, range) in landed.enumerated() {
            var (first, last) = touchedLines(range)
            let floor = regions.last?.new.upperBound ?? 0
            var lines = 1 + count(0x0A, in: first ..< last)
            var joins = !regions.isEmpty && first <= floor
            if !joins {
                // Upwards to a blank line, or to the region before: then the same block.
                while first > floor, lines <= blockLimit {
                    let above = lineStart(new, first - 1)
                    if isBlank(new[above ..< first - 1]) { break }
                    first = above
                    lines += 1
                }
                joins = !regions.isEmpty && first == floor
            }
            var region: Region
            if joins {
                region = regions.removeLast()
                lines = region.lines + count(0x0A, in: region.new.upperBound ..< max(region.new.upperBound, last))
                last = max(last, region.new.upperBound - 1)
                region.edits = region.edits.lowerBound ..< i + 1
            } else {
                if let previous = regions.last {
                    for e in previous.edits { delta += landed[e].count - edits[e].range.length }
                }
                region = Region(new: first ..< first, old: (first - delta) ..< (first - delta), edits: i ..< i + 1, lines: 0)
            }
            // Downwards to a blank line (a block over the limit is not laid out, so not
            // read further: its next edit joins it from below).
            while last < new.count, lines <= blockLimit {
                let next = last + 1
                let end = lineEnd(new, next)
                if next >= new.count || isBlank(new[next ..< end]) { break }
                last = end
                lines += 1
            }
            region.lines = lines
            region.new = region.new.lowerBound ..< min(last + 1, new.count)  // the line break too
            regions.append(region)
        }
        // The old ends, now that each region knows its edits.
        for r in regions.indices {
            let added = regions[r].edits.reduce(0) { $0 + landed[$1].count - edits[$1].range.length }
            regions[r].old = regions[r].old.lowerBound ..< regions[r].old.lowerBound + regions[r].new.count - added
        }
        return regions
    }

    /// The first line an edit touches (its start) and the last (the offset of its line
    /// break, or the end). An edit at the start of a line touches the line before it too:
    /// an inserted or removed line joins or leaves the block above.
    private func touchedLines(_ range: Range<Int>) -> (first: Int, last: Int) {
        var first = lineStart(new, range.lowerBound)
        if first == range.lowerBound, first > 0 {
            let above = lineStart(new, first - 1)
            if !isBlank(new[above ..< first - 1]) { first = above }
        }
        if !range.isEmpty, new[range.upperBound - 1] == 0x0A { return (first, range.upperBound - 1) }
        var last = lineEnd(new, range.upperBound)
        let start = lineStart(new, range.upperBound)
        if range.isEmpty, start == range.upperBound, start > first, isBlank(new[start ..< last]) { last = start - 1 }
        return (first, last)
    }

    private func count(_ byte: UInt8, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return new[range].reduce(0) { $1 == byte ? $0 + 1 : $0 }
    }

    /// The edits of `region` together with its layout; nil when it is to be left as the
    /// edits make it (a `tally-fmt` region, a refusal of the guard).
    func layOut(_ region: Region, path: String, kept: Bool) -> [TextEdit]? {
        let before = Array(old[region.old])
        let after = Array(new[region.new])
        if kept || before.mentionsFormatSwitch || after.mentionsFormatSwitch { return nil }
        var laidOut: [UInt8]
        switch Formatter.format(Parser.parse(SourceText(path: path, bytes: after))) {
        case .unchanged: return nil
        case .refused: return nil
        case .formatted(let output): laidOut = output
        }
        // A file's missing last line break is `tally fmt`'s to add, not an edit's.
        if after.last != 0x0A, laidOut.last == 0x0A {
            laidOut.removeLast()
            if laidOut.last == 0x0D, after.last != 0x0D { laidOut.removeLast() }
        }
        if laidOut == after { return nil }
        // The formatter never joins or splits lines, but drops blank lines at a block's
        // ends and in runs: then the lines no longer match, and the edits stay as they are.
        let afterLines = after.split(separator: 0x0A, omittingEmptySubsequences: false)
        let laidOutLines = laidOut.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard afterLines.count == laidOutLines.count else { return nil }
        // The lines the edits touch take the formatter's layout. The other lines take it
        // too when the block was formatted before the edits; a block laid out by hand
        // keeps them as they are. When they do not change, which it was does not matter.
        let touched = touchedLineNumbers(region, in: after)
        var onlyTouched: [UInt8] = []
        onlyTouched.reserveCapacity(laidOut.count)
        for (n, line) in afterLines.enumerated() {
            if n > 0 { onlyTouched.append(0x0A) }
            onlyTouched.append(contentsOf: touched.contains(n) ? laidOutLines[n] : line)
        }
        let result = onlyTouched == laidOut || !isFormatted(before, path: path) ? onlyTouched : laidOut
        if result == after { return nil }
        return merged(region, laidOut: result)
    }

    /// The numbers of the lines of `after` (the region's edited text) that the region's
    /// edits touch.
    private func touchedLineNumbers(_ region: Region, in after: [UInt8]) -> Set<Int> {
        var touched = Set<Int>()
        var line = 0
        var counted = 0  // `line` is the number of line breaks before `counted`
        for e in region.edits {
            let start = landed[e].lowerBound - region.new.lowerBound
            let last = max(start, landed[e].upperBound - region.new.lowerBound - 1)
            while counted < start {
                if after[counted] == 0x0A { line += 1 }
                counted += 1
            }
            touched.insert(line)
            while counted < last {
                if after[counted] == 0x0A {
                    line += 1
                    touched.insert(line)
                }
                counted += 1
            }
        }
        return touched
    }

    /// Whether `block` is as `tally fmt` lays it out, but for a last line break that the
    /// end of a file may lack.
    private func isFormatted(_ block: [UInt8], path: String) -> Bool {
        switch Formatter.format(Parser.parse(SourceText(path: path, bytes: block))) {
        case .unchanged: return true
        case .formatted(let output):
            return block.last != 0x0A && output.count > block.count && output.starts(with: block)
                && output[block.count...].allSatisfy { $0 == 0x0A || $0 == 0x0D }
        case .refused: return false
        }
    }

    /// The edits of `region` and the whitespace edits from its edited text to `laidOut`,
    /// as one list of edits of the old text: where an edit and a whitespace edit touch,
    /// they become one.
    private func merged(_ region: Region, laidOut: [UInt8]) -> [TextEdit] {
        let spaces = Formatter.whitespaceEdits(new[region.new], laidOut[...], at: region.new.lowerBound)
        // The spans of `new` that change: each edit's replacement, each whitespace edit.
        var spans: [(range: Range<Int>, edit: Int?, space: Int?)] = region.edits.map { (landed[$0], $0, nil) }
        for (w, space) in spaces.enumerated() { spans.append((space.range.start ..< space.range.end, nil, w)) }
        spans.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        // How much further on the same byte stands in `new` than in the old text, before
        // the group of spans at hand.
        var delta = region.new.lowerBound - region.old.lowerBound
        var result: [TextEdit] = []
        var n = 0
        while n < spans.count {
            // A group: spans that overlap or touch. Its ends are never inside an edit's
            // replacement, so they map to the old text by `delta`.
            let start = spans[n].range.lowerBound
            var end = start
            var added = 0
            var ownSpaces: [TextEdit] = []
            while n < spans.count, spans[n].range.lowerBound <= end {
                let span = spans[n]
                if let e = span.edit { added += span.range.count - edits[e].range.length }
                if let w = span.space { ownSpaces.append(spaces[w]) }
                end = max(end, span.range.upperBound)
                n += 1
            }
            // Its new text: the edited text with the group's whitespace laid out.
            var text: [UInt8] = []
            var position = start
            for space in ownSpaces {
                text.append(contentsOf: new[position ..< space.range.start])
                text.append(contentsOf: space.replacement.utf8)
                position = space.range.end
            }
            text.append(contentsOf: new[position ..< end])
            result.append(TextEdit(range: ByteRange(start: start - delta, end: end - delta - added), replacement: String(decoding: text, as: UTF8.self)))
            delta += added
        }
        return result
    }
}

/// Where `tally-fmt: off` and `on` comments switch the formatter off and on in a file,
/// found by one scan of its bytes.
private struct FormatSwitches {
    /// Offsets of the comments, and what each says, in file order.
    private var switches: [(offset: Int, off: Bool)] = []

    init(_ bytes: [UInt8]) {
        let needle = Array("tally-fmt".utf8)
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + needle.count <= b.count {
                // "y-f" is rare in a budget; the whole word is checked only then.
                if b[i + 4] == 0x79, b[i + 5] == 0x2D, b[i + 6] == 0x66, b[i ..< i + needle.count].elementsEqual(needle) {
                    var semicolon = i
                    while semicolon > 0, b[semicolon] != 0x3B, b[semicolon] != 0x0A { semicolon -= 1 }
                    var end = i
                    while end < b.count, b[end] != 0x0A { end += 1 }
                    if b[semicolon] == 0x3B, let said = FormatOffRegions.directive(UnsafeBufferPointer(rebasing: b[semicolon ..< end])) {
                        switches.append((i, said == .off))
                    }
                    i += needle.count
                } else {
                    i += 1
                }
            }
        }
    }

    /// Whether `offset` lies in a region the formatter keeps as written.
    func isOff(at offset: Int) -> Bool {
        switches.last { $0.offset < offset }?.off ?? false
    }
}

private func lineStart(_ bytes: [UInt8], _ offset: Int) -> Int {
    var i = offset
    while i > 0, bytes[i - 1] != 0x0A { i -= 1 }
    return i
}

/// The offset of the line break (or the end) of the line holding `offset`.
private func lineEnd(_ bytes: [UInt8], _ offset: Int) -> Int {
    var i = offset
    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
    return i
}

private func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
}

extension Array where Element == UInt8 {
    /// Whether the bytes hold `tally-fmt`, the word of the formatter's switches.
    fileprivate var mentionsFormatSwitch: Bool {
        guard contains(0x3B) else { return false }
        return String(decoding: self, as: UTF8.self).contains("tally-fmt")
    }
}
