import TallyCore
import TallyReports

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

    /// A cell measured once: its text, width, and for amounts where the point and the
    /// unit split it.
    private struct Cell {
        var text: String
        var width: Int
        var amount = AmountCell()
    }

    /// `text` as a cell of a column at most `limit` wide shows it (cut with `…` when
    /// wider), with its display width: for writers that lay out the same table from
    /// their rows' data without keeping the rows (the register's 100k lines).
    static func fitted(_ text: String, limit: Int) -> (text: String, width: Int) {
        let cell = TextTable([]).shortened(text, limit)
        return (cell.text, cell.width)
    }

    /// The table drawn for `width` columns: no name is cut when the whole table then
    /// fits; otherwise names are cut to their columns' `maxWidth`.
    func render(color: Bool, width available: Int, indent: String = "") -> String {
        var wide = self
        for i in wide.columns.indices { wide.columns[i].maxWidth = .max }
        let plain = wide.render(color: false, indent: indent)
        let fits = plain.split(separator: "\n").allSatisfy { line in
            line.utf8.count <= available || TextTable.fitted(String(line), limit: .max).width <= available
        }
        guard fits else { return render(color: color, indent: indent) }
        return color ? wide.render(color: true, indent: indent) : plain
    }

    /// The table with a header line; `color` paints negative amounts red.
    func render(color: Bool, indent: String = "") -> String {
        // Every cell is measured once into one flat array, and the text is built as
        // bytes in one buffer: a register of 100k lines would otherwise spend most of
        // its time growing and copying strings.
        let layout = measured()
        let columnCount = columns.count
        let total = layout.widths.reduce(0, +) + 2 * max(0, columnCount - 1)
        let indentBytes = Array(indent.utf8)
        let byteEstimate = (rows.count + 2) * (total + indentBytes.count + 1) + 64
        var out: [UInt8] = []
        out.reserveCapacity(byteEstimate)
        let titles = columns.map { Cell(text: $0.title, width: width($0.title)) }
        writeLine(titles[...], header: true, layout, color: color, indent: indentBytes, to: &out)
        TextTable.writeDashes(total, indent: indentBytes, to: &out)
        var index = 0
        for row in rows {
            switch row {
            case .rule: TextTable.writeDashes(total, indent: indentBytes, to: &out)
            case .cells:
                writeLine(layout.cells[index ..< index + columnCount], header: false, layout, color: color, indent: indentBytes, to: &out)
                index += columnCount
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The rows' cells measured, and the columns' widths and amount layouts they need.
    private struct Layout {
        /// Every row's cells, row after row, `columns.count` to a row; rules have none.
        var cells: [Cell]
        var widths: [Int]
        var amounts: [AmountColumn]
    }

    /// Measures every cell once, cut to its column's `maxWidth`, and widens the columns
    /// to their titles and cells.
    private func measured() -> Layout {
        let columnCount = columns.count
        var cells: [Cell] = []
        cells.reserveCapacity(rows.count * columnCount)
        var amounts = [AmountColumn](repeating: AmountColumn(), count: columnCount)
        var widths = columns.map { width($0.title) }
        for row in rows {
            guard case .cells(let texts) = row else { continue }
            for i in 0 ..< columnCount {
                var cell = i < texts.count ? shortened(texts[i], columns[i].maxWidth) : Cell(text: "", width: 0)
                if columns[i].alignment == .decimal {
                    cell.amount = TextTable.amountCell(cell.text, width: cell.width)
                    amounts[i].include(cell.amount)
                    widths[i] = max(widths[i], amounts[i].width)
                } else {
                    widths[i] = max(widths[i], cell.width)
                }
                cells.append(cell)
            }
        }
        for i in columns.indices where columns[i].alignment == .decimal { widths[i] = amounts[i].fit(widths[i]) }
        return Layout(cells: cells, widths: widths, amounts: amounts)
    }

    /// Writes one line of cells padded to their columns: the header's titles (left or
    /// right, never on the point, never painted) or a row's cells.
    private func writeLine(
        _ row: ArraySlice<Cell>, header: Bool, _ layout: Layout, color: Bool, indent: [UInt8], to out: inout [UInt8]
    ) {
        let start = out.count
        out.append(contentsOf: indent)
        var i = 0
        for cell in row {
            let column = columns[i]
            if i > 0 { out.append(0x20); out.append(0x20) }
            switch header ? (column.alignment == .left ? .left : .right) : column.alignment {
            case .left:
                if color && !header, let code = column.marks[cell.text] {
                    TextTable.paint(code, &out)
                    out.appendUTF8(cell.text)
                    TextTable.paint("0", &out)
                } else {
                    out.appendUTF8(cell.text)
                }
                out.appendSpaces(layout.widths[i] - cell.width)
            case .right:
                out.appendSpaces(layout.widths[i] - cell.width)
                out.appendUTF8(cell.text)
            case .decimal: layout.amounts[i].write(cell.text.utf8, cell.amount, color: color && !header, to: &out)
            }
            i += 1
        }
        TextTable.endLine(from: start, &out)
    }

    /// Writes a dashed line `total` wide.
    private static func writeDashes(_ total: Int, indent: [UInt8], to out: inout [UInt8]) {
        out.append(contentsOf: indent)
        out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: total))
        out.append(0x0A)
    }

    /// Where an amount cell splits, as byte offsets: `before` at its decimal point (or
    /// its unit's space when it has none, or a percent sign), `unit` at the space before
    /// its unit (the end when none). `3362.85 EUR`: 4 and 7; `17630 JPY`: 5 and 5. Words
    /// in an amount column (`no rate`) are not split: they end at the decimal point.
    static func amountSplit<Bytes: Collection>(_ bytes: Bytes) -> (before: Int, unit: Int) where Bytes.Element == UInt8 {
        if let first = bytes.first, (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(first | 0x20) {
            return (bytes.count, bytes.count)
        }
        var point: Int?
        var space: Int?
        var percent: Int?
        var offset = 0
        for byte in bytes {
            if byte == UInt8(ascii: "."), point == nil, space == nil { point = offset }
            if byte == UInt8(ascii: " "), space == nil { space = offset }
            if byte == UInt8(ascii: "%"), percent == nil { percent = offset }
            offset += 1
        }
        let before = point ?? space ?? percent ?? offset
        return (before, max(before, space ?? offset))
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
