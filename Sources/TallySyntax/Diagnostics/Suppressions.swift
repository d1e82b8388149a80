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

    /// Reads the suppression comments of `tree`.
    public init(tree: SyntaxTree) {
        var pending: [String]? = nil
        for element in tree.root.children {
            switch element {
            case .token(let token):
                if token.kind == .comment, let codes = readCodes(token, tree: tree) { pending = codes }
            case .node(let entry):
                var codes = pending ?? []
                pending = nil
                for index in entry.tokenIndices where tree.tokenKinds[index] == .comment {
                    if let more = readCodes(tree.token(at: index), tree: tree) { codes += more }
                }
                if !codes.isEmpty { scopes.append(Scope(codes: codes, range: entry.range)) }
            }
        }
    }

    private mutating func readCodes(_ token: SyntaxToken, tree: SyntaxTree) -> [String]? {
        let text = token.text.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix(Suppressions.marker) else { return nil }
        let list = text.dropFirst(Suppressions.marker.count)
        var codes: [String] = []
        for part in list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let code = String(part)
            if DiagnosticCode.named(code) == nil {
                diagnostics.append(Diagnostic(.unknownIgnoredCode, "`\(code)` is not a diagnostic code, so `tally-ignore` silences nothing with it",
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
