import TallyCore
import TallySyntax

/// Stage 3, continued: a transaction that moves several wallets and categories at once —
/// a paycheck into checking and a retirement account, with taxes and benefits; a bill
/// paid from two cards (Grammar.md §3.11, "Several wallets at once").
extension BudgetBuilder {
    /// Per currency: a transaction on the wallet that moves most (a split with every
    /// category of that currency, or one category), then a transfer between that wallet
    /// and each other wallet of the currency, all on the day and under the payee. Each
    /// wallet's balance at the end of the day and each category's total are the peer's;
    /// a category's spending is booked on the one wallet (what `in WALLET` counts).
    /// Every currency's part must balance on its own: prices between them are listed.
    mutating func severalWallets(_ head: EntryHead, _ sorted: SortedPostings) throws(NotConverted) -> String {
        var currencies: [String] = []
        for (_, w) in sorted.wallets where !currencies.contains(w.currency) { currencies.append(w.currency) }
        guard sorted.categories.allSatisfy({ currencies.contains(code($0.posting.amount.commodity) ?? "") }) else {
            throw NotConverted("a transaction that moves several wallets and categories, with a category in a currency none of its wallets holds")
        }
        var parts: [String] = []
        var local = head
        // The parts after the first continue it (one currency: the export joins them again).
        let continued = keepsShapes && currencies.count == 1 ? ["    " + SourceWriter.metadata(key: AccountNames.continuesKey, value: "previous")] : []
        for c in currencies {
            let wallets = sorted.wallets.filter { $0.wallet.currency == c }
            let categories = sorted.categories.filter { code($0.posting.amount.commodity) == c }
            var total = Money.zero, spent = Money.zero
            for p in wallets.map(\.posting) + categories.map(\.posting) {
                guard p.price == nil, let sum = total.adding(p.number) else {
                    throw NotConverted("a transaction that moves several wallets and categories, with a price between its currencies")
                }
                total = sum
            }
            for (p, _) in categories { spent = spent.adding(p.number) ?? spent }
            guard total.isZero else { throw NotConverted("a transaction that moves several wallets and categories whose part in \(c) does not balance") }
            // The wallet that moves most takes the categories.
            guard let main = wallets.max(by: { $0.posting.number.magnitude < $1.posting.number.magnitude }) else { continue }
            // Its posting's details go on the first part it is in, once.
            var mainDetailsKept = false
            if !categories.isEmpty {
                var moved = main.posting.posting
                moved.amount?.number = spent.negated
                // The first part: the main posting's details go here.
                guard let known = KnownPosting(moved) else { continue }
                mainDetailsKept = true
                parts.append(try transaction(local, SortedPostings(wallets: [(posting: known, wallet: main.wallet)], categories: categories)))
                local.metadata = continued
            }
            for other in wallets where other.posting.account != main.posting.account {
                guard !other.posting.number.isZero else { continue }
                var counter = main.posting.posting
                counter.amount?.number = other.posting.number.negated
                guard let known = mainDetailsKept ? main.posting.bare(other.posting.number.negated) : KnownPosting(counter) else { continue }
                mainDetailsKept = true
                parts.append(try transfer(local, SortedPostings(wallets: [other, (posting: known, wallet: main.wallet)])))
                local.metadata = continued
            }
        }
        guard !parts.isEmpty else { throw NotConverted("a transaction that moves several wallets and categories at once") }
        return parts.joined(separator: "\n")
    }
}

extension Money {
    /// The amount without its sign.
    var magnitude: Money { isNegative ? negated : self }
}
