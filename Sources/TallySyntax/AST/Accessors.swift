// Typed views over the syntax tree, one per entry kind, in the manner of an AST layer
// over a lossless tree: each view wraps a node of one kind and offers named accessors.
// Accessors return nil for parts that are missing in invalid input; they never trap.

extension SyntaxNode {
    /// Direct child tokens that were read as keywords.
    var keywordTokens: [SyntaxToken] { tokens(.keyword) }

    /// The attribute child that starts with `keyword`, if any.
    public func attribute(_ keyword: String) -> AttributeSyntax? {
        let nodes = tree.nodes
        var child = index + 1
        let end = Int(nodes[index].subtreeEnd)
        while child < end {
            if nodes[child].kind == .attribute {
                let node = SyntaxNode(tree: tree, index: child)
                if let first = node.firstContentToken, first.bytes.elementsEqual(keyword.utf8) { return AttributeSyntax(node: node) }
            }
            child = Int(nodes[child].subtreeEnd)
        }
        return nil
    }

    /// All attribute children.
    public var attributes: [AttributeSyntax] { children(.attribute).map(AttributeSyntax.init(node:)) }

    /// The first direct child token of `kind`, as text.
    func tokenText(_ kind: TokenKind) -> String? { token(kind)?.text }

    /// The first name child of `kind`, unquoted.
    func name(_ kind: SyntaxKind) -> NameSyntax? { child(kind).map(NameSyntax.init(node:)) }

    /// The date token of a dated entry.
    var dateToken: SyntaxToken? { token(.date) }

    /// The tags among the direct child tokens, without `#`.
    public var tags: [String] { tokens(.tag).map { String($0.text.dropFirst()) } }
}

/// A name: a bare word or a single-quoted name, in any role.
public struct NameSyntax: Hashable, Sendable {
    /// The wrapping node (its kind says the role: wallet, category, ...).
    public let node: SyntaxNode

    /// Wraps a name node (one whose kind ``SyntaxKind/isName``).
    public init(node: SyntaxNode) { self.node = node }

    /// The name as meant: quotes removed and escapes resolved.
    public var value: String {
        guard let token = node.firstContentToken else { return "" }
        return token.kind == .quotedName ? Unquote.value(of: token.text) : token.text
    }

    /// The bytes of the name's token.
    public var range: ByteRange { node.contentRange }
}

/// A number with an optional currency code.
public struct AmountSyntax: Hashable, Sendable {
    /// The `amount` node.
    public let node: SyntaxNode

    /// Wraps an `amount` node.
    public init(node: SyntaxNode) { self.node = node }

    /// The number as written, with its sign: `-66.20`.
    public var number: String { node.tokenText(.number) ?? "" }
    /// The bytes of the number as written, without making a string.
    public var numberBytes: ArraySlice<UInt8> { node.token(.number)?.bytes ?? [] }
    /// The currency code, when one is written.
    public var currency: String? { node.child(.currencyCode)?.firstContentToken?.text }
    /// The bytes of the amount.
    public var range: ByteRange { node.contentRange }
}

/// A keyword and its values: `opening 1250.00 on 2026-01-01`.
public struct AttributeSyntax: Hashable, Sendable {
    /// The `attribute` node.
    public let node: SyntaxNode

    /// The keyword (or `=`, `@`) that starts the attribute.
    public var keyword: String { node.firstContentToken?.text ?? "" }
    /// The first amount among the values.
    public var amount: AmountSyntax? { node.child(.amount).map(AmountSyntax.init(node:)) }
    /// The first date among the values.
    public var date: CivilDate? { node.dateToken.flatMap { CivilDate(iso: $0.text) } }
    /// Every name among the values, in order.
    public var names: [NameSyntax] { node.childNodes.filter(\.kind.isName).map(NameSyntax.init(node:)) }
    /// The first name among the values.
    public var name: NameSyntax? { names.first }
    /// A whole number or percentage value, as written.
    public var numberText: String? { node.childTokens.first { $0.kind == .number || $0.kind == .percentage }?.text }
    /// A keyword value (`monday`, `last`), as written.
    public var valueKeyword: String? { node.keywordTokens.dropFirst().first?.text }
    /// The currency code value (`currency USD`).
    public var currency: String? { node.child(.currencyCode)?.firstContentToken?.text }
}

/// `currency EUR [decimals 0]`
public struct CurrencyDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a currency directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .currencyDirective else { return nil }; self.node = node }
    /// The code.
    public var code: String? { node.child(.currencyCode)?.firstContentToken?.text }
    /// The `decimals` value.
    public var decimals: Int? { node.attribute("decimals")?.numberText.flatMap { Int($0) } }
}

