import TallySyntax

/// What an editor applies to format a document (``Formatter/documentFormatting(_:range:wholeFrom:shouldStop:)``).
public enum DocumentFormatting: Sendable {
    /// Nothing to change, or the guard refused the layout.
    case unchanged
    /// Whitespace-only edits (byte ranges of the original text), in file order.
    case edits([TextEdit])
    /// The whole document's formatted text, to replace the document with.
    case whole([UInt8])
}

extension Formatter {
    /// How an editor's formatting request is best answered: the whitespace edits of
    /// ``edits(_:range:shouldStop:)``, or, when a whole document is formatted and most of
    /// its lines change (at least `wholeFrom` lines and more than half of them), the
    /// formatted text as one replacement.
    ///
    /// An unformatted large file has an edit on most lines: 221,676 for the generated
    /// 100k-entry budget, about 18 MB of protocol answer that the editor then applies one
    /// by one, where the formatted text itself is 10 MB (`lsp_bench.py`'s formatting
    /// scenario, 2026-11-29). A whole text is given only when it
    /// is valid UTF-8 (a protocol string must be); the edits otherwise, which carry nothing
    /// but whitespace. Either way the result is the same text, guarded the same way.
    public static func documentFormatting(
        _ tree: SyntaxTree, range: ByteRange? = nil, wholeFrom: Int = 1_000, shouldStop: () -> Bool = { false }
    ) -> DocumentFormatting {
        if tree.isNotText { return .unchanged }
        var layout = LayoutEngine(tree: tree).layout()
        if shouldStop() || !layout.changed { return .unchanged }
        if range == nil {
            var changed = 0
            for piece in layout.pieces where piece.changed { changed += 1 }
            if changed >= wholeFrom && changed * 2 > layout.pieces.count && isUTF8(layout.output) {
                // The lines' table goes before the output is read back.
                layout.pieces = []
                let output = layout.output
                layout.output = []
                if WhitespaceGuard.checkInPieces(original: tree, formatted: output) != nil || shouldStop() { return .unchanged }
                return .whole(output)
            }
        }
        let edits = whitespaceEdits(layout, of: tree, range: range, shouldStop: shouldStop)
        return edits.isEmpty ? .unchanged : .edits(edits)
    }

    /// Whether `bytes` are valid UTF-8 (no overlong forms, surrogates or values beyond
    /// U+10FFFF), ASCII runs eight bytes at a time.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            let raw = UnsafeRawBufferPointer(b)
            var i = 0
            let n = b.count
            while i < n {
                if i + 8 <= n && raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                let lead = b[i]
                if lead < 0x80 {
                    i += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80
                var high: UInt8 = 0xBF
                switch lead {
                case 0xC2 ... 0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1 ... 0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return false
                }
                guard i + length <= n, b[i + 1] >= low, b[i + 1] <= high else { return false }
                for k in 2 ..< length where b[i + k] & 0xC0 != 0x80 { return false }
                i += length
            }
            return true
        }
    }
}
