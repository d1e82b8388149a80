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
    public static func tokens(tree: SyntaxTree) -> [SemanticTokenInfo] {
        var result: [SemanticTokenInfo] = []
        result.reserveCapacity(tree.tokenCount / 2)
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
