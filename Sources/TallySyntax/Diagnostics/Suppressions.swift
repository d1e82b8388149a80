/// The `; tally-ignore: CODE, CODE` comments of one file and the ranges they cover.
///
/// A comment after an entry's content silences the codes on that entry (all its lines);
/// a comment on a line of its own silences them on the next entry. Codes of syntax
/// errors (E01xx, E02xx) are never silenced: a line that cannot be read stays visible.
public struct Suppressions: Sendable {
    /// One `tally-ignore` comment: the codes it names and the bytes it covers.
    public struct Scope: Sendable, Hashable {
        /// Codes silenced, as written.
        public var codes: [String]
        /// The entry the comment applies to.
        public var range: ByteRange
    }

    /// The scopes in file order.
    public private(set) var scopes: [Scope] = []
    /// Problems with the comments themselves (unknown codes).
    public private(set) var diagnostics: [Diagnostic] = []

    /// The marker that starts a suppression comment, after `;` and spaces.
    public static let marker = "tally-ignore:"

    /// Reads the suppression comments of `tree`. Cheap when there are none: only comment
    /// tokens are looked at until one carries the marker.
    public init(tree: SyntaxTree) {
        let marked = (0 ..< tree.tokenCount).filter { tree.tokenKinds[$0] == .comment && Suppressions.isMarked(tree.token(at: $0)) }
        guard !marked.isEmpty else { return }
        // Top-level entries in order, as (first token, end token, range).
        var entries: [(first: Int, end: Int, range: ByteRange)] = []
        var child = 1
        while child < tree.nodes.count {
            let node = SyntaxNode(tree: tree, index: child)
            entries.append((Int(tree.nodes[child].firstToken), Int(tree.nodes[child].endToken), node.range))
            child = Int(tree.nodes[child].subtreeEnd)
        }
        var byEntry: [Int: [String]] = [:]
        for token in marked {
            guard let codes = readCodes(tree.token(at: token), tree: tree) else { continue }
            // The entry holding the comment, or else the next entry after it.
            var low = 0
            var high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].end <= token { low = mid + 1 } else { high = mid }
            }
            guard low < entries.count else { continue }
            byEntry[low, default: []] += codes
        }
        for (entry, codes) in byEntry.sorted(by: { $0.key < $1.key }) where !codes.isEmpty {
            scopes.append(Scope(codes: codes, range: entries[entry].range))
        }
    }

    private static func isMarked(_ token: SyntaxToken) -> Bool {
        token.text.dropFirst().drop { $0 == " " || $0 == "\t" }.hasPrefix(marker)
    }

    private mutating func readCodes(_ token: SyntaxToken, tree: SyntaxTree) -> [String]? {
        let text = token.text.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix(Suppressions.marker) else { return nil }
        let list = text.dropFirst(Suppressions.marker.count)
        var codes: [String] = []
        for part in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let code = String(part)
            if DiagnosticCode.named(code) == nil {
                diagnostics.append(
                    Diagnostic(
                        .unknownIgnoredCode, "`\(code)` is not a diagnostic code, so `tally-ignore` silences nothing with it",
                        file: tree.source.path, range: token.range,
                        help: "the codes are listed in docs/diagnostics.md"))
            } else {
                codes.append(code)
            }
        }
        return codes
    }

    /// True when `diagnostic` (of this file) is silenced by a comment.
    public func silences(_ diagnostic: Diagnostic) -> Bool {
        if diagnostic.code.isSyntaxError { return false }
        return scopes.contains { $0.codes.contains(diagnostic.code.rawValue) && $0.range.contains(diagnostic.range.start) }
    }
}
