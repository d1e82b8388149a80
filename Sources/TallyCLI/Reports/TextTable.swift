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

    /// A cell measured once: its text, width, and for amounts the parts around the point.
    private struct Cell {
        var text: String
        var width: Int
        var before = ""
        var beforeWidth = 0
        var after = ""
        var afterWidth = 0
    }

    /// The table with a header line; `color` paints negative amounts red.
    func render(color: Bool, indent: String = "") -> String {
        // Measuring each cell once keeps a register of 100k lines quick.
        var cellRows: [[Cell]] = []
        cellRows.reserveCapacity(rows.count)
        for row in rows {
            guard case .cells(let cells) = row else { continue }
            cellRows.append(columns.indices.map { i in
                let text = i < cells.count ? shorten(cells[i], columns[i].maxWidth) : ""
                var cell = Cell(text: text, width: width(text))
                if columns[i].alignment == .decimal {
                    (cell.before, cell.after) = split(text)
                    cell.beforeWidth = width(cell.before)
                    cell.afterWidth = cell.width - cell.beforeWidth
                }
                return cell
            })
        }
        // For decimal columns: the widest part before the point and after it.
        var before = [Int](repeating: 0, count: columns.count)
        var after = [Int](repeating: 0, count: columns.count)
        var widths = columns.map { width($0.title) }
        for cells in cellRows {
            for (i, cell) in cells.enumerated() {
                if columns[i].alignment == .decimal {
                    before[i] = max(before[i], cell.beforeWidth)
                    after[i] = max(after[i], cell.afterWidth)
                    widths[i] = max(widths[i], before[i] + after[i])
                } else {
                    widths[i] = max(widths[i], cell.width)
                }
            }
        }
        for i in columns.indices where columns[i].alignment == .decimal {
            // A title wider than the numbers pushes them right, keeping them aligned.
            before[i] += widths[i] - (before[i] + after[i])
        }
        func spaces(_ n: Int) -> String { n > 0 ? String(repeating: " ", count: n) : "" }
        func line(_ cells: [Cell], header: Bool) -> String {
            var joined = indent
            for (i, column) in columns.enumerated() {
                let cell = cells[i]
                if i > 0 { joined += "  " }
                switch header ? (column.alignment == .left ? .left : .right) : column.alignment {
                case .left:
                    if color && !header, let code = column.marks[cell.text] {
                        joined += "\u{1B}[\(code)m" + cell.text + "\u{1B}[0m" + spaces(widths[i] - cell.width)
                    } else {
                        joined += cell.text + spaces(widths[i] - cell.width)
                    }
                case .right: joined += spaces(widths[i] - cell.width) + cell.text
                case .decimal:
                    let text = spaces(before[i] - cell.beforeWidth) + cell.text + spaces(after[i] - cell.afterWidth)
                    joined += color && !header && cell.text.hasPrefix("-") ? "\u{1B}[31m" + text + "\u{1B}[0m" : text
                }
            }
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined + "\n"
        }
        var out = line(columns.map { Cell(text: $0.title, width: width($0.title)) }, header: true)
        let total = widths.reduce(0, +) + 2 * max(0, columns.count - 1)
        let dashes = indent + String(repeating: "-", count: total) + "\n"
        out += dashes
        var index = 0
        for row in rows {
            switch row {
            case .rule: out += dashes
            case .cells:
                out += line(cellRows[index], header: false)
                index += 1
            }
        }
        return out
    }

    /// Splits an amount cell at its decimal point (or before its unit when it has none).
    private func split(_ cell: String) -> (String, String) {
        if let dot = cell.firstIndex(of: ".") { return (String(cell[..<dot]), String(cell[dot...])) }
        if let space = cell.firstIndex(of: " ") { return (String(cell[..<space]), String(cell[space...])) }
        if let percent = cell.firstIndex(of: "%") { return (String(cell[..<percent]), String(cell[percent...])) }
        return (cell, "")
    }

    private func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : DisplayWidth.of(Substring(text).unicodeScalars)
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
