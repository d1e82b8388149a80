/// The columns of a block of lines: where each column of fields starts, how amounts sit
/// in theirs, and where end-of-line comments start. Like elastic tabstops: a column is
/// as wide as its widest field plus a gap.
///
/// - Fields find their column by key, not by position: the first field of every line
///   opens the first column; any other field goes to the next column, to the right of
///   the line's previous field, that holds its key. A missing field leaves its cell
///   blank. An attribute whose keyword has no column yet may share the column of
///   another attribute that the line lacks (`limit` under `opening`); otherwise a new
///   column opens there.
/// - The last field of a line does not widen its column (nothing after it needs the
///   room), and neither does a field more than ``overflowExcess`` characters wider than
///   the median cell of its column (see `chooseOverflows`): it overflows, and the fields
///   after it on its line follow it two spaces apart, out of their columns.
/// - Amounts are aligned on their decimal point (a number without one as if it stood
///   after the last digit).
/// - Two spaces separate columns; one follows the first column of an entry's first
///   line (its date or keyword), which is the same width on every line.
struct BlockColumns {
    /// Where each column starts, in characters from the start of the line, by column id
    /// (the ``LineField/column`` of its fields).
    var starts: [Int] = []
    /// For each column id, the widest integer part of its amounts.
    var integerWidths: [Int] = []
    /// The id of the leftmost column, and the spaces after it.
    var leadColumn: Int32 = 0
    var leadGap = 2
    /// Where end-of-line comments start.
    var commentColumn: Int?
    /// For each column id, the widest field that stays in it: a wider one overflows.
    /// Empty when nothing in the block overflows, as in most blocks.
    var overflowLimits: [Int] = []

    /// How much wider than the median field of its column a field must be to overflow.
    /// 16: in the examples, a payee with its note or a schedule with `until` overflows,
    /// while a long payee name among short ones (23 among 7) keeps its column.
    static let overflowExcess = 16
    /// How much longer than every other commented line a line must be for its comment
    /// not to set the comment column.
    static let commentOutlierExcess = 40

    /// The least number of spaces after a field in column `id`.
    func gap(after id: Int32) -> Int { id == leadColumn ? leadGap : 2 }

    /// Whether a field is too wide for its column, and pushes the rest of its line out
    /// of theirs.
    @inline(__always)
    func overflows(_ field: LineField) -> Bool {
        !overflowLimits.isEmpty && !field.isAmount && Int(field.width) > overflowLimits[Int(field.column)]
    }

    /// No columns: for lines outside any block.
    init() {}

    /// Chooses the columns of the lines at `block` (indices into `layouts`, all
    /// non-nil), and writes each field's column into `fields`.
    init(_ block: [Int], _ layouts: [LineLayout?], _ fields: inout [LineField], indent: Int, leadGap: Int, scratch: inout Scratch) {
        self.leadGap = leadGap
        fields.withUnsafeMutableBufferPointer { chooseStarts(block, layouts, $0, indent: indent, &scratch) }
        chooseCommentColumn(block, layouts, fields)
    }

    /// Working arrays, kept from one block to the next: a file has thousands of small
    /// blocks (the indented lines of each entry), and allocating them anew for each
    /// cost more than the choice itself.
    struct Scratch {
        /// Column ids from left to right; an id stays with its column while others are
        /// inserted.
        var order: [Int32] = []
        /// Where each column id stands in `order`.
        var positionOfID: [Int32] = []
        /// Which keys each column holds, as (key, column id) pairs.
        var owners: [(key: Int32, id: Int32)] = []
        var previousKeys: [Int32] = []
        var previousIDs: [Int32] = []
        var lineKeys: [Int32] = []
        /// What each column id needs, measured so far.
        var widths: [ColumnWidth] = []
        /// The widths of one column's cells, and how many cells have each width (when
        /// all are narrower than `histogramSize`), to find their median.
        var widthCounts = [Int](repeating: 0, count: histogramSize)
        var cellWidths: [Int] = []
        static let histogramSize = 128
        /// The lines of the block, as ``chooseOverflows`` walks them.
        var lines: [LineCursor] = []

        mutating func reset() {
            order.removeAll(keepingCapacity: true)
            positionOfID.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            previousKeys.removeAll(keepingCapacity: true)
            previousIDs.removeAll(keepingCapacity: true)
        }

        /// The leftmost column at or after `position` that holds `key`.
        func column(holding key: Int32, from position: Int) -> Int? {
            var best: Int?
            for owner in owners where owner.key == key {
                let p = Int(positionOfID[Int(owner.id)])
                if p >= position && p < (best ?? Int.max) { best = p }
            }
            return best
        }

        /// Whether the column at `position` holds only attributes, none of them on the
        /// current line.
        func canShare(_ position: Int) -> Bool {
            let id = order[position]
            for owner in owners where owner.id == id {
                if !LineField.isAttribute(owner.key) || lineKeys.contains(owner.key) { return false }
            }
            return true
        }

