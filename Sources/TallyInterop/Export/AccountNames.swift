import TallyCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The peer's account name for every wallet and category of a budget.
///
/// Wallets that hold money are `Assets:NAME`; credit and loan wallets, which are owed,
/// are `Liabilities:NAME`. Categories keep their hierarchy under `Income:` or `Expenses:`.
/// A `:` in a wallet's name becomes `-`, so that a wallet is always a leaf account (a
/// beancount `balance` counts sub-accounts too). Beancount allows fewer characters in a
/// component (a capital letter or digit first, then letters, digits and `-`), so other
/// characters become `-`; two names that come out the same get `-2`, `-3` appended, and
/// the original name is kept as metadata on the account's `open`.
public struct AccountNames: Sendable {
    /// Account name per wallet index.
    public let wallets: [String]
    /// Account name per category index.
    public let categories: [String]
    /// The account opening balances are booked against.
    public let openingBalances: String
    /// The accounts of bank movements that have no category yet (I0601): money out goes
    /// to the first, money in comes from the second.
    public let uncategorized: (spending: String, income: String)

    /// The metadata key on a `wallet`, `income` or `expense` declaration that keeps its
    /// account's name in a peer journal (`account: "assets:bank:giro"`).
    public static let originalKey = "account"
    /// The metadata key on a `wallet` declaration that keeps the peer account its opening
    /// balance came from (`opening-account: "equity:opening balances"`).
    public static let openingKey = "opening-account"
    /// The key of the description of the peer transaction a wallet's opening came from
    /// (`opening-entry: "opening balances"`): the openings of one transaction are
    /// exported as one again.
    public static let openingEntryKey = "opening-entry"
    /// The key of what cost the units a wallet opened with (`opening-cost: "@ 30.00
    /// USD"`, `"@@ 1500.00 USD"`, `"{30.00 USD}"`, `"{{1500.00 USD}}"`: the peer's mark
    /// and amount, in a currency code), which the export writes after the opening amount.
    public static let openingCostKey = "opening-cost"
    /// The keys of the secondary date, status and code of the peer transaction a wallet's
    /// opening came from (`opening-date2: "2004-05-01"`, `opening-status: "cleared"`,
    /// `opening-code: "101"`), written on its first line again.
    public static let openingDetailKeys = ["date2": "opening-date2", "status": "opening-status", "code": "opening-code"]
    /// The key on a wallet that keeps the comment its opening posting had (`opening-note:
    /// "from the old bank"`), written back on that posting.
    public static let openingNoteKey = "opening-note"
    /// The key on a transaction that keeps where the peer had its wallet's posting
    /// (`first`, `last` or a 1-based place), when not where the export puts it
    /// (``JournalExporter/walletFirst(_:)``).
    public static let walletPostingKey = "wallet-posting"
    /// The key on an `assert` that keeps the description of the peer transaction it was
    /// (a posting of zero that only asserts): the export writes that transaction again.
    public static let assertionEntryKey = "entry"
    /// The key on an `assert` that was a posting of zero after the other postings of its
    /// transaction (`zero-posting: last`): the export writes that posting again.
    public static let zeroPostingKey = "zero-posting"
    /// The key on a transfer that is part of the peer transaction of the entry before it
    /// (`continues: "previous"`, Grammar.md §3.11): the export writes them as one again.
    public static let continuesKey = "continues"
    /// The key on a `currency` declaration that keeps how the peer journal wrote it
    /// (`commodity: "$1,000.00"`): the export writes that symbol, side and marks.
    public static let commodityKey = "commodity"
    /// The key on a `wallet`, `income` or `expense` declaration that keeps the place of its
    /// account among the peer journal's account declarations (`declared: 3`): hledger
    /// lists declared accounts in that order, so the export declares them in it again.
    public static let declaredKey = "declared"
    /// The key on an entry whose note was a comment in the peer journal, not part of its
    /// description: `note-from: comment` on the first line, `lines` below it. The export
    /// writes the note there again.
    public static let noteFromKey = "note-from"
    /// The key that keeps a declared account that only groups others (`declared-parent:
    /// "2 expenses"`: its place, a space, its name), on the first declaration below it.
    public static let declaredParentKey = "declared-parent"

