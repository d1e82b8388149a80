import TallySyntax

/// One physical line of a file, as the formatter sees it.
struct SourceLine {
    /// What the line is.
    enum Role {
        /// Only whitespace, outside any entry.
        case blank
        /// A comment on its own line, outside any entry (usually in column 1).
        case rootComment
        /// The first line of an entry.
        case header
        /// An indented line of an entry: a split, metadata or a comment.
        case continuation
        /// Anything else outside an entry; kept as it is.
        case other
    }

    /// The tokens of the line, its line break included.
    var tokens: Range<Int>
    /// The bytes of the line, its line break included.
    var bytes: ByteRange
    /// The token of the line break, if the line has one (the last line may not).
    var newline: Int?
    /// Index in ``SourceLines/entrySpans`` of the entry the line belongs to.
    var entry: Int?
    var role: Role
    /// True when the line must be written back byte for byte: it belongs to an entry with
    /// a syntax error, lies in a `tally-fmt: off` region, or could not be classified.
    var verbatim = false
    /// True inside a `tally-fmt: off` region (then also ``verbatim``).
    var formatOff = false
}

/// A file cut into lines, each knowing its entry and role. The byte-order mark, when
/// there is one, stays outside every line.
struct SourceLines {
    let tree: SyntaxTree
    /// The tokens, read once.
    let tokens: TokenView
    /// The kind of each entry (top-level node), in order.
    private(set) var entryKinds: [SyntaxKind] = []
    /// The tokens of each entry, in order.
    private(set) var entrySpans: [Range<Int>] = []
    /// The first token of each aligned amount (see ``LayoutEngine``).
    private(set) var anchors: [Bool] = []
    /// The lines, in order.
    private(set) var lines: [SourceLine] = []
    /// The token index of the byte-order mark, if the file starts with one.
    private(set) var byteOrderMark: Int?

    /// Reads the lines of `tree`, whose tokens `tokens` shows.
    init(tree: SyntaxTree, tokens: TokenView) {
        self.tree = tree
        self.tokens = tokens
        readNodes()
        cut()
        markProblems()
        FormatOffRegions.mark(&lines, tokens: tokens)
    }

    private mutating func cut() {
        let kinds = tokens.kinds
        let count = kinds.count
        var token = 0
        if count > 0 && kinds[0] == .byteOrderMark {
            byteOrderMark = 0
            token = 1
        }
        let spans = entrySpans
        var entry = 0
        while token < count {
            let first = token
            var newline: Int?
            var onlyWhitespace = true
            var comments = 0
            var others = 0
            var unknown = false
            while token < count {
                let kind = kinds[token]
                token += 1
                switch kind {
                case .newline: newline = token - 1
                case .whitespace: break
                case .comment: comments += 1; onlyWhitespace = false
                case .unknown: unknown = true; others += 1; onlyWhitespace = false
                default: others += 1; onlyWhitespace = false
                }
                if newline != nil { break }
            }
            let lineTokens = first ..< token
            let bytes = ByteRange(start: Int(tokens.starts[first]), end: Int(tokens.starts[token]))
            while entry < spans.count && spans[entry].upperBound <= first { entry += 1 }
            var line = SourceLine(tokens: lineTokens, bytes: bytes, newline: newline, entry: nil, role: .other)
            if entry < spans.count && spans[entry].lowerBound < token {
                // The line touches an entry: it must lie wholly inside it.
                let span = spans[entry]
                line.entry = entry
                line.role = span.lowerBound == first ? .header : .continuation
                if first < span.lowerBound || token > span.upperBound {
                    line.verbatim = true
                    if first < span.lowerBound { line.role = .other }
                }
            } else if onlyWhitespace {
                line.role = .blank
            } else if others == 0 && comments == 1 {
                line.role = .rootComment
            } else {
                line.verbatim = true
            }
            if unknown { line.verbatim = true }
            lines.append(line)
        }
    }

    /// One pass over the nodes, in preorder: the entries, the nodes with errors, and the
    /// amounts to align, which are the first amount directly inside an entry (for a
    /// recurring entry, inside the entry it repeats) or a split.
    private mutating func readNodes() {
        anchors = [Bool](repeating: false, count: tokens.count)
        // The open ancestors of the current node: kind, end token, amount seen.
        var stack: [(kind: SyntaxKind, end: Int, amountSeen: Bool)] = []
        var entryEnd = 0
        var first = true
        tree.forEachNode { kind, span in
            if first { first = false; return }  // the root
            while let top = stack.last, top.end <= span.lowerBound { stack.removeLast() }
            if kind.isEntry && span.lowerBound >= entryEnd && !span.isEmpty {
                entryKinds.append(kind)
                entrySpans.append(span)
                entryEnd = span.upperBound
                stack.removeAll(keepingCapacity: true)
            }
            if kind == .error || kind == .errorEntry { problemNodes.append(span) }
            if kind == .amount, !span.isEmpty, let parent = stack.last, !parent.amountSeen,
               parent.kind.isEntry && parent.kind != .errorEntry || parent.kind == .split {
                anchors[span.lowerBound] = true
                stack[stack.count - 1].amountSeen = true
            }
            stack.append((kind, span.upperBound, false))
        }
    }

    /// Token ranges of error nodes, found by ``readNodes()``.
    private var problemNodes: [Range<Int>] = []

    /// Lines touched by a syntax error are kept as they are, and with them every line of
    /// their entry. Other diagnostics of the syntax layer do not stop formatting; W0217
    /// (inconsistent indentation) is even what formatting fixes.
    private mutating func markProblems() {
        guard !lines.isEmpty else { return }
        var problemRanges: [ByteRange] = tree.diagnostics.filter { $0.code.isSyntaxError }.map(\.range)
        for span in problemNodes {
            problemRanges.append(ByteRange(start: Int(tokens.starts[span.lowerBound]), end: Int(tokens.starts[span.upperBound])))
        }
        for range in problemRanges {
            var i = lineIndex(containing: range.start)
            repeat {
                lines[i].verbatim = true
                i += 1
            } while i < lines.count && lines[i].bytes.start < range.end
        }
        // A problem anywhere in an entry keeps the whole entry.
        var verbatimEntries = Set<Int>()
        for line in lines where line.verbatim { if let e = line.entry { verbatimEntries.insert(e) } }
        guard !verbatimEntries.isEmpty else { return }
        for i in lines.indices { if let e = lines[i].entry, verbatimEntries.contains(e) { lines[i].verbatim = true } }
    }

    /// The line whose bytes contain `offset`; the last line for the end of the file.
    func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].bytes.start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
