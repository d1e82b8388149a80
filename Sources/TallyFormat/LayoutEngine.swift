import TallySyntax

/// Lays out a whole file, line by line, into a ``Layout``.
///
/// Columns are chosen per block. The first lines of consecutive entries form a block
/// until a blank line or a `tally-fmt: off` region; comments in column 1 and entries kept
/// verbatim do not end a block. Within a block, each kind of entry has columns of its
/// own (``BlockColumns``), so a lone `assert` or transfer between transactions neither
/// breaks their columns nor is pushed to them; so have recurring entries that repeat a
/// transfer, among those that repeat a transaction. The indented lines of one entry form a
/// block of their own.
struct LayoutEngine {
    let tree: SyntaxTree

    /// Spaces before an indented line of an entry.
    static let indentWidth = 4

    /// The formatted file and, line by line, what changed.
    func layout() -> Layout {
        TokenTable(tree).withView { layout(SourceLines(tree: tree, tokens: $0)) }
    }

    private func layout(_ source: SourceLines) -> Layout {
        let lines = source.lines
        let tokens = source.tokens
        let entryKinds = source.entryKinds

        var fields: [LineField] = []
        fields.reserveCapacity(lines.count * 6)
        var layouts = [LineLayout?](repeating: nil, count: lines.count)
        source.fieldMarks.withUnsafeBufferPointer { marks in
            for (i, line) in lines.enumerated() where !line.verbatim {
                switch line.role {
                case .header:
                    let dated = FieldMark.isDated(entryKinds[line.entry!])
                    layouts[i] = LineLayout(line: line, tokens: tokens, marks: marks, dated: dated, indent: 0, fields: &fields)
                case .continuation:
                    layouts[i] = LineLayout(line: line, tokens: tokens, marks: marks, dated: true, indent: Self.indentWidth, fields: &fields)
                case .rootComment:
                    layouts[i] = LineLayout(line: line, tokens: tokens, marks: marks, dated: false, indent: 0, fields: &fields)
                case .blank, .other: break
                }
            }
        }
        let (blocks, blockOfLine) = chooseColumns(lines, layouts, entryKinds, source.transferRules, &fields)
        let noColumns = BlockColumns()

        var layout = Layout()
        layout.output.reserveCapacity(tokens.bytes.count + tokens.bytes.count / 4 + 16)
        layout.pieces.reserveCapacity(lines.count + 1)
        if let bom = source.byteOrderMark {
            let range = tokens.range(of: bom)
            layout.output.append(contentsOf: tokens.bytes(in: range))
            layout.pieces.append(LayoutPiece(original: range, formatted: 0 ..< range.length, changed: false))
        }
        let lastKept = lines.lastIndex { !($0.role == .blank && !$0.verbatim) } ?? -1
        var previousWasBlank = true  // no blank lines at the top of the file
        for (i, line) in lines.enumerated() {
            let original = tokens.bytes(in: line.bytes)
            let newline = line.newline.map { tokens.bytes(of: $0) } ?? UnsafeBufferPointer(start: nil, count: 0)
            let start = layout.output.count
            if line.verbatim {
                layout.output.append(contentsOf: original)
                previousWasBlank = line.role == .blank
            } else if line.role == .blank {
                // Runs of blank lines become one; none at the top or the bottom, except the
                // last one above a line starting with U+FEFF: at the top of the output that
                // character would become the file's byte order mark, another token.
                let keepsMarkApart = layout.output.isEmpty && startsWithByteOrderMark(lines, after: i, tokens)
                if (!previousWasBlank && i < lastKept) || keepsMarkApart {
                    // After a lone CR (a verbatim line may end in one), a bare LF would join
                    // it into one CRLF line break and the blank line would be gone.
                    let joins = layout.output.last == 0x0D && newline.first == 0x0A
                    layout.output.append(contentsOf: joins ? original : newline)
                }
                previousWasBlank = !keepsMarkApart
            } else if let lineLayout = layouts[i] {
                let block = blockOfLine[i]
                fields.withUnsafeBufferPointer { fields in
                    lineLayout.render(tokens, fields, block < 0 ? noColumns : blocks[Int(block)], into: &layout.output)
                }
                layout.output.append(contentsOf: newline)
                previousWasBlank = false
            }
            if i == lastKept && line.newline == nil && layout.output.count > start {
                layout.output.append(contentsOf: finalNewline(source))
            }
            let changed = !layout.output.withUnsafeBufferPointer { TokenView.equal(UnsafeBufferPointer(rebasing: $0[start...]), original) }
            layout.pieces.append(LayoutPiece(original: line.bytes, formatted: start ..< layout.output.count, changed: changed))
            if changed { layout.changed = true }
        }
        return layout
    }

