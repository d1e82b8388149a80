/// `import WALLET {attribute}` with indented `column: "Header"` lines: how the bank
/// statements of a wallet are read.
public struct ImportDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is an import profile.
    public init?(_ node: SyntaxNode) { guard node.kind == .importDirective else { return nil }; self.node = node }
    /// The wallet.
    public var wallet: NameSyntax? { node.name(.walletRef) }

    /// The value of an attribute (`account`, `encoding`, `separator`, `dates`, `decimal`,
    /// `skip`), unquoted.
    public func value(_ keyword: String) -> String? {
        guard let attribute = node.attribute(keyword) else { return nil }
        return Self.valueToken(of: attribute.node).map(Self.unquoted)
    }

    /// The range of an attribute's value, for diagnostics.
    public func valueRange(_ keyword: String) -> ByteRange? {
        node.attribute(keyword).flatMap { Self.valueToken(of: $0.node)?.range }
    }

    /// The column lines, in order: the role (`date`, `amount`, ...), the header it names
    /// (or, `byPosition`, the column's number written unquoted: `date: 1`), and the ranges
    /// of the key and value.
    public var columns: [(role: String, header: String, byPosition: Bool, keyRange: ByteRange, valueRange: ByteRange)] {
        node.children(.metadata).compactMap { line in
            let tokens = line.childTokens.filter { !$0.kind.isTrivia }
            guard let key = tokens.first else { return nil }
            let value = tokens.dropFirst().first
            return (String(key.text.dropLast()), value.map(Self.unquoted) ?? "", value?.kind == .number, key.range, value?.range ?? key.range)
        }
    }

    static func valueToken(of attribute: SyntaxNode) -> SyntaxToken? {
        attribute.childTokens.filter { !$0.kind.isTrivia }.dropFirst().first
    }

    static func unquoted(_ token: SyntaxToken) -> String {
        token.kind == .text || token.kind == .quotedName ? Unquote.value(of: token.text) : token.text
    }
}

/// `match "TEXT" [in WALLET] CATEGORY {over AMOUNT | under AMOUNT | payee "NAME" | note "TEXT" | #tag}`:
/// imported movements whose payee or description contain the text are booked so. Instead
/// of the category, indented split lines (`Category 70%`, `Category 5.00`, `Category`)
/// may share the movement out.
public struct MatchDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a match rule.
    public init?(_ node: SyntaxNode) { guard node.kind == .matchDirective else { return nil }; self.node = node }
    /// The text to look for (`*` stands for any run of characters).
    public var text: String? { node.child(.payee)?.firstContentToken.map { Unquote.value(of: $0.text) } }
    /// The wallet after `in`, when given.
    public var wallet: NameSyntax? { node.attribute("in")?.name }
    /// The category (absent when split lines give the categories).
    public var category: NameSyntax? { node.name(.categoryRef) }
    /// The split lines: each a category with an amount, a percentage, or nothing (the rest).
    public var splits: [SplitSyntax] { node.children(.split).map(SplitSyntax.init(node:)) }
    /// The wallet after `transfer`: a matching movement is a transfer to or from it.
    public var transfer: NameSyntax? { node.attribute("transfer")?.name }
    /// The amount after `over`.
    public var over: AmountSyntax? { node.attribute("over")?.amount }
    /// The amount after `under`.
    public var under: AmountSyntax? { node.attribute("under")?.amount }
    /// The payee to write instead of the bank's text.
    public var payee: String? { node.attribute("payee").flatMap { ImportDirectiveSyntax.valueToken(of: $0.node) }.map(ImportDirectiveSyntax.unquoted) }
    /// The note to write.
    public var note: String? { node.attribute("note").flatMap { ImportDirectiveSyntax.valueToken(of: $0.node) }.map(ImportDirectiveSyntax.unquoted) }
    /// Tags to write, without `#`.
    public var tags: [String] { node.tags }
}