/// `wallet NAME [KIND] {attribute}`
public struct WalletDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a wallet directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .walletDirective else { return nil }; self.node = node }
    /// The wallet's name.
    public var name: NameSyntax? { node.name(.declaredName) }
    /// The kind keyword as written (`bank`, `credit`, ...), when given.
    public var kind: String? { node.keywordTokens.dropFirst().first?.text }
    /// `opening AMOUNT [on DATE]`
    public var opening: AttributeSyntax? { node.attribute("opening") }
    /// `currency CODE`
    public var currency: String? { node.attribute("currency")?.currency }
    /// `limit AMOUNT`
    public var limit: AmountSyntax? { node.attribute("limit")?.amount }
    /// `closed DATE`
    public var closed: CivilDate? { node.attribute("closed")?.date }
    /// `hidden`
    public var isHidden: Bool { node.attribute("hidden") != nil }
    /// `owner A, B`
    public var owners: [String] { node.attribute("owner")?.names.map(\.value) ?? [] }
}

/// `income A, B` or `expense A, B`
public struct CategoryDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a category directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .categoryDirective else { return nil }; self.node = node }
    /// True for `income`, false for `expense`.
    public var isIncome: Bool { node.firstContentToken?.text == "income" }
    /// The declared categories.
    public var names: [NameSyntax] { node.children(.declaredName).map(NameSyntax.init(node:)) }
}

/// `envelope NAME [AMOUNT] PERIOD {attribute}`
public struct EnvelopeDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is an envelope directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .envelopeDirective else { return nil }; self.node = node }
    /// The envelope's name.
    public var name: NameSyntax? { node.name(.declaredName) }
    /// The planned amount per period.
    public var amount: AmountSyntax? { node.child(.amount).map(AmountSyntax.init(node:)) }
    /// The period keyword (`monthly`), or nil for a date range.
    public var periodKeyword: String? { node.child(.period)?.keywordTokens.first?.text }
    /// The custom range's dates, for a date-range period.
    public var periodRange: (start: CivilDate, end: CivilDate)? {
        guard let dates = node.child(.period)?.childTokens.filter({ $0.kind == .date }), dates.count == 2,
            let a = CivilDate(iso: dates[0].text), let b = CivilDate(iso: dates[1].text)
        else { return nil }
        return (a, b)
    }
    /// The categories after `for` (`*` for all spending).
    public var categories: [NameSyntax] { node.attribute("for")?.names ?? [] }
    /// The wallets after `in`.
    public var wallets: [NameSyntax] { node.attribute("in")?.names ?? [] }
    /// `rollover`
    public var rollsOver: Bool { node.attribute("rollover") != nil }
    /// `rollover unspent`: what is left carries, overspending does not.
    public var rollsOverUnspentOnly: Bool {
        node.attribute("rollover")?.node.childTokens.contains { $0.kind == .keyword && $0.text == "unspent" } == true
    }
    /// The `alert` percentage as written, `80%`.
    public var alert: String? { node.attribute("alert")?.numberText }
    /// `from DATE`: the envelope's first period is the one containing it.
    public var from: CivilDate? { node.attribute("from")?.date }
    /// `until DATE`: the envelope's last period is the one containing it.
    public var until: CivilDate? { node.attribute("until")?.date }
}

/// `goal NAME [AMOUNT] {attribute}`
public struct GoalDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a goal directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .goalDirective else { return nil }; self.node = node }
    /// The goal's name.
    public var name: NameSyntax? { node.name(.declaredName) }
    /// The target amount.
    public var target: AmountSyntax? { node.child(.amount).map(AmountSyntax.init(node:)) }
    /// The target date.
    public var by: CivilDate? { node.attribute("by")?.date }
    /// `monthly` or `yearly` for periodic goals.
    public var period: String? { node.keywordTokens.dropFirst().first { $0.text == "monthly" || $0.text == "yearly" }?.text }
    /// The wallet after `in`.
    public var wallet: NameSyntax? { node.attribute("in")?.name }
    /// True when marked `reached`.
    public var isReached: Bool { node.attribute("reached") != nil }
    /// The date after `reached`.
    public var reachedOn: CivilDate? { node.attribute("reached")?.date }
}

/// `payee "TEXT" CATEGORY`
public struct PayeeDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a payee directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .payeeDirective else { return nil }; self.node = node }
    /// The payee.
    public var payee: String? { node.child(.payee)?.firstContentToken.map { Unquote.value(of: $0.text) } }
    /// The category.
    public var category: NameSyntax? { node.name(.categoryRef) }
}

