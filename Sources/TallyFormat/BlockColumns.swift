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
///   room), and neither does a field more than ``outlierExcess`` characters wider than
///   every other cell of its column (a blank cell counts as 0 wide): it overflows, and
///   the rest of its line follows it two spaces later.
/// - Amounts are aligned on their decimal point (a number without one as if it stood
///   after the last digit).
/// - Two spaces separate columns; one follows the first column of an entry's first
///   line (its date or keyword), which is the same width on every line.
struct BlockColumns {
    /// Where each column starts, in characters from the start of the line.
    var starts: [Int] = []
    /// For each column, the widest integer part of its amounts.
    var integerWidths: [Int] = []
    /// Spaces after the first column.
    var leadGap = 2
    /// Where end-of-line comments start.
    var commentColumn: Int?

    /// How much wider than the next widest a field must be to overflow its column.
    static let outlierExcess = 40

    /// The least number of spaces after a field in `column`.
    func gap(after column: Int) -> Int { column == 0 ? leadGap : 2 }

    /// No columns: for lines outside any block.
    init() {}

    /// Chooses the columns of the lines at `block` (indices into `layouts`, all
    /// non-nil), and writes each field's column into `fields`.
    init(_ block: [Int], _ layouts: [LineLayout?], _ fields: inout [LineField], indent: Int, leadGap: Int) {
        self.leadGap = leadGap
        fields.withUnsafeMutableBufferPointer { chooseStarts(block, layouts, $0, indent: indent) }
        chooseCommentColumn(block, layouts, fields)
    }

    private mutating func chooseStarts(_ block: [Int], _ layouts: [LineLayout?], _ fields: UnsafeMutableBufferPointer<LineField>, indent: Int) {
        // Columns in order, each with an id (stable while columns are inserted) and keys.
        var order: [(id: Int32, keys: [Int32])] = []
        var previousKeys: [Int32] = []
        var previousIDs: [Int32] = []
        var lineKeys: [Int32] = []
        for i in block {
            let lineFields = layouts[i]!.fields
            // Most lines of a block have the same fields as the one before.
            if lineFields.count == previousKeys.count
                && zip(lineFields, previousKeys).allSatisfy({ fields[$0.0].key == $0.1 }) {
                for (n, f) in lineFields.enumerated() { fields[f].column = previousIDs[n] }
                continue
            }
            lineKeys.removeAll(keepingCapacity: true)
            for f in lineFields { lineKeys.append(fields[f].key) }
            previousIDs.removeAll(keepingCapacity: true)
            var position = 0
            for f in lineFields {
                let key = fields[f].key
                var id: Int32
                if let found = order[position...].firstIndex(where: { $0.keys.contains(key) }) {
                    id = order[found].id
                    position = found + 1
                } else if position < order.count, LineField.isAttribute(key),
                          order[position].keys.allSatisfy({ LineField.isAttribute($0) && !lineKeys.contains($0) }) {
                    order[position].keys.append(key)
                    id = order[position].id
                    position += 1
                } else {
                    id = Int32(order.count)
                    order.insert((id, [key]), at: position)
                    position += 1
                }
                fields[f].column = id
                previousIDs.append(id)
            }
            swap(&previousKeys, &lineKeys)
        }

        // Widths, by id.
        let count = order.count
        var widest = [Int](repeating: 0, count: count)
        var secondWidest = [Int](repeating: 0, count: count)
        var integers = [Int](repeating: 0, count: count)
        var fractions = [Int](repeating: -1, count: count)
        for i in block {
            let lineFields = layouts[i]!.fields
            for f in lineFields {
                let field = fields[f]
                let id = Int(field.column)
                let last = f == lineFields.upperBound - 1
                if field.isAmount {
                    integers[id] = max(integers[id], Int(field.integerWidth))
                    if !last { fractions[id] = max(fractions[id], Int(field.width - field.integerWidth)) }
                } else if !last {
                    let width = Int(field.width)
                    if width > widest[id] {
                        secondWidest[id] = widest[id]
                        widest[id] = width
                    } else if width > secondWidest[id] {
                        secondWidest[id] = width
                    }
                }
            }
        }
        var positions = [Int32](repeating: 0, count: count)
        starts.reserveCapacity(count)
        integerWidths.reserveCapacity(count)
        var start = indent
        for (n, column) in order.enumerated() {
            let id = Int(column.id)
            positions[id] = Int32(n)
            starts.append(start)
            integerWidths.append(integers[id])
            var width = block.count > 1 && widest[id] - secondWidest[id] > Self.outlierExcess ? secondWidest[id] : widest[id]
            if fractions[id] >= 0 { width = max(width, integers[id] + fractions[id]) }
            if width > 0 { start += width + gap(after: n) }
        }
        for i in block {
            for f in layouts[i]!.fields { fields[f].column = positions[Int(fields[f].column)] }
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
            commentColumn = (commented > 1 && widestEnd - secondEnd > Self.outlierExcess ? secondEnd : widestEnd) + 2
        }
    }
}
