import TallyCore

/// Stage 1b: one peer account holding several commodities (Grammar.md §3.2, "Holdings").
/// hledger and ledger keep a balance per account and commodity, and their users often
/// buy shares into the account that pays for them (`assets:broker  10 AAPL @ $150`
/// beside `assets:broker  $-1500`). A Tally wallet has one currency, so such an account
/// becomes one wallet per commodity: the cash one (the most used of the commodities not
/// bought at a cost or price in another of the account's) keeps the account; each other
/// commodity's postings, assertions and balances are moved to an account of their own
/// (``heldApartAccount(_:_:)``), which becomes the wallet `broker AAPL`. Every such
/// wallet keeps the user's account as its `account:` metadata, so that `tally export`
/// writes one account with each commodity back.
extension BudgetBuilder {
    /// The separator of a commodity's own account: a control character, which no peer
    /// account name contains, so that it never meets a real account (nor its `:` parents).
    static let heldApartSeparator: Character = "\u{1F}"

    /// The account the postings of `code` in `account` move to.
    static func heldApartAccount(_ account: String, _ code: String) -> String {
        account + String(heldApartSeparator) + code
    }

    /// The peer account `account` stands for: itself, or the account a commodity was
    /// moved out of.
    func peerAccount(_ account: String) -> String {
        heldApart[account]?.account ?? account
    }

    /// Moves the postings, assertions and balances of every wallet account holding more
    /// than one currency-coded commodity to one account per commodity but the cash one.
    mutating func separateCommodities(_ transactions: inout [PeerTransaction]) {
        // Per wallet account: postings per commodity code, and what each code was bought
        // with (the code of its price or cost). An account's name is hashed once per
        // posting, for its number (a look-up per table cost 3 % of a 100k conversion,
        // `Benchmarks/interop_bench.py`, 2026-11-26);
        // a wallet holds few codes, so they are counted in a short list.
        var numbers: [String: Int] = [:]
        var accounts: [(name: String, isWallet: Bool, uses: [(code: String, count: Int)])] = []
        var boughtWith: [String: [(units: String, with: String)]] = [:]
        // Postings are read in place: a copy of each (strings and arrays) would cost more
        // than the look-ups at 100k transactions.
        for t in transactions.indices {
            for i in transactions[t].postings.indices where !transactions[t].postings[i].isVirtual {
                guard let symbol = (transactions[t].postings[i].amount ?? transactions[t].postings[i].assertion)?.commodity, let c = code(symbol) else { continue }
                let account = transactions[t].postings[i].account
                let n: Int
                if let known = numbers[account] {
                    n = known
                } else {
                    n = accounts.count
                    numbers[account] = n
                    accounts.append((account, declaredRole(account) == .wallet, []))  // a role per account, not per posting
                }
                guard accounts[n].isWallet else { continue }
                if let k = accounts[n].uses.firstIndex(where: { $0.code == c }) { accounts[n].uses[k].count += 1 } else { accounts[n].uses.append((c, 1)) }
                if let paid = (transactions[t].postings[i].price ?? transactions[t].postings[i].cost?.amount).flatMap({ code($0.commodity) }) {
                    boughtWith[account, default: []].append((c, paid))
                }
            }
        }
        var cash: [String: String] = [:]
        let operating = Set(content.operatingCurrencies.compactMap(code))
        for (account, _, list) in accounts where list.count > 1 {
            let counts = Dictionary(uniqueKeysWithValues: list)
            // Units are bought with the account's own cash (`10 AAPL @ $150` beside `$-1500`);
            // euros bought with dinars held elsewhere are the account's cash all the same.
            let units = Set((boughtWith[account] ?? []).filter { counts[$0.with] != nil && $0.with != $0.units }.map(\.units))
            let candidates = counts.filter { !units.contains($0.key) }
            let pool = candidates.isEmpty ? counts : candidates
            // The most used; on a tie beancount's operating currency, then the first by name.
            func rank(_ code: String) -> Int { operating.contains(code) ? 1 : 0 }
            cash[account] = pool.max { ($0.value, rank($0.key), $1.key) < ($1.value, rank($1.key), $0.key) }?.key
        }
        guard !cash.isEmpty else { return }
        func moved(_ account: String, _ symbol: String?) -> String? {
            guard let main = cash[account], let symbol, let c = code(symbol), c != main else { return nil }
            let apart = BudgetBuilder.heldApartAccount(account, c)
            heldApart[apart] = (account, c)
            return apart
        }
        for t in transactions.indices {
            for p in transactions[t].postings.indices where !transactions[t].postings[p].isVirtual && cash[transactions[t].postings[p].account] != nil {
                let commodity = (transactions[t].postings[p].amount ?? transactions[t].postings[p].assertion)?.commodity
                if let apart = moved(transactions[t].postings[p].account, commodity) { transactions[t].postings[p].account = apart }
            }
        }
        for b in content.balances.indices {
            if let apart = moved(content.balances[b].account, content.balances[b].amount.commodity) { content.balances[b].account = apart }
        }
    }
}