        mutating func insertColumn(at position: Int, key: Int32) -> Int32 {
            let id = Int32(positionOfID.count)
            order.insert(id, at: position)
            positionOfID.append(0)
            for (p, id) in order.enumerated() { positionOfID[Int(id)] = Int32(p) }
            owners.append((key, id))
            return id
        }
    }

    private mutating func chooseStarts(_ block: [Int], _ layouts: [LineLayout?], _ fields: UnsafeMutableBufferPointer<LineField>, indent: Int, _ scratch: inout Scratch) {
        if block.count == 1 {
            chooseStarts(alone: layouts[block[0]]!.fields, fields, indent: indent)
            return
        }
        scratch.reset()
        scratch.widths.removeAll(keepingCapacity: true)
        // One pass: each field gets a column id and widens its column.
        for i in block {
            let lineFields = layouts[i]!.fields
            let sameAsPrevious =
                lineFields.count == scratch.previousKeys.count
                && zip(lineFields, scratch.previousKeys).allSatisfy { fields[$0.0].key == $0.1 }
            if sameAsPrevious {
                // Most lines of a block have the same fields as the one before.
                for (n, f) in lineFields.enumerated() { fields[f].column = scratch.previousIDs[n] }
            } else {
                scratch.lineKeys.removeAll(keepingCapacity: true)
                for f in lineFields { scratch.lineKeys.append(fields[f].key) }
                scratch.previousIDs.removeAll(keepingCapacity: true)
                var position = 0
                for f in lineFields {
                    let key = fields[f].key
                    var id: Int32
                    if let found = scratch.column(holding: key, from: position) {
                        id = scratch.order[found]
                        position = found + 1
                    } else if position < scratch.order.count, LineField.isAttribute(key), scratch.canShare(position) {
                        id = scratch.order[position]
                        scratch.owners.append((key, id))
                        position += 1
                    } else {
                        id = scratch.insertColumn(at: position, key: key)
                        scratch.widths.append(ColumnWidth())
                        position += 1
                    }
                    fields[f].column = id
                    scratch.previousIDs.append(id)
                }
                swap(&scratch.previousKeys, &scratch.lineKeys)
            }
            let last = lineFields.upperBound - 1
            scratch.widths.withUnsafeMutableBufferPointer { widths in
                for f in lineFields { widths[Int(fields[f].column)].measure(fields[f], last: f == last) }
            }
        }

        // Starts, from left to right, kept by id.
        let count = scratch.order.count
        starts = [Int](repeating: 0, count: count)
        leadColumn = scratch.order.first ?? 0
        // Only a column whose widest field is that much wider than its narrowest cell can
        // hold one wider than its median; a line without a field in it may leave a blank
        // cell.
        let mayOverflow = scratch.widths.contains { column in
            column.widest - (column.fields < block.count ? 0 : column.narrowest) > Self.overflowExcess
        }
        if mayOverflow { chooseOverflows(block, layouts, fields, &scratch) }
        integerWidths = scratch.widths.map(\.integers)
        var start = indent
        for id32 in scratch.order {
            let id = Int(id32)
            starts[id] = start
            let column = scratch.widths[id]
            var width = column.widest
            if column.fractions >= 0 { width = max(width, column.integers + column.fractions) }
            if width > 0 { start += width + gap(after: id32) }
        }
    }

