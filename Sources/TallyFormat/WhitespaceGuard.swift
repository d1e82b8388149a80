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
    /// in words that quote nothing from the file.
    public static func check(original: SyntaxTree, formatted: [UInt8]) -> String? {
        if let offset = firstDifferenceIgnoringWhitespace(original.source.bytes, formatted) {
            return "the output differs from the input in more than whitespace (input byte \(offset))"
        }
        let reread = Parser.parse(SourceText(path: original.source.path, bytes: formatted))
        return structuralDifference(original, reread)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The input offset where the two texts stop agreeing once whitespace is ignored.
    static func firstDifferenceIgnoringWhitespace(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        var i = 0
        var j = 0
        while true {
            while i < a.count && isWhitespace(a[i]) { i += 1 }
            while j < b.count && isWhitespace(b[j]) { j += 1 }
            if i == a.count || j == b.count { return i == a.count && j == b.count ? nil : i }
            if a[i] != b[j] { return i }
            i += 1
            j += 1
        }
    }

    static func structuralDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
        let left = Shape(a)
        let right = Shape(b)
        guard left.content.count == right.content.count else {
            return "the output reads as \(right.content.count) tokens instead of \(left.content.count)"
        }
        for (x, y) in zip(left.content, right.content) {
            let p = a.token(at: x), q = b.token(at: y)
            if p.kind != q.kind || !p.bytes.elementsEqual(q.bytes) {
                return "a token reads differently in the output (input byte \(p.range.start))"
            }
        }
        let nodesA = a.root.descendants
        let nodesB = b.root.descendants
        guard nodesA.count == nodesB.count else {
            return "the output reads as \(nodesB.count) syntax nodes instead of \(nodesA.count)"
        }
        for (index, (x, y)) in zip(nodesA, nodesB).enumerated() {
            if x.kind != y.kind || left.contentSpan(x) != right.contentSpan(y)
                || (index > 0 && left.innerLineBreaks(x) != right.innerLineBreaks(y)) {
                return "the structure of the output differs (\(x.kind) at input byte \(x.range.start))"
            }
        }
        let codesA = a.diagnostics.map(\.code).filter { $0 != .inconsistentIndentation }
        let codesB = b.diagnostics.map(\.code).filter { $0 != .inconsistentIndentation }
        if codesA != codesB {
            return "the output reads with other syntax diagnostics (\(codesB.count) instead of \(codesA.count))"
        }
        return nil
    }

    /// Where the non-whitespace tokens and line breaks of a tree are, by ordinal.
    private struct Shape {
        /// Indices of the tokens that are neither whitespace nor line breaks.
        var content: [Int] = []
        /// For each token index, how many content tokens come before it.
        var contentBefore: [Int32]
        /// For each token index, how many line breaks come before it.
        var breaksBefore: [Int32]

        init(_ tree: SyntaxTree) {
            let count = tree.tokenCount
            contentBefore = [Int32](repeating: 0, count: count + 1)
            breaksBefore = [Int32](repeating: 0, count: count + 1)
            var breaks: Int32 = 0
            for t in 0 ..< count {
                contentBefore[t] = Int32(content.count)
                breaksBefore[t] = breaks
                switch tree.token(at: t).kind {
                case .whitespace: break
                case .newline: breaks += 1
                default: content.append(t)
                }
            }
            contentBefore[count] = Int32(content.count)
            breaksBefore[count] = breaks
        }

        /// The content tokens a node covers, as ordinals.
        func contentSpan(_ node: SyntaxNode) -> Range<Int32> {
            let tokens = node.tokenIndices
            return contentBefore[tokens.lowerBound] ..< contentBefore[tokens.upperBound]
        }

        /// Line breaks between a node's first and last content tokens.
        func innerLineBreaks(_ node: SyntaxNode) -> Int32 {
            let span = contentSpan(node)
            guard span.count > 1 else { return 0 }
            let first = content[Int(span.lowerBound)]
            let last = content[Int(span.upperBound) - 1]
            return breaksBefore[last] - breaksBefore[first]
        }
    }
}
