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

    /// Reads the codes of one comment: `CODE {, CODE}`, then an optional reason, in
    /// parentheses or after `--` (`; tally-ignore: W0501 (paid back in May)`). A word
    /// shaped like a code that names none is reported; the first other word ends the
    /// codes, reported once with a fix that puts it and the rest in parentheses.
    private mutating func readCodes(_ token: SyntaxToken, tree: SyntaxTree) -> [String]? {
        let text = token.text.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix(Suppressions.marker) else { return nil }
        var list = text.dropFirst(Suppressions.marker.count)
        if let reason = list.firstIndex(of: "(") { list = list[..<reason] }
        if let reason = list.firstRange(of: "--") { list = list[..<reason.lowerBound] }
        var codes: [String] = []
        for part in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let code = String(part)
            if DiagnosticCode.named(code) != nil {
                codes.append(code)
            } else if Suppressions.isShapedLikeCode(part) {
                diagnostics.append(
                    Diagnostic(
                        .unknownIgnoredCode, "`\(code)` is not a diagnostic code, so `tally-ignore` silences nothing with it",
                        file: tree.source.path, range: token.range,
                        help: "the codes are listed in docs/diagnostics.md"))
            } else {
                // Words: a reason written without its parentheses.
                let start = token.range.start + token.text.utf8.distance(from: token.text.utf8.startIndex, to: part.utf8.startIndex)
                let end = token.range.start + token.text.utf8.count - token.text.utf8.reversed().prefix { $0 == 0x20 || $0 == 0x09 }.count
                diagnostics.append(
                    Diagnostic(
                        .unknownIgnoredCode,
                        "`\(code)` is not a diagnostic code; a reason after the codes is written in parentheses or after `--`",
                        file: tree.source.path, range: token.range,
                        help: "for example `; tally-ignore: W0501 (paid back in May)`",
                        fixes: [
                            Fix(
                                title: "Put the reason in parentheses",
                                edits: [
                                    TextEdit(range: .empty(at: start), replacement: "("),
                                    TextEdit(range: .empty(at: end), replacement: ")")
                                ])
                        ]))
                break
            }
        }
        return codes
    }

    /// A letter and four digits: what a diagnostic code (or a typo of one) looks like.
    private static func isShapedLikeCode(_ word: Substring) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 5, (bytes[0] | 0x20) >= UInt8(ascii: "a"), (bytes[0] | 0x20) <= UInt8(ascii: "z") else { return false }
        return bytes.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// True when `diagnostic` (of this file) is silenced by a comment.
    public func silences(_ diagnostic: Diagnostic) -> Bool {
        if diagnostic.code.isSyntaxError { return false }
        return scopes.contains { $0.codes.contains(diagnostic.code.rawValue) && $0.range.contains(diagnostic.range.start) }
    }
}
