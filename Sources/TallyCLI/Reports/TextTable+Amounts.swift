import TallyReports

/// The pieces of a text table that the register's writer (`RegisterOutput`) shares with
/// `TextTable`, so that both lay out amounts, colour and line ends by one rule: an amount
/// column lines its cells up on the decimal point and on the unit.
extension TextTable {
    /// An amount cell measured: display widths before the split (the point), from the
    /// point to the unit, and of the unit; and the byte where the unit starts.
    struct AmountCell {
        var before = 0
        var after = 0
        var unit = 0
        var unitStart = 0
    }

    /// The amount cell of `text`, `width` wide (as measured, cut or not).
    static func amountCell(_ text: String, width: Int) -> AmountCell {
        let utf8 = text.utf8
        let split = amountSplit(utf8)
        var cell = AmountCell(unitStart: split.unit)
        if width == utf8.count {
            cell.before = split.before
            cell.unit = utf8.count - split.unit
        } else {
            cell.before = fitted(String(decoding: utf8.prefix(split.before), as: UTF8.self), limit: .max).width
            cell.unit = fitted(String(decoding: utf8.dropFirst(split.unit), as: UTF8.self), limit: .max).width
        }
        cell.after = width - cell.before - cell.unit
        return cell
    }

    /// An amount column: the widest part of its cells, each.
    struct AmountColumn {
        var before = 0
        var after = 0
        var unit = 0

        /// The column's width for its cells.
        var width: Int { before + after + unit }

        /// Widens the column for `cell`.
        mutating func include(_ cell: AmountCell) {
            before = max(before, cell.before)
            after = max(after, cell.after)
            unit = max(unit, cell.unit)
        }

        /// Makes the column at least as wide as `title`'s `width` and returns the width;
        /// a title wider than the numbers pushes them right, keeping them aligned.
        mutating func fit(_ width: Int) -> Int {
            let total = max(width, self.width)
            before += total - self.width
            return total
        }

        /// Writes `bytes`, a cell measured as `cell`, aligned in the column; red when
        /// negative and `color` is on.
        func write<Bytes: Collection>(_ bytes: Bytes, _ cell: AmountCell, color: Bool, to out: inout [UInt8]) where Bytes.Element == UInt8 {
            let red = color && bytes.first == 0x2D
            if red { TextTable.paint("31", &out) }
            out.appendSpaces(before - cell.before)
            // Decimals and unit apart, so that `17630 JPY` and `3362.85 EUR` line up both
            // on the point and on the code.
            out.append(contentsOf: bytes.prefix(cell.unitStart))
            out.appendSpaces(after - cell.after)
            out.append(contentsOf: bytes.dropFirst(cell.unitStart))
            out.appendSpaces(unit - cell.unit)
            if red { TextTable.paint("0", &out) }
        }
    }

    /// Writes the ANSI colour `code` (`31` red, `0` back to plain).
    static func paint(_ code: String, _ out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        out.append(contentsOf: code.utf8)
        out.append(0x6D)
    }

    /// Ends the line begun at `start`: trailing spaces dropped, then a line feed.
    static func endLine(from start: Int, _ out: inout [UInt8]) {
        while out.count > start, out[out.count - 1] == 0x20 { out.removeLast() }
        out.append(0x0A)
    }
}
