import TallySyntax

/// What a semantic token is. The raw value is its index in ``SemanticTokenProvider/legend``.
public enum SemanticTokenType: Int, CaseIterable, Hashable, Sendable {
    case keyword, comment, string, number, date, currency, wallet, category, envelope, goal, rule, person, tag, property, `operator`
    /// A diagnostic code in `option severity`.
    case diagnosticCode

    /// The name in the legend. Standard LSP names where one fits; the Tally concepts have
    /// their own, which editors that know them (Neovim's `@lsp.type.wallet`) can colour.
    public var legendName: String {
        switch self {
        case .keyword: return "keyword"
        case .comment: return "comment"
        case .string: return "string"
        case .number: return "number"
        case .date: return "date"
        case .currency: return "currency"
        case .wallet: return "wallet"
        case .category: return "category"
        case .envelope: return "envelope"
        case .goal: return "goal"
        case .rule: return "rule"
        case .person: return "person"
        case .tag: return "tag"
        case .property: return "property"
        case .operator: return "operator"
        case .diagnosticCode: return "diagnosticCode"
        }
    }
}

/// Modifiers of a semantic token, as bits in the legend's order.
public struct SemanticTokenModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The name is declared here.
    public static let declaration = SemanticTokenModifiers(rawValue: 1 << 0)

    /// The modifier names, in bit order.
    public static let legendNames = ["declaration"]
}

/// One classified token.
public struct SemanticTokenInfo: Hashable, Sendable {
    /// Its bytes (never more than one line).
    public var range: ByteRange
    public var type: SemanticTokenType
    public var modifiers: SemanticTokenModifiers
}

/// Classifies every meaningful token of a file: keywords, comments, text, numbers and
/// amounts, dates, currency codes, names by what they name, tags, metadata keys and
/// operators, and diagnostic codes in options. Whitespace, line breaks and the words of
/// lines that could not be read are left out.
public enum SemanticTokenProvider {
    /// The token types and modifiers, in the order the results index them.
    public static let legend: (types: [String], modifiers: [String]) =
        (SemanticTokenType.allCases.map(\.legendName), SemanticTokenModifiers.legendNames)

    /// The tokens of `tree`, in order.
    ///
    /// One pass over the tokens. Only a name's type depends on the node around it, so the
    /// nodes of an entry are listed only when it holds a name, and once: a walk building
    /// each node's children cost half of the time on 100k entries.
    ///
    /// `shouldStop` is asked now and then (every 16,384 tokens); once it says yes, the
    /// tokens found so far are returned (a cancelled request's answer is never sent).
    public static func tokens(tree: SyntaxTree, shouldStop: () -> Bool = { false }) -> [SemanticTokenInfo] {
        tokens(tree, from: 0, to: tree.tokenCount, shouldStop: shouldStop)
    }

    /// The tokens of `tree` that overlap `range`, in order: what
    /// `textDocument/semanticTokens/range` asks for, the lines on screen. Costs the tokens
    /// of those lines plus listing the file's entries (a few milliseconds on 100k).
    public static func tokens(tree: SyntaxTree, in range: ByteRange, shouldStop: () -> Bool = { false }) -> [SemanticTokenInfo] {
        guard let first = tree.token(containing: range.start), let last = tree.token(containing: max(range.start, range.end - 1)) else { return [] }
        return tokens(tree, from: first.index, to: last.index + 1, shouldStop: shouldStop)
    }

    /// The tokens with indices `from ..< to`. Inlined into both callers: left as a call,
    /// the whole-file pass was markedly slower in a release build (on 100k entries).
    @inline(__always)
    static func tokens(_ tree: SyntaxTree, from: Int, to: Int, shouldStop: () -> Bool) -> [SemanticTokenInfo] {
        var result: [SemanticTokenInfo] = []
        result.reserveCapacity((to - from) / 2)
        let entries = tree.entries
        // The first entry that does not end before the first token.
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].tokenIndices.upperBound <= from { low = mid + 1 } else { high = mid }
        }
        var e = low
        var nodes: [SyntaxNode] = []
        for i in from ..< to {
            if i & 0x3FFF == 0 && shouldStop() { break }
            let token = tree.token(at: i)
            while e < entries.count && entries[e].tokenIndices.upperBound <= i {
                e += 1
                nodes = []
            }
            guard e < entries.count, entries[e].tokenIndices.contains(i) else {
                classify(token, parent: .sourceFile, entry: .sourceFile, into: &result)
                continue
            }
            let entry = entries[e]
            var parent = entry.kind
            if token.kind == .name || token.kind == .quotedName {
                if nodes.isEmpty { nodes = entry.descendants }
                // In preorder, the last node holding the token is the innermost.
                if let innermost = nodes.last(where: { $0.tokenIndices.contains(i) }) { parent = innermost.kind }
            }
            classify(token, parent: parent, entry: entry.kind, into: &result)
        }
        return result
    }

    /// The same tokens by walking the tree node by node: the plain definition, which
    /// tests compare the fast pass against.
    static func tokensByWalkingTheTree(_ tree: SyntaxTree) -> [SemanticTokenInfo] {
        var result: [SemanticTokenInfo] = []
        for element in tree.root.children {
            switch element {
            case .token(let t): classify(t, parent: .sourceFile, entry: .sourceFile, into: &result)
            case .node(let n): visit(n, entry: n.kind, into: &result)
            }
        }
        return result
    }

    static func visit(_ node: SyntaxNode, entry: SyntaxKind, into result: inout [SemanticTokenInfo]) {
        for element in node.children {
            switch element {
            case .token(let t): classify(t, parent: node.kind, entry: entry, into: &result)
            case .node(let n): visit(n, entry: entry, into: &result)
            }
        }
    }

    static func classify(_ token: SyntaxToken, parent: SyntaxKind, entry: SyntaxKind, into result: inout [SemanticTokenInfo]) {
        var modifiers: SemanticTokenModifiers = []
        let type: SemanticTokenType
        switch token.kind {
        case .whitespace, .newline, .byteOrderMark, .unknown: return
        case .comment: type = .comment
        case .keyword: type = .keyword
        case .text: type = .string
        case .number, .percentage: type = .number
        case .date: type = .date
        case .tag: type = .tag
        case .key: type = .property
        case .dotDot, .arrow, .comma, .equals, .at: type = .operator
        case .name, .quotedName:
            switch parent {
            case .walletRef: type = .wallet
            case .categoryRef: type = .category
            case .envelopeRef: type = .envelope
            case .goalRef: type = .goal
            case .ruleRef: type = .rule
            case .personName: type = .person
            case .currencyCode: type = .currency
            case .declaredName:
                modifiers = .declaration
                switch entry {
                case .walletDirective: type = .wallet
                case .categoryDirective: type = .category
                case .envelopeDirective: type = .envelope
                case .goalDirective: type = .goal
                case .recurringDirective: type = .rule
                default: return
                }
            case .metadata: type = .string
            case .optionDirective: type = DiagnosticCode.named(token.text) != nil ? .diagnosticCode : .string
            default: return
            }
        }
        result.append(SemanticTokenInfo(range: token.range, type: type, modifiers: modifiers))
    }
}