/// `every [N] UNIT {attribute} BODY`
public struct RecurringDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a recurring directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .recurringDirective else { return nil }; self.node = node }
    var schedule: SyntaxNode? { node.child(.schedule) }
    /// Periods between occurrences (1 when not written).
    public var interval: Int { schedule?.tokenText(.number).flatMap { Int($0) } ?? 1 }
    /// The unit keyword as written (`month`, `weeks`, ...).
    public var unit: String? { schedule?.keywordTokens.dropFirst().first?.text }
    /// The `on` value as written (`1`, `last`, `friday`).
    public var on: String? { schedule?.attribute("on").flatMap { $0.numberText ?? $0.valueKeyword } }
    /// The first occurrence.
    public var from: CivilDate? { schedule?.attribute("from")?.date }
    /// The last possible occurrence.
    public var until: CivilDate? { schedule?.attribute("until")?.date }
    /// Number of occurrences.
    public var times: Int? { schedule?.attribute("times")?.numberText.flatMap { Int($0) } }
    /// The rule's name.
    public var name: NameSyntax? { schedule?.attribute("as")?.name }
    /// The repeated transaction, if the body is one.
    public var transaction: TransactionSyntax? { node.child(.transaction).flatMap(TransactionSyntax.init) }
    /// The repeated transfer, if the body is one.
    public var transfer: TransferSyntax? { node.child(.transfer).flatMap(TransferSyntax.init) }
}

/// `option NAME {value}`
public struct OptionDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is an option directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .optionDirective else { return nil }; self.node = node }
    /// The option's name.
    public var name: String? { node.keywordTokens.dropFirst().first?.text }
    /// The values after the name, as written.
    public var values: [String] {
        Array(node.childTokens.filter { !$0.kind.isTrivia }.dropFirst(2).map(\.text))
    }
}

/// `include "PATH"`
public struct IncludeDirectiveSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is an include directive.
    public init?(_ node: SyntaxNode) { guard node.kind == .includeDirective else { return nil }; self.node = node }
    /// The path as meant (quotes removed).
    public var path: String? { node.token(.text).map { Unquote.value(of: $0.text) } }
    /// The bytes of the quoted path.
    public var pathRange: ByteRange? { node.token(.text)?.range }
}

/// Parts shared by every dated entry.
public protocol DatedEntrySyntax {
    /// The entry's node.
    var node: SyntaxNode { get }
}

extension DatedEntrySyntax {
    /// The entry's date (nil in a recurring body, or when invalid).
    public var date: CivilDate? { node.dateToken.flatMap { CivilDate(iso: $0.text) } }
    /// The payee text.
    public var payee: String? { node.child(.payee)?.firstContentToken.map { Unquote.value(of: $0.text) } }
    /// The note text.
    public var note: String? { node.child(.note)?.firstContentToken.map { Unquote.value(of: $0.text) } }
    /// Tags without `#`.
    public var tags: [String] { node.tags }
    /// The first amount.
    public var amount: AmountSyntax? { node.child(.amount).map(AmountSyntax.init(node:)) }
    /// The value of the first metadata line with `key`, unquoted.
    public func metadata(_ key: String) -> String? { node.metadataValue(key) }

    /// `key: value` metadata lines, values unquoted.
    public var metadata: [(key: String, value: String)] {
        node.children(.metadata).map { line in
            let tokens = line.childTokens.filter { !$0.kind.isTrivia }
            let key = String(tokens.first?.text.dropLast() ?? "")
            let value = tokens.dropFirst().first.map { $0.kind == .text || $0.kind == .quotedName ? Unquote.value(of: $0.text) : $0.text } ?? ""
            return (key, value)
        }
    }
}

/// A split line: `Category AMOUNT {#tag} ["note"]`.
public struct SplitSyntax: Hashable, Sendable {
    public let node: SyntaxNode
    /// The category.
    public var category: NameSyntax? { node.name(.categoryRef) }
    /// The part's amount.
    public var amount: AmountSyntax? { node.child(.amount).map(AmountSyntax.init(node:)) }
    /// The part as a percentage (`70%`), which only a `match` rule's split lines may give.
    public var percentage: SyntaxToken? { node.childTokens.first { $0.kind == .percentage } }
    /// Tags without `#`.
    public var tags: [String] { node.tags }
    /// The note.
    public var note: String? { node.child(.note)?.firstContentToken.map { Unquote.value(of: $0.text) } }
}