    /// The names for `model`'s wallets and categories in `format`; `original` gives the
    /// name a declaration keeps under a key (``originalKey``, ``openingKey``), used when
    /// the peer reads it as the same account (``keeps(_:root:format:)``).
    public init(model: BudgetModel, format: PeerFormat, original: (SourceLocation, String) -> String? = { _, _ in nil }) {
        var taken = Set<String>()
        func unique(_ name: String) -> String {
            var candidate = name
            var n = 2
            while taken.contains(candidate) {
                candidate = name + "-\(n)"
                n += 1
            }
            taken.insert(candidate)
            return candidate
        }
        // The opening balances' account the wallets keep, when they all keep the same one.
        let openings = Set(model.wallets.compactMap { original($0.location, AccountNames.openingKey) })
        if openings.count == 1, let kept = openings.first, AccountNames.keeps(kept, root: "Equity", format: format) {
            taken.insert(kept)
            openingBalances = kept
        } else {
            openingBalances = unique("Equity:Opening-Balances")
        }
        let walletOriginals = model.wallets.map { original($0.location, AccountNames.originalKey) }
        var categoryOriginals = model.categories.map { $0.isImplicit ? nil : original($0.location, AccountNames.originalKey) }
        // An implicit parent (`travel` of `travel:lodging`) is named after a child's kept
        // account (`expenses:travel:lodging` → `expenses:travel`): named from the root
        // instead (`Expenses:travel`), it would be a second account tree beside the
        // journal's.
        for (i, category) in model.categories.enumerated() where category.isImplicit {
            let depth = category.name.split(separator: ":", omittingEmptySubsequences: false).count
            for (j, child) in model.categories.enumerated() where child.name.hasPrefix(category.name + ":") {
                guard let kept = categoryOriginals[j], !model.categories[j].isImplicit else { continue }
                let below = child.name.split(separator: ":", omittingEmptySubsequences: false).count - depth
                let parts = kept.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count > below + 1 {
                    categoryOriginals[i] = parts.dropLast(below).joined(separator: ":")
                    break
                }
            }
        }
        // A wallet stays a leaf account where the peer's balance assertions count the
        // subaccounts (beancount's `balance`; ledger's too): its original is not kept when
        // another account's is below it. hledger's `=` is the account's own balance.
        let allOriginals = (walletOriginals + categoryOriginals).compactMap { $0 }
        func isLeaf(_ name: String) -> Bool { format == .hledger || !allOriginals.contains { $0.hasPrefix(name + ":") } }
        var keptCurrencies: [String: Set<String>] = [:]  // per kept wallet account
        wallets = model.wallets.enumerated().map { i, wallet in
            let root = wallet.kind == .credit || wallet.kind == .loan ? "Liabilities" : "Assets"
            if let kept = walletOriginals[i], isLeaf(kept), AccountNames.keeps(kept, root: root, format: format),
                !taken.contains(kept) || AccountNames.sharesAccount(kept, wallet.currency, keptCurrencies, format: format)
            {
                taken.insert(kept)
                keptCurrencies[kept, default: []].insert(wallet.currency)
                return kept
            }
            let leaf = wallet.name.replacingText(":", with: "-")
            return unique(root + ":" + AccountNames.component(leaf, format: format))
        }
        categories = model.categories.enumerated().map { i, category in
            let root = category.isIncome ? "Income" : "Expenses"
            if let kept = categoryOriginals[i], AccountNames.keeps(kept, root: root, format: format), !taken.contains(kept) {
                taken.insert(kept)
                return kept
            }
            let path = category.name.split(separator: ":", omittingEmptySubsequences: false)
                .map { AccountNames.component(String($0), format: format) }
            return unique(root + ":" + path.joined(separator: ":"))
        }
        // After the categories, so that a category of the same name keeps its own.
        uncategorized = (unique("Expenses:Uncategorized"), unique("Income:Uncategorized"))
    }

    /// The names for `model`'s wallets and categories in `format`, with the peer accounts
    /// the declarations of `budget` (the files `model` was read from) keep.
    public init(model: BudgetModel, budget: Budget?, format: PeerFormat) {
        let source = EntrySource(budget: budget)
        self.init(model: model, format: format, original: source.declaredAccount(_:_:))
    }

    /// Whether a wallet in `currency` that keeps `name`, taken already, is written as that
    /// account too: `tally convert` makes one wallet per commodity of a peer account holding
    /// several (Grammar.md §3.2, "Holdings"), and hledger and ledger keep a balance per
    /// account and commodity, so the wallets come back as the user's one account, each
    /// with its commodity. Only when every wallet already written as `name` has another
    /// currency (otherwise balances would merge), and not in beancount, whose `open`
    /// declares an account once.
    static func sharesAccount(_ name: String, _ currency: String, _ keptCurrencies: [String: Set<String>], format: PeerFormat) -> Bool {
        guard format != .beancount, let currencies = keptCurrencies[name] else { return false }
        return !currency.isEmpty && !currencies.contains(currency) && !currencies.contains("")
    }

    /// Whether `name`, a peer account a declaration keeps, is read by `format` as it was:
    /// hledger and ledger take any name an account can be written with (no two spaces,
    /// tab or `;`, not in brackets); beancount needs its own root for the account's type
    /// (`root`) and each component as it allows.
    static func keeps(_ name: String, root: String, format: PeerFormat) -> Bool {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts.contains(where: \.isEmpty) else { return false }
        switch format {
        case .hledger, .ledger:
            return parts.allSatisfy { component($0, format: format) == $0 }
        case .beancount:
            return parts[0] == root && parts.dropFirst().allSatisfy { component($0, format: .beancount) == $0 }
        }
    }

    /// One component of an account name, in what the peer accepts.
    static func component(_ name: String, format: PeerFormat) -> String {
        switch format {
        case .hledger, .ledger:
            // Two spaces or a tab end an account name in both; brackets and parentheses
            // around it would make the posting virtual.
            var text = ""
            var lastWasSpace = false
            for c in name {
                if c == " " || c == "\t" {
                    if !lastWasSpace { text.append(" ") }
                    lastWasSpace = true
                } else {
                    text.append(c == "(" || c == ")" || c == "[" || c == "]" || c == ";" ? "-" : c)
                    lastWasSpace = false
                }
            }
            text = text.trimmingSpaces()
            return text.isEmpty ? "-" : text
        case .beancount:
            var text = ""
            for c in name {
                let allowed = c == "-" || c.unicodeScalars.allSatisfy(AccountNames.isLetterOrDigit)
                if allowed {
                    text.append(c)
                } else if text.last != "-" {
                    text.append("-")
                }
            }
            while text.hasPrefix("-") { text.removeFirst() }
            while text.hasSuffix("-") && text.count > 1 { text.removeLast() }
            guard let first = text.first else { return "X" }
            let upper = String(first).uppercased()
            if let scalar = upper.unicodeScalars.first, upper.unicodeScalars.count == 1,
                scalar.properties.generalCategory == .uppercaseLetter || scalar.properties.generalCategory == .decimalNumber
            {
                return upper + text.dropFirst()
            }
            return "X" + text
        }
    }

    /// Beancount's letters (`\p{L}`) and decimal digits (`\p{Nd}`).
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
