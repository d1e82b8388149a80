import TallySyntax

/// The text of a transaction that records one occurrence of a recurring rule: the date,
/// then the rule's entry in the rule's own field order, then `rule NAME`, and the rule's
/// split and metadata lines below it. Spacing follows the file's layout where the file
/// shows one (wallets, categories and amounts in their columns), else the rule's own.
public struct OccurrenceEntry {
    /// The recurring directive, as parsed.
    public let directive: SyntaxNode
    /// The columns of the file the entry goes to.
    public let layout: FileLayout

    /// Creates the writer of `directive`'s occurrences, laid out as `layout` says.
    public init(directive: SyntaxNode, layout: FileLayout) {
        self.directive = directive
        self.layout = layout
    }

    /// Why a rule cannot be written out as an entry.
    public struct Problem: Error, Equatable {
        /// What is wrong, in words.
        public let message: String
    }

    /// The lines (without line endings) of the entry recording the occurrence on `date`.
    public func lines(on date: CivilDate) throws(Problem) -> [String] {
        let tree = directive.tree
        guard let nameNode = directive.child(.schedule)?.attribute("as")?.name?.node else {
            throw Problem(message: "the recurring entry has no name (`as NAME`), so an entry cannot say it records it")
        }
        guard let body = directive.child(.transaction) ?? directive.child(.transfer) else {
            throw Problem(message: "the recurring entry has no transaction or transfer to repeat")
        }
        let isTransaction = body.kind == .transaction
        func text(_ range: ByteRange) -> String { tree.source.text(in: range) }

        // The header: fields with the spaces written before each in the rule.
        enum Role { case wallet, category, amount, clause, other }
        var fields: [(text: String, role: Role, gap: Int)] = []
        var continuation: [SyntaxElement] = []
        var gap = 1
        var headerDone = false
        var sawAmount = false
        for element in body.children {
            if headerDone { continuation.append(element); continue }
            switch element {
            case .token(let token):
                switch token.kind {
                case .newline: headerDone = true
                case .whitespace: gap = FileLayout.width(token.text)
                case .comment: break
                default:
                    fields.append((token.text, token.kind == .tag ? .clause : .other, gap))
                }
            case .node(let node):
                var role = Role.other
                switch node.kind {
                case .walletRef where isTransaction: role = .wallet
                case .categoryRef where isTransaction: role = .category
                case .amount where !sawAmount:
                    sawAmount = true
                    role = isTransaction ? .amount : .other
                // `@ RATE` of a transfer is an attribute too, but part of the amount.
                case .attribute where ["goal", "rule", "by"].contains(node.firstContentToken?.text ?? ""): role = .clause
                default: break
                }
                fields.append((text(node.contentRange), role, gap))
            }
        }

        var line = date.description
        var column = FileLayout.width(line)
        var previous: Role?
        var clauseGap = layout.clauseGap
        for (i, field) in fields.enumerated() {
            let width = FileLayout.width(field.text)
            var spaces = i == 0 ? 1 : max(1, field.gap)
            switch field.role {
            case .wallet: if let c = layout.walletColumn, c > column { spaces = c - column }
            case .category: if let c = layout.categoryColumn, c > column { spaces = c - column }
            case .amount:
                if let end = layout.amountEndColumn, end - width > column { spaces = end - width - column } else if let start = layout.amountStartColumn, start > column { spaces = start - column }
            case .clause:
                if previous != .clause {
                    if let g = clauseGap { spaces = g } else { clauseGap = spaces }
                }
            case .other: break
            }
            line += String(repeating: " ", count: spaces) + field.text
            column += spaces + width
            previous = field.role
        }
        line += String(repeating: " ", count: clauseGap ?? 2) + "rule " + text(nameNode.contentRange)

        // Split and metadata lines as the rule writes them; comments stay behind, and so
        // does a bank id, which belongs to one movement only.
        var result = [line]
        var indent = "    "
        for element in continuation {
            switch element {
            case .token(let token) where token.kind == .whitespace:
                indent = token.text
            case .node(let node) where node.kind == .split:
                result.append(indent + text(node.contentRange))
            case .node(let node) where node.kind == .metadata:
                let key = node.firstContentToken?.text ?? ""
                if key != "id:" { result.append(indent + text(node.contentRange)) }
            default:
                break
            }
        }
        return result
    }
}
