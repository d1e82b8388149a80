import TallySyntax

/// What a budget says about importing into one wallet: its `import` profile (how its
/// CSV statements are read) and the `match` rules that apply to it, read from the
/// budget's files. `tally check` has checked both (E0601, E0401); here anything invalid
/// is simply not used.
public struct ImportProfile: Sendable {
    /// How statements are read; empty when the wallet has no profile.
    public var options = StatementReader.Options()
    /// The bank account the wallet's statements are of (`account "…"`), as ``account(_:)``
    /// writes it; nil when the profile does not say.
    public var account: String?
    /// The `match` rules for the wallet (those without `in` and those `in` it), in file order.
    public var rules: [MatchRule] = []

    /// A `match` rule, resolved.
    public struct MatchRule: Sendable {
        /// The text's pieces between `*`, folded: each must appear, in order.
        let pieces: [String]
        /// The category; for a rule with split lines, the category of its rest line.
        public let category: Int
        public let over: Money?
        public let under: Money?
        public let payee: String?
        public let note: String?
        public let tags: [String]
        /// The split lines, when the rule shares movements out instead of naming one category.
        public var split: RuleSplit? = nil
        /// The decimals of the wallet's currency: split parts are computed to these (or to
        /// the movement's own, when it has more).
        public var decimals = 2

        /// True when the rule applies to the movement: its text and bounds match, and a
        /// split's fixed and percentage parts fit into it.
        func matches(_ row: StatementRow) -> Bool { matches(row, folded: ImportProfile.foldedTexts(of: row)) }

        /// `matches`, given the row's texts folded once for all rules (`foldedTexts`).
        func matches(_ row: StatementRow, folded: [String]) -> Bool {
            let size = row.amount.isNegative ? row.amount.negated : row.amount
            if let over, !(size > over) { return false }
            if let under, !(size < under) { return false }
            guard folded.contains(where: { ImportProfile.contains($0, pieces) }) else { return false }
            return split == nil || splitLines(of: row.amount) != nil
        }

        /// The split entry's lines for a movement of `amount`, at the scale its header is
        /// written at; empty when the rule names one category.
        public func splitLines(of amount: Money) -> [RuleSplit.Line]? {
            guard let split else { return [] }
            return split.lines(of: amount, scale: max(decimals, amount.significantScale))
        }
    }

    public init() {}

    /// The profile and rules for `wallet` in `budget`.
    public init(budget: Budget, model: BudgetModel, wallet: Int) {
        let walletName = model.wallets[wallet].name
        let decimals = model.decimals(of: model.wallets[wallet].currency)
        let categories = Dictionary(model.categories.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        var found = false
        for file in budget.files {
            for node in file.tree.entries(of: .importDirective) where !found {
                guard let profile = ImportDirectiveSyntax(node), profile.wallet?.value == walletName else { continue }
                found = true
                account = profile.value("account").map(Self.account).flatMap { $0.isEmpty ? nil : $0 }
                options.encoding = profile.value("encoding").flatMap(StatementEncoding.init(name:))
                options.csv.dateFormat = profile.value("dates").flatMap(DateFormat.init(name:))
                switch profile.value("decimal") {
                case "comma": options.csv.decimalMark = .comma
                case "point": options.csv.decimalMark = .point
                default: break
                }
                options.csv.separator = profile.value("separator").flatMap(Self.separator)
                options.csv.skip = profile.value("skip").flatMap { Int($0) }
                for column in profile.columns {
                    if let role = CSVColumns.Role(rawValue: column.role), !column.header.isEmpty { options.csv.columns[role] = column.header }
                }
            }
            for node in file.tree.entries(of: .matchDirective) {
                guard let rule = MatchDirectiveSyntax(node), let text = rule.text else { continue }
                let split = rule.splits.isEmpty ? nil : RuleSplit(rule, categories: categories)
                guard let category = split?.restCategory ?? rule.category.flatMap({ categories[$0.value] }),
                      rule.splits.isEmpty || split != nil else { continue }
                if let only = rule.wallet?.value, only != walletName { continue }
                let pieces = Self.fold(text).split(separator: "*").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
                guard !pieces.isEmpty else { continue }
                func amount(_ a: AmountSyntax?) -> Money? { a.flatMap { Money(utf8: $0.numberBytes) }.map { $0.isNegative ? $0.negated : $0 } }
                rules.append(MatchRule(pieces: pieces, category: category, over: amount(rule.over), under: amount(rule.under),
                                       payee: rule.payee, note: rule.note, tags: rule.tags, split: split, decimals: decimals))
            }
        }
    }

    /// The separator a profile's text names: one character, or `tab`.
    /// An account number as compared: without spaces, in capitals, so that
    /// `de89 3704 0044` and `DE8937040044` are the same account.
    public static func account(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)).uppercased()
    }

    /// The wallets whose profiles name `account` (as a statement gives it), in `budget`.
    public static func wallets(of account: String, budget: Budget, model: BudgetModel) -> [Int] {
        let wanted = Self.account(account)
        var result: [Int] = []
        for file in budget.files {
            for node in file.tree.entries(of: .importDirective) {
                guard let profile = ImportDirectiveSyntax(node), let value = profile.value("account"), Self.account(value) == wanted,
                      let name = profile.wallet?.value, let w = model.wallets.firstIndex(where: { $0.name == name }),
                      !result.contains(w) else { continue }
                result.append(w)
            }
        }
        return result
    }

    public static func separator(_ text: String) -> Character? {
        if text == "tab" || text == "\t" { return "\t" }
        return text.count == 1 && text != "\"" ? text.first : nil
    }

    /// The texts a rule looks in, folded: the payee, the description, and the two joined
    /// by a space.
    static func foldedTexts(of row: StatementRow) -> [String] {
        [row.payee, row.description, [row.payee, row.description].compactMap { $0 }.joined(separator: " ")].compactMap { $0 }.map(fold)
    }

    /// Lowercased, accents removed, runs of spaces as one.
    static func fold(_ text: String) -> String {
        // ASCII has no accents: lowercase and join the words by bytes.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 0x20 || (0x09 ... 0x0D).contains(byte) {
                    pendingSpace = !out.isEmpty
                    continue
                }
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: out, as: UTF8.self)
        }
        let scalars = text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
        return String(String.UnicodeScalarView(scalars)).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// True when the pieces appear in `text` in order.
    static func contains(_ text: String, _ pieces: [String]) -> Bool {
        var rest = Substring(text)
        for piece in pieces {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}

import Foundation
