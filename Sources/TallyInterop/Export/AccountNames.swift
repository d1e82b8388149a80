import Foundation
import TallyCore

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

    /// The names for `model`'s wallets and categories in `format`.
    public init(model: BudgetModel, format: PeerFormat) {
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
        openingBalances = unique("Equity:Opening-Balances")
        wallets = model.wallets.map { wallet in
            let root = wallet.kind == .credit || wallet.kind == .loan ? "Liabilities" : "Assets"
            let leaf = wallet.name.replacingOccurrences(of: ":", with: "-")
            return unique(root + ":" + AccountNames.component(leaf, format: format))
        }
        categories = model.categories.map { category in
            let root = category.isIncome ? "Income" : "Expenses"
            let path = category.name.split(separator: ":", omittingEmptySubsequences: false)
                .map { AccountNames.component(String($0), format: format) }
            return unique(root + ":" + path.joined(separator: ":"))
        }
        // After the categories, so that a category of the same name keeps its own.
        uncategorized = (unique("Expenses:Uncategorized"), unique("Income:Uncategorized"))
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
