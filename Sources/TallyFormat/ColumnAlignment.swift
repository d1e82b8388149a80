/// Chooses the columns of a block of lines: where the decimal points of the amounts
/// stand, and where end-of-line comments start.
///
/// The decimal column is the smallest that leaves at least two spaces between every
/// line's head and its amount, so it follows the widest head of the block rather than a
/// fixed width. The comment column leaves at least two spaces after the widest content
/// among the lines that carry a comment.
struct ColumnAlignment {
    var decimalColumn: Int?
    var commentColumn: Int?

    /// No columns: for lines outside any block.
    init() {}

    /// The columns of the lines at `block` (indices into `layouts`, all non-nil).
    init(_ block: [Int], _ layouts: [LineLayout?]) {
        for i in block {
            if let wanted = layouts[i]!.minimumDecimalColumn { decimalColumn = max(decimalColumn ?? 0, wanted) }
        }
        for i in block {
            let layout = layouts[i]!
            guard layout.comment != nil && layout.hasContent && layout.commentSpaced else { continue }
            commentColumn = max(commentColumn ?? 0, layout.contentEnd(decimalColumn: decimalColumn) + 2)
        }
    }
}
