import TallySyntax

/// One line to be formatted, measured before columns are chosen: the width of the text
/// before the aligned amount (the head), of the amount and what follows it (the tail),
/// and where its end-of-line comment is.
///
/// Runs of whitespace between two tokens become one space; tokens the user wrote
/// touching (`Anna,Ben`) stay touching, so no token can ever be read differently.
/// The layout keeps token indices, not bytes, so measuring a file allocates nothing
/// per line.
struct LineLayout {
    /// Columns of indentation: 0 for the first line of an entry, 4 for its other lines.
    var indent: Int
    /// The tokens of the line, without its line break.
    var tokens: Range<Int>
    var headWidth = 0
    /// The first token of the aligned amount, and the width of its integer part.
    var anchor: Int?
    var anchorIntegerWidth = 0
    var tailWidth = 0
    /// The comment token, at the end of the line or as its only content.
    var comment: Int?
    /// Whether whitespace stood between the content and the comment (then the comment is
    /// aligned; a comment written touching its content stays touching).
    var commentSpaced = false
    /// True when the line has something besides a comment.
    var hasContent = false

    /// Width of the content when the amount's decimal point stands at `decimalColumn`.
    func contentEnd(decimalColumn: Int?) -> Int {
        if anchor != nil, let decimalColumn { return decimalColumn - anchorIntegerWidth + tailWidth }
        return indent + headWidth + (anchor == nil ? 0 : 2 + tailWidth)
    }

    /// The decimal column this line alone would need: two spaces after the head.
    var minimumDecimalColumn: Int? {
        anchor == nil ? nil : indent + headWidth + 2 + anchorIntegerWidth
    }

    /// Measures a line. `isAnchor` tells which token starts the amount to align.
    init(line: SourceLine, tokens table: TokenView, indent: Int, isAnchor: (Int) -> Bool) {
        self.indent = indent
        tokens = line.tokens.lowerBound ..< (line.newline ?? line.tokens.upperBound)
        var space = false
        for t in tokens {
            switch table.kinds[t] {
            case .whitespace, .newline, .byteOrderMark:
                space = hasContent
            case .comment:
                commentSpaced = space && hasContent
                comment = t
            default:
                let width = TextWidth.of(table.bytes(of: t))
                if anchor == nil && space && hasContent && isAnchor(t) {
                    anchor = t
                    anchorIntegerWidth = TextWidth.integerPart(ofNumber: table.bytes(of: t))
                    tailWidth = width
                } else if anchor != nil {
                    tailWidth += (space ? 1 : 0) + width
                } else {
                    headWidth += (space ? 1 : 0) + width
                }
                hasContent = true
                space = false
            }
        }
    }

    /// Writes the line (without its line break) with the chosen columns.
    func render(_ table: TokenView, decimalColumn: Int?, commentColumn: Int?, into output: inout [UInt8]) {
        if hasContent || comment != nil { output.append(contentsOf: repeatElement(0x20, count: indent)) }
        var space = false
        var started = false
        for t in tokens {
            switch table.kinds[t] {
            case .whitespace, .newline, .byteOrderMark:
                space = started
            case .comment:
                if started && commentSpaced {
                    let end = contentEnd(decimalColumn: decimalColumn)
                    output.append(contentsOf: repeatElement(0x20, count: max(1, (commentColumn ?? 0) - end)))
                }
                output.append(contentsOf: table.bytes(of: t))
            default:
                if t == anchor {
                    let pad = max(2, (decimalColumn ?? 0) - anchorIntegerWidth - indent - headWidth)
                    output.append(contentsOf: repeatElement(0x20, count: pad))
                } else if space {
                    output.append(0x20)
                }
                output.append(contentsOf: table.bytes(of: t))
                started = true
                space = false
            }
        }
    }
}
