import TallySyntax

/// The text of a transaction that records one occurrence of a recurring rule: the date,
/// then the rule's entry in the rule's own field order and spacing, then `rule NAME`, and
/// the rule's split and metadata lines below it. The formatter lays the lines out in
/// their block's columns when they are written (`EntryLayout`).
public struct OccurrenceEntry {
    /// The recurring directive, as parsed.
    public let directive: SyntaxNode

    /// Creates the writer of `directive`'s occurrences.
    public init(directive: SyntaxNode) {
        self.directive = directive
    }

    /// Why a rule cannot be written out as an entry.
    public struct Problem: Error, Equatable {
        /// What is wrong, in words.
        public let message: String
    }

    /// The lines (without line endings) of the entry recording the occurrence on `date`.
    public func lines(on date: CivilDate) throws(Problem) -> [String] {
        guard let nameNode = directive.child(.schedule)?.attribute("as")?.name?.node else {
            throw Problem(message: "the recurring entry has no name (`as NAME`), so an entry cannot say it records it")
        }
        guard let body = directive.child(.transaction) ?? directive.child(.transfer) else {
            throw Problem(message: "the recurring entry has no transaction or transfer to repeat")
        }
        let (header, continuation) = headerAndRest(of: body)
        let line = date.description + header + "  rule " + directive.tree.source.text(in: nameNode.contentRange)
        return [line] + continuationLines(continuation)
    }

    /// The rule's header after its schedule, each field with the spaces written before it
    /// (one at least), and the elements after the header's line break.
    private func headerAndRest(of body: SyntaxNode) -> (header: String, rest: [SyntaxElement]) {
        let tree = directive.tree
        var header = ""
        var gap = " "
        for (i, element) in body.children.enumerated() {
            switch element {
            case .token(let token):
                switch token.kind {
                case .newline: return (header, Array(body.children[(i + 1)...]))
                case .whitespace: gap = token.text.isEmpty ? " " : token.text
                case .comment: break
                default: header += gap + token.text
                }
            case .node(let node):
                header += gap + tree.source.text(in: node.contentRange)
            }
        }
        return (header, [])
    }

    /// Split and metadata lines as the rule writes them; comments stay behind, and so
    /// does a bank id, which belongs to one movement only.
    private func continuationLines(_ elements: [SyntaxElement]) -> [String] {
        let tree = directive.tree
        var result: [String] = []
        var indent = "    "
        for element in elements {
            switch element {
            case .token(let token) where token.kind == .whitespace:
                indent = token.text
            case .node(let node) where node.kind == .split:
                result.append(indent + tree.source.text(in: node.contentRange))
            case .node(let node) where node.kind == .metadata:
                let key = node.firstContentToken?.text ?? ""
                if key != "id:" { result.append(indent + tree.source.text(in: node.contentRange)) }
            default:
                break
            }
        }
        return result
    }
}
