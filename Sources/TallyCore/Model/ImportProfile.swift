import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A wallet's `import` profile (Grammar.md §7.1), resolved by the lowering: how the
/// wallet's statements are read and which bank account they are of. Only what `tally
/// check` accepts is kept (an unknown setting is left out, as a statement would be read
/// without it); the first profile of a wallet counts (a second is E0601).
public struct ImportProfile: Sendable, Equatable {
    /// The wallet's index in the model.
    public let wallet: Int
    /// The bank account the wallet's statements are of (`account "…"`), as
    /// ``account(_:)`` writes it; nil when the profile does not say.
    public var account: String?
    public var encoding: StatementEncoding?
    public var dateFormat: DateFormat?
    public var decimalMark: DecimalMark?
    /// The CSV field separator (`separator ";"`, `separator "tab"`).
    public var separator: Character?
    /// Lines before the header row (`skip 3`).
    public var skip: Int?
    /// Header names for roles (`date: "Buchungstag"`), overriding the names Tally recognises.
    public var columns: [StatementColumn: String] = [:]
    /// Where the bank's API token is kept (`token "env:FIO_TOKEN"`), for `tally import
    /// --from fio`; the token itself is never in the budget.
    public var token: TokenSource?
    /// The feed the wallet's movements are downloaded from (`feed simplefin`); a profile
    /// that names a token and no feed is Fio banka's (``feedKind``).
    public var feed: FeedKind?
    /// The feed's application id (`app "…"`, Enable Banking's): not a secret.
    public var app: String?
    /// Columns by position, counted from 1 (`date: 1`); with the date's, the statement has
    /// no header.
    public var positions: [StatementColumn: Int] = [:]
    /// Words a statement's status or sign column uses beyond those Tally knows, by what
    /// they say (`pending: "In Bearbeitung"`, `out: "Lastschrift"`).
    public var words: [StatementWord: [String]] = [:]
    /// Where the profile names its wallet.
    public let location: SourceLocation

    /// The feed `tally sync` downloads from: the one named, else Fio banka's when a token
    /// is named (the profiles written before `feed` existed), else none.
    public var feedKind: FeedKind? { feed ?? (token == nil ? nil : .fio) }

    /// An empty profile of `wallet`.
    public init(wallet: Int, location: SourceLocation) {
        self.wallet = wallet
        self.location = location
    }

    /// An account number as compared: without spaces, in capitals, so that
    /// `de89 3704 0044` and `DE8937040044` are the same account.
    public static func account(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)).uppercased()
    }

    /// The separator a profile's text names: one character, or `tab`.
    public static func separator(_ text: String) -> Character? {
        if text == "tab" || text == "\t" { return "\t" }
        return text.count == 1 && text != "\"" ? text.first : nil
    }
}

/// Where a bank's API token is kept: an environment variable (`env:FIO_TOKEN`) or a file
/// (`file:~/.config/fio-token`, its first line). Never the token itself.
public enum TokenSource: Sendable, Equatable {
    case environment(String)
    case file(String)

    /// The source `text` names (`env:NAME`, `file:PATH`), or nil.
    public init?(_ text: String) {
        if text.hasPrefix("env:"), text.count > 4, !text.dropFirst(4).contains(where: \.isWhitespace) {
            self = .environment(String(text.dropFirst(4)))
        } else if text.hasPrefix("file:"), text.count > 5 {
            self = .file(String(text.dropFirst(5)))
        } else {
            return nil
        }
    }
}

/// A `match` rule (Grammar.md §7.2), resolved by the lowering: the text it looks for,
/// the amounts it applies to and what it books. Only rules `tally check` accepts are
/// kept (a known category or a valid split, a text that looks for something, a known
/// wallet after `in`); matching statement rows is TallyImport's.
public struct MatchRule: Sendable, Equatable {
    /// The wallet the rule is limited to (`in WALLET`); nil for every wallet.
    public let wallet: Int?
    /// The text's pieces between `*`, folded (``fold(_:)``): each must appear, in order.
    public let pieces: [String]
    /// The category; for a rule with split lines, the category of its rest line; nil for
    /// a transfer rule.
    public let category: Int?
    /// The wallet a matching movement moves money to or from (`transfer WALLET`): the
    /// movement is written as a transfer, not in a category.
    public let transfer: Int?
    /// The bounds of the movement's size, without sign.
    public let over: Money?
    public let under: Money?
    /// What the rule writes besides the category.
    public let payee: String?
    public let note: String?
    public let tags: [String]
    /// The split lines, when the rule shares movements out instead of naming one category.
    public let split: RuleSplit?
    /// Where the rule is.
    public let location: SourceLocation
    /// The decimals split parts are computed to (or the movement's own, when it has
    /// more): the rule's wallet's currency's; an import sets those of the wallet it imports into.
    public var decimals: Int

    /// Creates a resolved rule.
    public init(
        wallet: Int?, pieces: [String], category: Int?, transfer: Int? = nil, over: Money?, under: Money?, payee: String?,
        note: String?, tags: [String], split: RuleSplit?, location: SourceLocation, decimals: Int
    ) {
        self.wallet = wallet
        self.pieces = pieces
        self.category = category
        self.transfer = transfer
        self.over = over
        self.under = under
        self.payee = payee
        self.note = note
        self.tags = tags
        self.split = split
        self.location = location
        self.decimals = decimals
    }

    /// The pieces a rule's text looks for: the text folded, cut at `*`, empty pieces left out.
    public static func pieces(of text: String) -> [String] {
        // Folded text has single spaces only: joining a piece's words trims it.
        fold(text).split(separator: "*").map { $0.split(separator: " ").joined(separator: " ") }.filter { !$0.isEmpty }
    }

    /// Lowercased, accents removed, runs of spaces as one: how rules and statement texts
    /// are compared.
    public static func fold(_ text: String) -> String {
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
        let scalars = UnicodeFolding.decomposed(text.lowercased()).unicodeScalars.filter { !(0x300 ... 0x36F).contains($0.value) }
        return String(String.UnicodeScalarView(scalars)).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