    /// Chooses which fields overflow, column by column from the left, and measures the
    /// columns again without them and without the fields after them on their lines
    /// (those stand out of their columns, and widen none).
    ///
    /// A field overflows when it is more than ``overflowExcess`` wider than the median
    /// cell of its column. The cells are, on the lines that have not overflowed left of
    /// the column, its fields that are not the last of their line nor amounts, and its
    /// blank cells (a line with fields left and right of the column but none in it), 0
    /// wide: one long payee among lines without any is as much an outlier as among short
    /// ones. Of an even number of cells the median is the upper of the two middle ones,
    /// so more than half the cells must be narrower for one to overflow. Widths only,
    /// never the whitespace written, decide: formatting again decides the same.
    private mutating func chooseOverflows(_ block: [Int], _ layouts: [LineLayout?], _ fields: UnsafeMutableBufferPointer<LineField>, _ scratch: inout Scratch) {
        var limits = [Int](repeating: Int.max, count: scratch.widths.count)
        // The working arrays are taken out of `scratch` while their buffers are open, and
        // put back after.
        var lines: [LineCursor] = [], widths: [ColumnWidth] = [], counts: [Int] = [], wide: [Int] = []
        swap(&lines, &scratch.lines)
        swap(&widths, &scratch.widths)
        swap(&counts, &scratch.widthCounts)
        swap(&wide, &scratch.cellWidths)
        defer {
            swap(&lines, &scratch.lines)
            swap(&widths, &scratch.widths)
            swap(&counts, &scratch.widthCounts)
            swap(&wide, &scratch.cellWidths)
        }
        lines.removeAll(keepingCapacity: true)
        for i in block {
            let range = layouts[i]!.fields
            lines.append(LineCursor(next: range.lowerBound, first: range.lowerBound, end: range.upperBound))
        }
        let order = scratch.order
        // Blocks are often long (a year of transactions between two blank lines): the
        // lines are walked through raw buffers, with a histogram of widths rather than a
        // sorted list when the column's fields are all narrower than `histogramSize`.
        lines.withUnsafeMutableBufferPointer { lines in
            counts.withUnsafeMutableBufferPointer { counts in
                for id in order {
                    let counted = widths[Int(id)].widest < Scratch.histogramSize
                    if counted { for w in 0 ... max(0, widths[Int(id)].widest) { counts[w] = 0 } }
                    wide.removeAll(keepingCapacity: true)
                    var column = ColumnWidth()
                    var cells = 0
                    var limit = Int.max
                    for n in lines.indices where lines[n].next >= 0 {
                        let f = lines[n].next
                        lines[n].cell = -1
                        var cell = -1
                        if f < lines[n].end && fields[f].column == id {
                            let last = f == lines[n].end - 1
                            column.measure(fields[f], last: last)
                            lines[n].next = f + 1
                            if !last && !fields[f].isAmount {
                                cell = Int(fields[f].width)
                                lines[n].cell = cell
                            }
                        } else if f > lines[n].first && f < lines[n].end {
                            cell = 0
                        }
                        guard cell >= 0 else { continue }
                        cells += 1
                        if counted { counts[cell] += 1 } else { wide.append(cell) }
                    }
                    if cells > 0 && column.widest > Self.overflowExcess {
                        // The median: the upper middle cell.
                        var median = 0
                        if counted {
                            var seen = counts[0]
                            while seen <= cells / 2 {
                                median += 1
                                seen += counts[median]
                            }
                        } else {
                            wide.sort()
                            median = wide[cells / 2]
                        }
                        limit = median + Self.overflowExcess
                    }
                    if column.widest > limit {
                        limits[Int(id)] = limit
                        column.widest = 0
                        for n in lines.indices where lines[n].cell >= 0 {
                            if lines[n].cell > limit { lines[n].next = -1; lines[n].cell = -1 } else { column.widest = max(column.widest, lines[n].cell) }
                        }
                    }
                    widths[Int(id)] = column
                }
            }
        }
        if limits.contains(where: { $0 != Int.max }) { overflowLimits = limits }
    }

    /// A line of a block as ``chooseOverflows`` walks it: its next field (-1 once the
    /// line has overflowed), its fields, and its cell in the column being measured (-1:
    /// none that can overflow).
    struct LineCursor {
        var next: Int
        var first: Int
        var end: Int
        var cell = -1
    }

    /// The widths a column needs, from the fields measured into it.
    struct ColumnWidth {
        /// The widest and the narrowest fields that are not amounts nor the last of
        /// their line.
        var widest = 0
        var narrowest = Int.max
        /// How many fields stand in the column, the last of their line and amounts too.
        var fields = 0
        /// Amounts: the widest integer part, and the widest rest (-1: none yet).
        var integers = 0
        var fractions = -1

        mutating func measure(_ field: LineField, last: Bool) {
            fields += 1
            if field.isAmount {
                integers = max(integers, Int(field.integerWidth))
                if !last { fractions = max(fractions, Int(field.width - field.integerWidth)) }
            } else if !last {
                let width = Int(field.width)
                widest = max(widest, width)
                narrowest = min(narrowest, width)
            }
        }
    }

    /// The columns of a line alone in its block (an entry's only indented line, often):
    /// each field in a column of its own, what the general rule gives, without its
    /// bookkeeping.
    private mutating func chooseStarts(alone lineFields: Range<Int>, _ fields: UnsafeMutableBufferPointer<LineField>, indent: Int) {
        starts.reserveCapacity(lineFields.count)
        integerWidths.reserveCapacity(lineFields.count)
        leadColumn = 0
        var start = indent
        for (n, f) in lineFields.enumerated() {
            fields[f].column = Int32(n)
            let field = fields[f]
            starts.append(start)
            integerWidths.append(field.isAmount ? Int(field.integerWidth) : 0)
            // The last field widens nothing; an amount alone is as wide as itself.
            if f != lineFields.upperBound - 1 { start += Int(field.width) + gap(after: Int32(n)) }
        }
    }

    private mutating func chooseCommentColumn(_ block: [Int], _ layouts: [LineLayout?], _ fields: [LineField]) {
        // End-of-line comments: two spaces after the widest content that carries one,
        // with the same allowance for an outlier.
        var widestEnd = -1, secondEnd = -1, commented = 0
        let columns = self
        fields.withUnsafeBufferPointer { buffer in
            for i in block {
                let line = layouts[i]!
                guard line.comment != nil && line.hasContent && line.commentSpaced else { continue }
                let end = line.contentEnd(buffer, columns)
                commented += 1
                if end > widestEnd {
                    secondEnd = widestEnd
                    widestEnd = end
                } else if end > secondEnd {
                    secondEnd = end
                }
            }
        }
        if commented > 0 {
            commentColumn = (commented > 1 && widestEnd - secondEnd > Self.commentOutlierExcess ? secondEnd : widestEnd) + 2
        }
    }
}
