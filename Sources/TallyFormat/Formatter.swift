import TallySyntax

/// The Tally formatter: rewrites the whitespace of a file into the canonical layout
/// described in Grammar.md ("Canonical layout") and nothing else.
///
/// Only whitespace tokens and line breaks are touched: no token is added, removed,
/// reordered or respelled, no line is joined or split. Entries with syntax errors and
/// regions between `; tally-fmt: off` and `; tally-fmt: on` are kept byte for byte.
/// Every result passes ``WhitespaceGuard`` before it is returned. A file that is not text
/// (E0105) is left exactly as it is: it has no layout to give.
public enum Formatter {
    /// Formats a whole document; the result says whether anything changed or the
    /// guard refused.
    ///
    /// `parse` reads the output back for the guard. It must give what `Parser.parse`
    /// gives; a caller with threads passes a parser that uses them on large files.
    public static func format(
        _ tree: SyntaxTree,
        parse: (SourceText) -> SyntaxTree = { Parser.parse($0) }
    ) -> FormatResult {
        if tree.isNotText { return .unchanged }
        let layout = LayoutEngine(tree: tree).layout()
        guard layout.changed else { return .unchanged }
        let output = layout.output
        if let problem = WhitespaceGuard.check(original: tree, formatted: output, parse: parse) {
            return .refused(reason: problem)
        }
        return .formatted(output)
    }

    /// Text edits (byte ranges in the original text; `TextEdit` from TallySyntax)
    /// that format the whole document, or only the lines overlapping `range`.
    ///
    /// Lines outside `range` keep their layout, though columns are still chosen from the
    /// whole block a line belongs to. Returns no edits when the guard refuses.
    ///
    /// `shouldStop` is asked between the stages (layout, guard, edits), each of which takes
    /// about a hundred milliseconds on 100k entries; once it says yes, no edits are
    /// returned (the language server's request was cancelled).
    public static func edits(_ tree: SyntaxTree, range: ByteRange? = nil, shouldStop: () -> Bool = { false }) -> [TextEdit] {
        if tree.isNotText { return [] }
        let layout = LayoutEngine(tree: tree).layout()
        if shouldStop() { return [] }
        return whitespaceEdits(layout, of: tree, range: range, shouldStop: shouldStop)
    }

    /// The edits of ``edits(_:range:shouldStop:)`` from the layout of `tree`.
    static func whitespaceEdits(_ layout: Layout, of tree: SyntaxTree, range: ByteRange?, shouldStop: () -> Bool) -> [TextEdit] {
        let pieces = layout.pieces.filter { piece in
            guard piece.changed else { return false }
            guard let range else { return true }
            return overlaps(piece.original, range)
        }
        guard !pieces.isEmpty else { return [] }
        // Apply the chosen edits and guard the result as a whole. With every change chosen
        // that result is the layout's output, as `format` guards it: not built again (a
        // second copy of a large file while the guard reads it back, a piece at a time).
        let bytes = tree.source.bytes
        let output = range == nil ? layout.output : applied(pieces, to: bytes, from: layout.output)
        if shouldStop() { return [] }
        if WhitespaceGuard.checkInPieces(original: tree, formatted: output) != nil || shouldStop() { return [] }
        return pieces.flatMap { whitespaceEdits(bytes[$0.original.start ..< $0.original.end], layout.output[$0.formatted], at: $0.original.start) }
    }

    /// `bytes` with each piece's original range replaced by its formatted text.
    private static func applied(_ pieces: [LayoutPiece], to bytes: [UInt8], from formatted: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var position = 0
        for piece in pieces {
            output.append(contentsOf: bytes[position ..< piece.original.start])
            output.append(contentsOf: formatted[piece.formatted])
            position = piece.original.end
        }
        output.append(contentsOf: bytes[position...])
        return output
    }

    /// The smallest edits that turn one line into its formatted form: each replaces a
    /// run of whitespace only, so an editor keeps the cursor and marks on the words, and
    /// no edit ever carries bytes of the user's text (which may not even be UTF-8).
    static func whitespaceEdits(_ old: ArraySlice<UInt8>, _ formatted: ArraySlice<UInt8>, at base: Int) -> [TextEdit] {
        let new = Array(formatted)
        var edits: [TextEdit] = []
        var i = old.startIndex
        var j = 0
        while i < old.endIndex || j < new.count {
            let oldStart = i, newStart = j
            while i < old.endIndex && WhitespaceGuard.isWhitespace(old[i]) { i += 1 }
            while j < new.count && WhitespaceGuard.isWhitespace(new[j]) { j += 1 }
            if !old[oldStart ..< i].elementsEqual(new[newStart ..< j]) {
                edits.append(
                    TextEdit(
                        range: ByteRange(start: base + oldStart - old.startIndex, end: base + i - old.startIndex),
                        replacement: String(decoding: new[newStart ..< j], as: UTF8.self)))
            }
            while i < old.endIndex && j < new.count && !WhitespaceGuard.isWhitespace(old[i]) && old[i] == new[j] {
                i += 1
                j += 1
            }
            let oldStuck = i < old.endIndex && !WhitespaceGuard.isWhitespace(old[i])
            let newStuck = j < new.count && !WhitespaceGuard.isWhitespace(new[j])
            if oldStuck || newStuck {
                // Never reached while the guard holds; replace the rest to stay correct.
                edits.append(
                    TextEdit(
                        range: ByteRange(start: base + i - old.startIndex, end: base + old.count),
                        replacement: String(decoding: new[j...], as: UTF8.self)))
                break
            }
        }
        return edits
    }

    /// Whether two byte ranges share a byte; an empty range (a cursor, an insertion at
    /// the end of the file) overlaps what it touches.
    static func overlaps(_ a: ByteRange, _ b: ByteRange) -> Bool {
        if a.isEmpty || b.isEmpty { return a.start <= b.end && b.start <= a.end }
        return a.start < b.end && b.start < a.end
    }
}
