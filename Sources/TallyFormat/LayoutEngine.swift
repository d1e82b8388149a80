import TallySyntax

/// Lays out a whole file, line by line, into a ``Layout``.
///
/// Columns are chosen per block. The first lines of consecutive entries form a block
/// until a blank line or a `tally-fmt: off` region; comments in column 1 and entries kept
/// verbatim do not end a block. Within a block, each family of entries has its own
/// columns: transactions and transfers together, every other kind on its own, so a
/// lone `assert` between transactions neither breaks their columns nor is pushed to
/// them. The indented lines of one entry form a block of their own.
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
        let anchors = source.anchors

        var layouts = [LineLayout?](repeating: nil, count: lines.count)
        for (i, line) in lines.enumerated() where !line.verbatim {
            switch line.role {
            case .header: layouts[i] = LineLayout(line: line, tokens: tokens, indent: 0) { anchors[$0] }
            case .continuation: layouts[i] = LineLayout(line: line, tokens: tokens, indent: Self.indentWidth) { anchors[$0] }
            case .rootComment: layouts[i] = LineLayout(line: line, tokens: tokens, indent: 0) { _ in false }
            case .blank, .other: break
            }
        }
        let columns = chooseColumns(lines, layouts, source.entryKinds)

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
                // Runs of blank lines become one; none at the top or the bottom.
                if !previousWasBlank && i < lastKept { layout.output.append(contentsOf: newline) }
                previousWasBlank = true
            } else if let lineLayout = layouts[i] {
                lineLayout.render(tokens, decimalColumn: columns[i].decimalColumn, commentColumn: columns[i].commentColumn, into: &layout.output)
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

    /// The line break written at the end of a file that lacks one: the file's first.
    private func finalNewline(_ source: SourceLines) -> [UInt8] {
        for line in source.lines { if let n = line.newline { return Array(source.tokens.bytes(of: n)) } }
        return [0x0A]
    }

    /// The columns for every line, computed per block and family.
    private func chooseColumns(_ lines: [SourceLine], _ layouts: [LineLayout?], _ entryKinds: [SyntaxKind]) -> [ColumnAlignment] {
        var columns = [ColumnAlignment](repeating: ColumnAlignment(), count: lines.count)
        var headerBlock: [Int] = []
        var indentedBlock: [Int] = []
        var indentedEntry: Int?
        func align(_ block: [Int]) {
            let alignment = ColumnAlignment(block, layouts)
            for i in block { columns[i] = alignment }
        }
        func closeHeaders() {
            guard !headerBlock.isEmpty else { return }
            // Usually one family fills the block; others are gathered when present.
            let firstFamily = Self.family(entryKinds[lines[headerBlock[0]].entry!])
            if headerBlock.allSatisfy({ Self.family(entryKinds[lines[$0].entry!]) == firstFamily }) {
                align(headerBlock)
            } else {
                var families: [Int: [Int]] = [:]
                for i in headerBlock { families[Self.family(entryKinds[lines[i].entry!]), default: []].append(i) }
                for family in families.values { align(family) }
            }
            headerBlock.removeAll(keepingCapacity: true)
        }
        func closeIndented() {
            guard !indentedBlock.isEmpty else { return }
            align(indentedBlock)
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
        return columns
    }

    /// Entries of one family share columns within a block.
    static func family(_ kind: SyntaxKind) -> Int {
        kind == .transfer ? Int(SyntaxKind.transaction.rawValue) : Int(kind.rawValue)
    }
}