    /// True when the line after `i` is not blank and starts with U+FEFF (after spaces and
    /// tabs, which its layout may remove).
    private func startsWithByteOrderMark(_ lines: [SourceLine], after i: Int, _ tokens: TokenView) -> Bool {
        guard i + 1 < lines.count, lines[i + 1].role != .blank || lines[i + 1].verbatim else { return false }
        let bytes = tokens.bytes(in: lines[i + 1].bytes)
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        return bytes.count - first >= 3 && bytes[first] == 0xEF && bytes[first + 1] == 0xBB && bytes[first + 2] == 0xBF
    }

    /// The line break written at the end of a file that lacks one: the file's first.
    private func finalNewline(_ source: SourceLines) -> [UInt8] {
        for line in source.lines { if let n = line.newline { return Array(source.tokens.bytes(of: n)) } }
        return [0x0A]
    }

    /// The columns of every block and family, and for each line the index of its
    /// block (-1 for none).
    private func chooseColumns(_ lines: [SourceLine], _ layouts: [LineLayout?], _ entryKinds: [SyntaxKind], _ transferRules: [Int], _ fields: inout [LineField]) -> ([BlockColumns], [Int32]) {
        var blocks: [BlockColumns] = []
        var blockOfLine = [Int32](repeating: -1, count: lines.count)
        var headerBlock: [Int] = []
        var indentedBlock: [Int] = []
        var indentedEntry: Int?
        var scratch = BlockColumns.Scratch()
        // One family per entry kind, and one more for recurring entries that repeat a
        // transfer: their `transfer A -> B` would widen the wallet column of the rules
        // that repeat a transaction, as a transfer would among transactions.
        let transferRuleFamily = SyntaxKind.allCases.count
        var families = [[Int]](repeating: [], count: transferRuleFamily + 1)
        func family(_ line: Int) -> Int {
            let entry = lines[line].entry!
            let kind = entryKinds[entry]
            return kind == .recurringDirective && isTransferRule(entry) ? transferRuleFamily : Int(kind.rawValue)
        }
        func isTransferRule(_ entry: Int) -> Bool {
            // A binary search: the list is ascending, and often empty.
            var low = 0, high = transferRules.count
            while low < high {
                let middle = (low + high) / 2
                if transferRules[middle] < entry { low = middle + 1 } else { high = middle }
            }
            return low < transferRules.count && transferRules[low] == entry
        }
        func align(_ block: [Int], indent: Int, leadGap: Int) {
            blocks.append(BlockColumns(block, layouts, &fields, indent: indent, leadGap: leadGap, scratch: &scratch))
            for i in block { blockOfLine[i] = Int32(blocks.count - 1) }
        }
        func alignHeaders(_ block: [Int]) {
            // A recurring entry's first field is its whole schedule: two spaces after it.
            let recurring = entryKinds[lines[block[0]].entry!] == .recurringDirective
            align(block, indent: 0, leadGap: recurring ? 2 : 1)
        }
        func closeHeaders() {
            guard !headerBlock.isEmpty else { return }
            // Usually one family fills the block; others are gathered when present.
            let firstFamily = family(headerBlock[0])
            if headerBlock.allSatisfy({ family($0) == firstFamily }) {
                alignHeaders(headerBlock)
            } else {
                // Gathered by kind in arrays kept from block to block; a dictionary here
                // cost a hash per line.
                var order: [Int] = []
                for i in headerBlock {
                    let kind = family(i)
                    if families[kind].isEmpty { order.append(kind) }
                    families[kind].append(i)
                }
                for kind in order {
                    alignHeaders(families[kind])
                    families[kind].removeAll(keepingCapacity: true)
                }
            }
            headerBlock.removeAll(keepingCapacity: true)
        }
        func closeIndented() {
            guard !indentedBlock.isEmpty else { return }
            align(indentedBlock, indent: Self.indentWidth, leadGap: 2)
            indentedBlock.removeAll(keepingCapacity: true)
        }
        for (i, line) in lines.enumerated() {
            if line.role == .blank || line.formatOff { closeHeaders() }
            if line.entry != indentedEntry || line.formatOff { closeIndented() }
            indentedEntry = line.entry
            guard layouts[i] != nil else { continue }
            switch line.role {
            case .header: headerBlock.append(i)
            case .continuation: indentedBlock.append(i)
            default: break
            }
        }
        closeHeaders()
        closeIndented()
        return (blocks, blockOfLine)
    }
}
