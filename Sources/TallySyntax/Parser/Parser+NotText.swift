/// The tree of a file that is plainly not text (``TextSniffer``): still lossless, but read
/// no further than its lines, with one diagnostic (E0105) instead of one per bad byte.
///
/// Each line's content is one `unknown` token inside an error node inside an error entry,
/// followed by its line break, so no token spans a line break (as in every tree) and tools
/// that work line by line (the formatter keeps such lines verbatim) see nothing to read.
/// Nothing in it is a declaration or an entry, so nothing of it is lowered or checked.
extension Parser {
    /// The tree of `source`, which ``TextSniffer`` found not to be text (`evidence`).
    static func notTextTree(_ source: SourceText, evidence: TextSniffer.Evidence) -> SyntaxTree {
        source.bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var kinds: [TokenKind] = []
            var starts: [UInt32] = []
            var nodes = [NodeRecord(kind: .sourceFile, firstToken: 0, endToken: 0, subtreeEnd: 0)]
            var i = 0
            while i < n {
                let lineStart = i
                while i < n && b[i] != 0x0A && b[i] != 0x0D { i += 1 }
                if i > lineStart {
                    let token = UInt32(kinds.count)
                    let entry = nodes.count
                    nodes.append(NodeRecord(kind: .errorEntry, firstToken: token, endToken: 0, subtreeEnd: 0))
                    nodes.append(NodeRecord(kind: .error, firstToken: token, endToken: token + 1, subtreeEnd: UInt32(nodes.count + 1)))
                    kinds.append(.unknown)
                    starts.append(UInt32(lineStart))
                    if i < n {
                        starts.append(UInt32(i))
                        kinds.append(.newline)
                        i += (b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A) ? 2 : 1
                    }
                    nodes[entry].endToken = UInt32(kinds.count)
                    nodes[entry].subtreeEnd = UInt32(nodes.count)
                } else {
                    starts.append(UInt32(i))
                    kinds.append(.newline)
                    i += (b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A) ? 2 : 1
                }
            }
            starts.append(UInt32(n))
            nodes[0].endToken = UInt32(kinds.count)
            nodes[0].subtreeEnd = UInt32(nodes.count)
            let what = evidence.hasNUL ? "NUL bytes, control characters or invalid UTF-8" : "control characters, replacement characters or invalid UTF-8"
            let sample = "the \(evidence.sampled) bytes looked at (blanks and line breaks aside)"
            let diagnostic = Diagnostic(
                .notText, "this is not a text file: \(evidence.suspicious) of \(sample) are \(what); nothing else in it is read",
                file: source.path, range: ByteRange(start: evidence.first, end: evidence.first + 1),
                help: "a budget is UTF-8 text; check that this is the file you meant (a file saved as UTF-16 must be saved as UTF-8)")
            return SyntaxTree(source: source, tokenKinds: kinds, tokenStarts: starts, nodes: nodes, diagnostics: [diagnostic])
        }
    }
}
