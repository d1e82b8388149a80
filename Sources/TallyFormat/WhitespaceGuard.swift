import TallySyntax

/// The check every formatted document passes before anyone may write it. It stays on
/// in release builds: a formatter people run on save must be trusted blindly.
///
/// 1. With all whitespace (space, tab, CR, LF) removed, the output equals the input.
/// 2. Reading the output back gives the same structure: the same nodes in the same order,
///    each over the same non-whitespace tokens (same kinds, same bytes), with the same
///    line breaks inside each entry, and the same syntax diagnostics. The one exception
///    is W0217 (inconsistent indentation), which formatting exists to fix.
public enum WhitespaceGuard {
    /// Nil when `formatted` is a faithful re-layout of `original`; otherwise why not,
    /// in words that quote nothing from the file. `parse` reads the output back; it must
    /// give what `Parser.parse` gives.
    public static func check(
        original: SyntaxTree, formatted: [UInt8],
        parse: (SourceText) -> SyntaxTree = { Parser.parse($0) }
    ) -> String? {
        if let offset = firstDifferenceIgnoringWhitespace(original.source.bytes, formatted) {
            return "the output differs from the input in more than whitespace (input byte \(offset))"
        }
        let reread = parse(SourceText(path: original.source.path, bytes: formatted))
        return structuralDifference(original, reread)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether a token is whitespace or a line break (neither is compared as content).
    static func isSpacing(_ kind: TokenKind) -> Bool { kind == .whitespace || kind == .newline }

    /// The input offset where the two texts stop agreeing once whitespace is ignored.
    static func firstDifferenceIgnoringWhitespace(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in firstDifference(a, b) } }
    }

    private static func firstDifference(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        var j = 0
        // Equal bytes are matched pairwise (whitespace with whitespace is harmless to
        // match); otherwise whitespace on either side is skipped. Long equal runs, the
        // common case, are compared eight bytes at a time.
        let a64 = UnsafeRawBufferPointer(a), b64 = UnsafeRawBufferPointer(b)
        while i < a.count && j < b.count {
            while i + 8 <= a.count && j + 8 <= b.count
                && a64.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b64.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            {
                i += 8
                j += 8
            }
            guard i < a.count && j < b.count else { break }
            if a[i] == b[j] {
                i += 1
                j += 1
            } else if isWhitespace(a[i]) {
                i += 1
            } else if isWhitespace(b[j]) {
                j += 1
            } else {
                return i
            }
        }
        while i < a.count && isWhitespace(a[i]) { i += 1 }
        while j < b.count && isWhitespace(b[j]) { j += 1 }
        return i == a.count && j == b.count ? nil : i
    }

    static func structuralDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
        let left = Shape(a)
        let right = Shape(b)
        guard left.contentCount == right.contentCount else {
            return "the output reads as \(right.contentCount) tokens instead of \(left.contentCount)"
        }
        let difference: String? = left.tokens.withView { l in
            right.tokens.withView { r in
                // The content tokens, side by side.
                var x = 0, y = 0
                while true {
                    while x < l.count && Shape.isSpacing(l.kinds[x]) { x += 1 }
                    while y < r.count && Shape.isSpacing(r.kinds[y]) { y += 1 }
                    guard x < l.count && y < r.count else { break }
                    if l.kinds[x] != r.kinds[y] || !TokenView.equal(l.bytes(of: x), r.bytes(of: y)) {
                        return "a token reads differently in the output (input byte \(l.starts[x]))"
                    }
                    x += 1
                    y += 1
                }
                guard a.nodeCount == b.nodeCount else {
                    return "the output reads as \(b.nodeCount) syntax nodes instead of \(a.nodeCount)"
                }
                for index in 0 ..< a.nodeCount {
                    let (expectedKind, expectedTokens) = a.node(atPreorderIndex: index)
                    let (kind, tokens) = b.node(atPreorderIndex: index)
                    // Line breaks matter inside entries: they separate an entry's lines.
                    if kind != expectedKind || left.contentSpan(expectedTokens) != right.contentSpan(tokens)
                        || (kind.isEntry && Shape.innerLineBreaks(expectedTokens, l) != Shape.innerLineBreaks(tokens, r))
                    {
                        return "the structure of the output differs (\(expectedKind) at input byte \(l.starts[expectedTokens.lowerBound]))"
                    }
                }
                return nil
            }
        }
        if let difference { return difference }
        let codesA = a.diagnostics.map(\.code).filter { $0 != .inconsistentIndentation }
        let codesB = b.diagnostics.map(\.code).filter { $0 != .inconsistentIndentation }
        if codesA != codesB {
            return "the output reads with other syntax diagnostics (\(codesB.count) instead of \(codesA.count))"
        }
        return nil
    }

    /// Where the content tokens (neither whitespace nor line breaks) of a tree are.
    private struct Shape {
        let tokens: TokenTable
        /// For each token index, how many content tokens come before it.
        let contentBefore: [Int32]

        var contentCount: Int32 { contentBefore.last ?? 0 }

        static func isSpacing(_ kind: TokenKind) -> Bool { WhitespaceGuard.isSpacing(kind) }

        init(_ tree: SyntaxTree) {
            tokens = TokenTable(tree)
            let kinds = tokens.kinds
            var before = [Int32](repeating: 0, count: kinds.count + 1)
            var content: Int32 = 0
            for t in 0 ..< kinds.count {
                before[t] = content
                if !Self.isSpacing(kinds[t]) { content += 1 }
            }
            before[kinds.count] = content
            contentBefore = before
        }

        /// The content tokens a node covers, as ordinals.
        func contentSpan(_ tokens: Range<Int>) -> Range<Int32> {
            contentBefore[tokens.lowerBound] ..< contentBefore[tokens.upperBound]
        }

        /// Line breaks between a node's first and last content tokens.
        static func innerLineBreaks(_ tokens: Range<Int>, _ view: TokenView) -> Int {
            var first = tokens.lowerBound
            var last = tokens.upperBound - 1
            while first <= last && isSpacing(view.kinds[first]) { first += 1 }
            while last >= first && isSpacing(view.kinds[last]) { last -= 1 }
            var breaks = 0
            if first < last { for t in first ... last where view.kinds[t] == .newline { breaks += 1 } }
            return breaks
        }
    }
}
