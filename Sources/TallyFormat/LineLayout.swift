import TallySyntax

/// The pieces of one formatted line before columns are chosen: the text before the
/// aligned amount (the head), the amount and what follows it (the tail), and an
/// end-of-line comment.
///
/// Runs of whitespace between two tokens become one space; tokens the user wrote
/// touching (`Anna,Ben`) stay touching, so no token can ever be read differently.
struct LineLayout {
    /// Columns of indentation: 0 for the first line of an entry, 4 for its other lines.
    var indent: Int
    var head: [UInt8] = []
    var headWidth = 0
    /// Width of the integer part of the aligned amount; nil when the line has none.
    var anchorIntegerWidth: Int?
    var tail: [UInt8] = []
    var tailWidth = 0
    /// The end-of-line comment (or the line's only content).
    var comment: ArraySlice<UInt8>?
    /// Whether whitespace stood between the content and the comment (then the comment is
    /// aligned; a comment written touching its content stays touching).
    var commentSpaced = false

    /// True when the line has something besides a comment.
    var hasContent: Bool { !head.isEmpty || anchorIntegerWidth != nil }

    /// Width of the content when the amount's decimal point stands at `decimalColumn`.
    func contentEnd(decimalColumn: Int?) -> Int {
        if let anchor = anchorIntegerWidth, let decimalColumn { return decimalColumn - anchor + tailWidth }
        return indent + headWidth + (anchorIntegerWidth == nil ? 0 : 1 + tailWidth)
    }

    /// The decimal column this line alone would need: two spaces after the head.
    var minimumDecimalColumn: Int? {
        anchorIntegerWidth.map { indent + headWidth + 2 + $0 }
    }

    /// Reads a line's tokens. `isAnchor` tells which token starts the amount to align.
    init(line: SourceLine, tree: SyntaxTree, indent: Int, isAnchor: (Int) -> Bool) {
        self.indent = indent
        var space = false
        var inTail = false
        for t in line.tokens where t != line.newline {
            let token = tree.token(at: t)
            switch token.kind {
            case .whitespace, .newline, .byteOrderMark:
                space = hasContent || inTail
            case .comment:
                commentSpaced = space && hasContent
                comment = token.bytes
            default:
                let bytes = token.bytes
                if !inTail && space && !head.isEmpty && isAnchor(t) {
                    inTail = true
                    anchorIntegerWidth = TextWidth.integerPart(ofNumber: bytes)
                    tail.append(contentsOf: bytes)
                    tailWidth += TextWidth.of(bytes)
                } else if inTail {
                    if space { tail.append(0x20); tailWidth += 1 }
                    tail.append(contentsOf: bytes)
                    tailWidth += TextWidth.of(bytes)
                } else {
                    if space { head.append(0x20); headWidth += 1 }
                    head.append(contentsOf: bytes)
                    headWidth += TextWidth.of(bytes)
                }
                space = false
            }
        }
    }

    /// Writes the line (without its line break) with the chosen columns.
    func render(decimalColumn: Int?, commentColumn: Int?, into output: inout [UInt8]) {
        var width = 0
        if hasContent || comment != nil {
            output.append(contentsOf: repeatElement(0x20, count: indent))
            width = indent
        }
        output.append(contentsOf: head)
        width += headWidth
        if let anchor = anchorIntegerWidth {
            let pad = max(1, (decimalColumn ?? 0) - anchor - width)
            output.append(contentsOf: repeatElement(0x20, count: pad))
            output.append(contentsOf: tail)
            width += pad + tailWidth
        }
        if let comment {
            if hasContent && commentSpaced {
                output.append(contentsOf: repeatElement(0x20, count: max(1, (commentColumn ?? 0) - width)))
            }
            output.append(contentsOf: comment)
        }
    }
}
