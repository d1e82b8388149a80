/// A plain-text table for people: columns padded to their widest cell, amounts aligned
/// on the decimal point, long text cut with an ellipsis so that reports stay readable at
/// 80 columns. Negative amounts keep their minus sign; colour only adds to it.
struct TextTable {
    enum Alignment { case left, right, decimal }

    struct Column {
        var title: String
        var alignment: Alignment
        /// Cells longer than this are shortened with `…`.
        var maxWidth: Int = 40
        /// Words painted when colour is on (`OVER` in red), by ANSI colour code.
        var marks: [String: String] = [:]
    }

    enum Row {
        case cells([String])
        /// A dashed line across the table.
        case rule
    }

    var columns: [Column]
    var rows: [Row] = []

    init(_ columns: [Column]) { self.columns = columns }

    mutating func add(_ cells: [String]) { rows.append(.cells(cells)) }
    mutating func addRule() { rows.append(.rule) }

    /// A cell measured once: its text, width, and for amounts where the point splits it.
    private struct Cell {
        var text: String
        var width: Int
        /// Bytes of `text` before the point (the split is always at an ASCII byte).
        var beforeBytes = 0
        var beforeWidth = 0
        var afterWidth = 0
    }

    /// `text` as a cell of a column at most `limit` wide shows it (cut with `…` when
    /// wider), with its display width: for writers that lay out the same table from
    /// their rows' data without keeping the rows (the register's 100k lines).
    static func fitted(_ text: String, limit: Int) -> (text: String, width: Int) {
        let cell = TextTable([]).shortened(text, limit)
        return (cell.text, cell.width)
    }

    /// The table with a header line; `color` paints negative amounts red.
    func render(color: Bool, indent: String = "") -> String {
        // Every cell is measured once into one flat array, and the text is built as
        // bytes in one buffer: a register of 100k lines would otherwise spend most of
        // its time growing and copying strings.
        let columnCount = columns.count
        var cells: [Cell] = []
        cells.reserveCapacity(rows.count * columnCount)
        var before = [Int](repeating: 0, count: columnCount)
        var after = [Int](repeating: 0, count: columnCount)
        var widths = columns.map { width($0.title) }
        for row in rows {
            guard case .cells(let texts) = row else { continue }
            for i in 0 ..< columnCount {
                var cell = i < texts.count ? shortened(texts[i], columns[i].maxWidth) : Cell(text: "", width: 0)
                let text = cell.text
                if columns[i].alignment == .decimal {
                    cell.beforeBytes = splitOffset(text)
                    let utf8 = text.utf8
                    cell.beforeWidth = cell.width == utf8.count
                        ? cell.beforeBytes
                        : width(String(decoding: utf8.prefix(cell.beforeBytes), as: UTF8.self))
                    cell.afterWidth = cell.width - cell.beforeWidth
                    before[i] = max(before[i], cell.beforeWidth)
                    after[i] = max(after[i], cell.afterWidth)
                    widths[i] = max(widths[i], before[i] + after[i])
                } else {
                    widths[i] = max(widths[i], cell.width)
                }
                cells.append(cell)
            }
        }
        for i in columns.indices where columns[i].alignment == .decimal {
            // A title wider than the numbers pushes them right, keeping them aligned.
            before[i] += widths[i] - (before[i] + after[i])
        }
        let total = widths.reduce(0, +) + 2 * max(0, columnCount - 1)
        let indentBytes = Array(indent.utf8)
        let byteEstimate = (rows.count + 2) * (total + indentBytes.count + 1) + 64
        var out: [UInt8] = []
        out.reserveCapacity(byteEstimate)
        let space: UInt8 = 0x20
        func spaces(_ n: Int) { out.appendSpaces(n) }
        func paint(_ code: String) {
            out.append(0x1B)
            out.append(0x5B)
            out.append(contentsOf: code.utf8)
            out.append(0x6D)
        }
        func line(_ row: ArraySlice<Cell>, header: Bool) {
            let start = out.count
            out.append(contentsOf: indentBytes)
            var i = 0
            for cell in row {
                let column = columns[i]
                if i > 0 { out.append(space); out.append(space) }
                switch header ? (column.alignment == .left ? .left : .right) : column.alignment {
                case .left:
                    if color && !header, let code = column.marks[cell.text] {
                        paint(code)
                        out.appendUTF8(cell.text)
                        paint("0")
                    } else {
                        out.appendUTF8(cell.text)
                    }
                    spaces(widths[i] - cell.width)
                case .right:
                    spaces(widths[i] - cell.width)
                    out.appendUTF8(cell.text)
                case .decimal:
                    let red = color && !header && cell.text.utf8.first == 0x2D
                    if red { paint("31") }
                    spaces(before[i] - cell.beforeWidth)
                    out.appendUTF8(cell.text)
                    spaces(after[i] - cell.afterWidth)
                    if red { paint("0") }
                }
                i += 1
            }
            while out.count > start, out[out.count - 1] == space { out.removeLast() }
            out.append(0x0A)
        }
        func dashes() {
            out.append(contentsOf: indentBytes)
            out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: total))
            out.append(0x0A)
        }
        let titles = columns.map { Cell(text: $0.title, width: width($0.title)) }
        line(titles[...], header: true)
        dashes()
        var index = 0
        for row in rows {
            switch row {
            case .rule: dashes()
            case .cells:
                line(cells[index ..< index + columnCount], header: false)
                index += columnCount
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where an amount cell splits: at its decimal point (or before its unit when it has
    /// none, or before a percent sign), as a byte offset; the whole cell when none.
    private func splitOffset(_ cell: String) -> Int {
        let utf8 = cell.utf8
        var space: Int?
        var percent: Int?
        var offset = 0
        for byte in utf8 {
            if byte == UInt8(ascii: ".") { return offset }
            if byte == UInt8(ascii: " ") && space == nil { space = offset }
            if byte == UInt8(ascii: "%") && percent == nil { percent = offset }
            offset += 1
        }
        return space ?? percent ?? offset
    }

    private func width(_ text: String) -> Int {
        // Nearly every cell is ASCII: one scan over contiguous bytes decides it.
        // (`withUTF8` also reaches small strings, kept inline, without allocating.)
        var copy = text
        let ascii = copy.withUTF8 { bytes in
            for byte in bytes where byte >= 0x80 { return false }
            return true
        }
        if ascii { return text.utf8.count }
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            total += value > 0 && value < 0x80 ? 1 : DisplayWidth.of(scalar)
        }
        return total
    }

    /// The cell for `text`, measured, cut with `…` when wider than `limit`.
    private func shortened(_ text: String, _ limit: Int) -> Cell {
        let full = width(text)
        guard full > limit else { return Cell(text: text, width: full) }
        let cut = shorten(text, limit)
        return Cell(text: cut, width: width(cut))
    }

    private func shorten(_ text: String, _ limit: Int) -> String {
        guard width(text) > limit else { return text }
        var out = ""
        for character in text {
            if width(out + String(character)) > limit - 1 { break }
            out.append(character)
        }
        return out + "…"
    }
}