/// `DATE ["payee" ["note"]] WALLET [CATEGORY] [AMOUNT] {clause}` and its splits.
public struct TransactionSyntax: DatedEntrySyntax, Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a transaction.
    public init?(_ node: SyntaxNode) { guard node.kind == .transaction else { return nil }; self.node = node }
    /// The wallet.
    public var wallet: NameSyntax? { node.name(.walletRef) }
    /// The category (absent when split).
    public var category: NameSyntax? { node.name(.categoryRef) }
    /// The split lines.
    public var splits: [SplitSyntax] { node.children(.split).map(SplitSyntax.init(node:)) }
    /// `goal NAME`
    public var goal: NameSyntax? { node.attribute("goal")?.name }
    /// `rule NAME`
    public var rule: NameSyntax? { node.attribute("rule")?.name }
    /// `by NAME`
    public var by: NameSyntax? { node.attribute("by")?.name }
    /// The amount in the wallet's currency after `=`, when the amount is in another.
    public var converted: AmountSyntax? { node.attribute("=")?.amount }
    /// The rate after `@` (wallet currency per unit of the amount's).
    public var rate: AmountSyntax? { node.attribute("@")?.amount }
}

/// `DATE transfer FROM -> TO AMOUNT [= AMOUNT | @ RATE] {clause}`
public struct TransferSyntax: DatedEntrySyntax, Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a transfer.
    public init?(_ node: SyntaxNode) { guard node.kind == .transfer else { return nil }; self.node = node }
    /// The wallet money leaves.
    public var from: NameSyntax? { node.children(.walletRef).first.map(NameSyntax.init(node:)) }
    /// The wallet money arrives in.
    public var to: NameSyntax? { node.children(.walletRef).dropFirst().first.map(NameSyntax.init(node:)) }
    /// The received amount after `=`.
    public var received: AmountSyntax? { node.attribute("=")?.amount }
    /// The rate after `@`.
    public var rate: AmountSyntax? { node.attribute("@")?.amount }
    /// `goal NAME`
    public var goal: NameSyntax? { node.attribute("goal")?.name }
    /// `rule NAME`
    public var rule: NameSyntax? { node.attribute("rule")?.name }
}

/// `DATE fill ENVELOPE AMOUNT`, `DATE move A -> B AMOUNT`, `DATE assert WALLET AMOUNT`,
/// `DATE rate CODE NUMBER CODE`, `DATE skip RULE`, `DATE goal GOAL AMOUNT`: the other
/// dated entries, which differ only in their names.
public struct SimpleDatedEntrySyntax: DatedEntrySyntax, Hashable, Sendable {
    public let node: SyntaxNode
    /// Wraps `node` if it is a fill, move, assertion, rate, skip or contribution.
    public init?(_ node: SyntaxNode) {
        guard node.kind.isDatedEntry, node.kind != .transaction, node.kind != .transfer else { return nil }
        self.node = node
    }
    /// The names, in order (envelope, both envelopes of a move, wallet, rule or goal).
    public var names: [NameSyntax] { node.childNodes.filter(\.kind.isName).map(NameSyntax.init(node:)) }
    /// For a rate: the currency whose rate is given.
    public var baseCurrency: String? { node.child(.currencyCode)?.firstContentToken?.text }
}

/// Removes the quotes around text or a quoted name and resolves `\\`, `\"` and `\'`.
public enum Unquote {
    /// The meant value of a quoted token's raw text. Unterminated quotes are tolerated.
    public static func value(of raw: String) -> String {
        // Fast path: properly closed, no escapes.
        let utf8 = raw.utf8
        if let first = utf8.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"),
            utf8.count >= 2, utf8.last == first, !utf8.contains(UInt8(ascii: "\\"))
        {
            return String(decoding: utf8.dropFirst().dropLast(), as: UTF8.self)
        }
        let scalars = Array(raw.unicodeScalars)
        guard let quote = scalars.first, quote == "\"" || quote == "'" else { return raw }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" && i + 1 < scalars.count {
                out.append(scalars[i + 1])
                i += 2
                continue
            }
            if c == quote { break }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}

extension SyntaxNode {
    /// The value of the node's first metadata line with `key`, unquoted: of an entry, or
    /// of a declaration (`account: "assets:bank"` under a `wallet`).
    public func metadataValue(_ key: String) -> String? {
        metadataValues(key, first: true).first
    }

    /// The values of all the node's metadata lines with `key`, unquoted, in order (or of
    /// the first only).
    public func metadataValues(_ key: String, first: Bool = false) -> [String] {
        guard child(.metadata) != nil else { return [] }
        let wanted = Array((key + ":").utf8)
        var values: [String] = []
        for line in children(.metadata) {
            guard let keyToken = line.firstContentToken, keyToken.bytes.elementsEqual(wanted) else { continue }
            if let value = line.childTokens.first(where: { !$0.kind.isTrivia && $0.index != keyToken.index }) {
                values.append(value.kind == .text || value.kind == .quotedName ? Unquote.value(of: value.text) : value.text)
            } else {
                values.append("")
            }
            if first { break }
        }
        return values
    }
}
