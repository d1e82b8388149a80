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

    /// The table with a header line; `color` paints negative amounts red.
    func render(color: Bool, indent: String = "") -> String {
        let cellRows = rows.compactMap { row -> [String]? in
            if case .cells(let cells) = row { return cells.enumerated().map { shorten($1, columns[$0].maxWidth) } }
            return nil
        }
        // For decimal columns: the widest part before the point and after it.
        var before = [Int](repeating: 0, count: columns.count)
        var after = [Int](repeating: 0, count: columns.count)
        var widths = columns.map { width($0.title) }
        for cells in cellRows {
            for (i, cell) in cells.enumerated() where i < columns.count {
                if columns[i].alignment == .decimal {
                    let (a, b) = split(cell)
                    before[i] = max(before[i], width(a))
                    after[i] = max(after[i], width(b))
                    widths[i] = max(widths[i], before[i] + after[i])
                } else {
                    widths[i] = max(widths[i], width(cell))
                }
            }
        }
        for i in columns.indices where columns[i].alignment == .decimal {
            // A title wider than the numbers pushes them right, keeping them aligned.
            before[i] += widths[i] - (before[i] + after[i])
        }
        func line(_ cells: [String], header: Bool) -> String {
            var parts: [String] = []
            for (i, column) in columns.enumerated() {
                let cell = i < cells.count ? cells[i] : ""
                var text: String
                switch header ? (column.alignment == .left ? .left : .right) : column.alignment {
                case .left: text = cell + String(repeating: " ", count: widths[i] - width(cell))
                case .right: text = String(repeating: " ", count: widths[i] - width(cell)) + cell
                case .decimal:
                    let (a, b) = split(cell)
                    text = String(repeating: " ", count: before[i] - width(a)) + a + b + String(repeating: " ", count: after[i] - width(b))
                }
                if color && !header && column.alignment == .decimal && cell.hasPrefix("-") {
                    text = "\u{1B}[31m" + text + "\u{1B}[0m"
                }
                parts.append(text)
            }
            var joined = indent + parts.joined(separator: "  ")
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined + "\n"
        }
        var out = line(columns.map(\.title), header: true)
        let total = widths.reduce(0, +) + 2 * max(0, columns.count - 1)
        out += indent + String(repeating: "-", count: total) + "\n"
        var index = 0
        for row in rows {
            switch row {
            case .rule: out += indent + String(repeating: "-", count: total) + "\n"
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

    private func width(_ text: String) -> Int { DisplayWidth.of(Substring(text).unicodeScalars) }

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
