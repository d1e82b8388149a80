import TallySyntax

/// The Tally formatter: rewrites the whitespace of a file into the canonical layout
/// described in Grammar.md ("Canonical layout") and nothing else.
///
/// Only whitespace tokens and line breaks are touched: no token is added, removed,
/// reordered or respelled, no line is joined or split. Entries with syntax errors and
/// regions between `; tally-fmt: off` and `; tally-fmt: on` are kept byte for byte.
/// Every result passes ``WhitespaceGuard`` before it is returned.
public enum Formatter {
    /// Formats a whole document; the result says whether anything changed or the
    /// guard refused.
    public static func format(_ tree: SyntaxTree) -> FormatResult {
        let pieces = LayoutEngine(tree: tree).pieces()
        guard pieces.contains(where: { $0.changed }) else { return .unchanged }
        let output = assemble(pieces, totalLength: tree.source.bytes.count)
        if let problem = WhitespaceGuard.check(original: tree, formatted: output) {
            return .refused(reason: problem)
        }
        return .formatted(output)
    }

    /// Text edits (byte ranges in the original text; `TextEdit` from TallySyntax)
    /// that format the whole document, or only the lines overlapping `range`.
    ///
    /// Lines outside `range` keep their layout, though columns are still chosen from the
    /// whole block a line belongs to. Returns no edits when the guard refuses.
    public static func edits(_ tree: SyntaxTree, range: ByteRange? = nil) -> [TextEdit] {
        let pieces = LayoutEngine(tree: tree).pieces().filter { piece in
            guard piece.changed else { return false }
            guard let range else { return true }
            return overlaps(piece.original, range)
        }
        guard !pieces.isEmpty else { return [] }
        // Apply the chosen edits and guard the result as a whole.
        let bytes = tree.source.bytes
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var position = 0
        for piece in pieces {
            output.append(contentsOf: bytes[position ..< piece.original.start])
            output.append(contentsOf: piece.bytes)
            position = piece.original.end
        }
        output.append(contentsOf: bytes[position...])
        if WhitespaceGuard.check(original: tree, formatted: output) != nil { return [] }
        return merged(pieces).map { TextEdit(range: $0.original, replacement: String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// Whether two byte ranges share a byte; an empty range (a cursor, an insertion at
    /// the end of the file) overlaps what it touches.
    static func overlaps(_ a: ByteRange, _ b: ByteRange) -> Bool {
        if a.isEmpty || b.isEmpty { return a.start <= b.end && b.start <= a.end }
        return a.start < b.end && b.start < a.end
    }

    /// Joins the pieces, changed or not, into the formatted document.
    static func assemble(_ pieces: [LayoutPiece], totalLength: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(totalLength + totalLength / 8 + 16)
        for piece in pieces { output.append(contentsOf: piece.bytes) }
        return output
    }

    /// Adjacent changed pieces become one edit, so an editor applies few edits.
    private static func merged(_ pieces: [LayoutPiece]) -> [LayoutPiece] {
        var result: [LayoutPiece] = []
        for piece in pieces {
            if var last = result.last, last.original.end == piece.original.start {
                last.original = ByteRange(start: last.original.start, end: piece.original.end)
                last.bytes.append(contentsOf: piece.bytes)
                result[result.count - 1] = last
            } else {
                result.append(piece)
            }
        }
        return result
    }
}
