import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Where something was read: a file and a 1-based line.
public struct SourceLine: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public var description: String { "\(file):\(line)" }
    public static func < (a: SourceLine, b: SourceLine) -> Bool { (a.file, a.line) < (b.file, b.line) }
}

/// Something in a peer's journal that Tally cannot represent, with where it is and why.
public struct LeftOut: Hashable, Sendable {
    public let source: SourceLine
    public let reason: String
    /// True when nothing of the transaction or directive that starts on `source` is in the
    /// budget (no figure, no declaration): `tally export` to the journal's own format may
    /// then write it back as it was. False for a part of something converted (an
    /// opening's metadata, a posting's assertion), which stays a comment everywhere.
    public let isWhole: Bool

    init(source: SourceLine, reason: String, isWhole: Bool = false) {
        self.source = source
        self.reason = reason
        self.isWhole = isWhole
    }
}

/// An amount as a peer writes it: a number and a commodity symbol (possibly empty).
struct PeerAmount: Equatable {
    var number: Money
    var commodity: String
}

/// One posting of a peer transaction.
struct PeerPosting {
    var account: String
    var amount: PeerAmount?
    /// `(account)` or `[account]`.
    var isVirtual = false
    var note: String?
    var tags: [String] = []
    var metadata: [(String, String)] = []
    var source: SourceLine
    /// What few postings have, apart (``Details``): a large journal holds every posting
    /// until its entry is written, and these fields made each twice the size to keep and
    /// to copy. Read and changed through the properties of `PeerPosting+Details.swift`.
    var details: Details?
}

/// One peer transaction.
struct PeerTransaction {
    var date: CivilDate
    var payee: String?
    var note: String?
    /// Where the note was: the description after `|` (nil), the first line's comment
    /// (`comment`), comment lines below it (`lines`), or several of them (`mixed`).
    var notePlace: String?
    var tags: [String] = []
    var metadata: [(String, String)] = []
    var postings: [PeerPosting] = []
    /// Why the transaction cannot be converted as the peer reads it (an amount the peers
    /// read differently, a posting date that cannot be read): it is then listed.
    var problem: String?
    /// True when its peer balances a posting with a cost at the cost (beancount); false
    /// for hledger and ledger, which read a cost apart (``PostingCost``).
    var balancesAtCost = false
    var source: SourceLine
}

/// A periodic transaction (`~ PERIOD  DESCRIPTION` and its postings, hledger and
/// ledger): a budget goal or a recurring transaction, which the builder converts when
/// Tally has the same thing and lists otherwise.
struct PeerPeriodic {
    /// The period expression, as written (`monthly from 2026-01-01`).
    var expression: String
    /// Description, comments and postings; its `date` means nothing.
    var transaction: PeerTransaction
}

/// A balance assertion outside a transaction: beancount `balance`, which holds at the start
/// of its day.
struct PeerBalance {
    var date: CivilDate
    var account: String
    var amount: PeerAmount
    var source: SourceLine
}

/// A beancount `pad`: a transaction from `source` that brings `account` to the amount of
/// its next `balance`, dated the pad's day.
struct PeerPad {
    var date: CivilDate
    var account: String
    var source: String
    var line: SourceLine
    /// How many transactions were read before it: where the padding goes in reading order.
    var position: Int
}

/// A price directive.
struct PeerPrice {
    var date: CivilDate
    var base: String
    var quote: PeerAmount
    var source: SourceLine
}

/// Everything read from a peer's journal files, in file order (includes followed).
struct PeerJournalContent {
    /// Read from hledger or ledger journals, whose shapes `tally export` writes back
    /// (openings in one transaction, the order of postings, assertions of their own).
    var isJournal = false
    /// How hledger and ledger journals write each commodity (beancount's are codes).
    var styles = CommodityStyles()
    var transactions: [PeerTransaction] = []
    var periodics: [PeerPeriodic] = []
    var balances: [PeerBalance] = []
    var prices: [PeerPrice] = []
    var pads: [PeerPad] = []
    var leftOut: [LeftOut] = []
    /// Accounts opened (beancount `open`) or declared (`account`), in order.
    var declaredAccounts: [String] = []
    /// The currencies a beancount `open` allows its account (`open Assets:Bank CHF,EUR`);
    /// an account not here takes any.
    var allowedCommodities: [String: Set<String>] = [:]
    /// beancount's booking method per account (`open Assets:Broker HOOL "FIFO"`) and for
    /// the others (`option "booking_method" "FIFO"`), which ``LotBooking`` follows.
    var bookingMethods: [String: String] = [:]
    var defaultBookingMethod = "STRICT"
    /// The type declarations give an account and its subaccounts: hledger's `type:` tag
    /// on `account`, beancount's `name_*` options (which rename the roots).
    var accountTypes: [String: AccountType] = [:]
    /// Envelopes filled by hand, as budgeting apps keep them (none in a journal).
    var envelopes: [PeerEnvelope] = []
    /// Transactions whose first line could not be read (their postings unknown).
    var unreadTransactions: [SourceLine] = []
    /// beancount's `operating_currency` options, in order: the first is the budget's currency.
    var operatingCurrencies: [String] = []
}

/// An account's type, as a peer declares it.
enum AccountType {
    case asset, liability, equity, revenue, expense

    /// hledger's `type:` value: `A`, `L`, `E`, `R`, `X`, `C` (cash, an asset), `V`
    /// (conversion, equity), or the word (`Asset`, `Liabilities`, …), any case.
    init?(hledger value: String) {
        switch value.lowercased() {
        case "a", "asset", "assets", "c", "cash": self = .asset
        case "l", "liability", "liabilities": self = .liability
        case "e", "equity", "v", "conversion": self = .equity
        case "r", "revenue", "revenues", "income": self = .revenue
        case "x", "expense", "expenses": self = .expense
        default: return nil
        }
    }

    /// hledger's `type:` tag in a comment (`type: L`, `type:Asset`), as written.
    static func tagValue(in comment: Substring) -> String? {
        var rest = comment[...]
        while let range = rest.firstRange(of: "type:") {
            let atWordStart = range.lowerBound == rest.startIndex || " \t,;".contains(rest[rest.index(before: range.lowerBound)])
            rest = rest[range.upperBound...]
            guard atWordStart else { continue }
            let value = rest.drop { $0 == " " }.prefix { $0 != "," && $0 != " " && $0 != "\t" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}

/// Which reader a file needs.
public enum JournalKind: String, Sendable {
    /// hledger or ledger: the two share the syntax Tally reads.
    case ledger
    case beancount

    /// The kind from the extension, else from the content: beancount files have
    /// `YYYY-MM-DD open`/`*` with quoted strings and `option "..."` lines.
    public static func detect(path: String, text: String) -> JournalKind {
        if let format = PeerFormat(extensionOf: path) { return format == .beancount ? .beancount : .ledger }
        for line in text.split(separator: "\n", maxSplits: 400).prefix(400) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.first == "option", words.count > 1, words[1].hasPrefix("\"") { return .beancount }
            if words.count >= 2, CivilDate(iso: String(words[0])) != nil,
                ["open", "close", "balance", "pad", "price", "custom", "commodity", "txn"].contains(String(words[1]))
            {
                return .beancount
            }
        }
        return .ledger
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs. (Foundation's trimming bridges
    /// through NSString, which dominated reading a large journal.)
    var trimmedSpaces: String {
        var start = startIndex, end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return String(self[start ..< end])
    }
}
