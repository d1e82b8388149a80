import TallyCore
import TallySyntax

/// The balance assertions written on postings, kept until every entry is written: one
/// holds at the end of its day only when no later posting of that day moves the wallet.
struct PostingAssertions {
    /// A wallet on a day.
    struct AccountDay: Hashable {
        let account: String
        let date: CivilDate
    }

    /// An assertion as read, with the place of its transaction in reading order.
    struct Assertion {
        let date: CivilDate
        let account: String
        let amount: PeerAmount
        let source: SourceLine
        let order: Int
        /// `==` and `=*` (``PeerPosting/assertsTotal``, ``PeerPosting/assertsSubaccounts``).
        var total = false
        var subaccounts = false
        /// The description of a transaction that only asserts (postings of zero), kept
        /// so that the export writes that transaction again.
        var entry: String?
        /// A posting of zero after the others of its transaction, kept so that the export
        /// writes it again.
        var zeroPosting = false
    }

    var assertions: [Assertion] = []
    /// The days with an assertion: only they need the last posting (a journal has far
    /// fewer of those than postings).
    var assertedDays = Set<AccountDay>()
    /// Per asserted wallet and day, the place of its last posting.
    var lastPosting: [AccountDay: Int] = [:]
}

/// Stages 3 and 4: the dated lines (entries, assertions, balances, rates).
extension BudgetBuilder {
    /// The entries, in date order and reading order (includes in place) within a day,
    /// added to `lines`; `transactions` is emptied (its memory is reused by what follows).
    mutating func writeEntries(
        _ transactions: inout [PeerTransaction], _ accounts: inout AccountPlan,
        into lines: inout [Line]
    ) -> PostingAssertions {
        var checks = PostingAssertions()
        for t in transactions.indices {
            for p in transactions[t].postings.indices where !transactions[t].postings[p].isVirtual && transactions[t].postings[p].assertion != nil {
                let account = transactions[t].postings[p].account
                if role(account) == .wallet { checks.assertedDays.insert(PostingAssertions.AccountDay(account: account, date: transactions[t].date)) }
            }
        }
        if !transactions.indices.dropFirst().allSatisfy({ transactions[$0 - 1].date <= transactions[$0].date }) {
            let sorted = transactions.indices.sorted { (transactions[$0].date, $0) < (transactions[$1].date, $1) }
            transactions = sorted.map { transactions[$0] }
        }
        // By line first: hashing each transaction's file path cost more than the rest.
        let listedBefore = Dictionary(grouping: leftOut.map(\.source), by: \.line).mapValues(Set.init)
        // Each transaction is written where it lies: a copy of each (its strings and
        // postings) cost 2 % of a 100k conversion (`Benchmarks/interop_bench.py`, 2026-11-26).
        for t in transactions.indices { write(transactions[t], listedBefore, &checks, &accounts, into: &lines) }
        transactions = []
        return checks
    }

    /// One transaction's entry, added to `lines`, and the assertions on its postings.
    private mutating func write(
        _ t: PeerTransaction, _ listedBefore: [Int: Set<SourceLine>], _ checks: inout PostingAssertions, _ accounts: inout AccountPlan,
        into lines: inout [Line]
    ) {
        order += 1
        let listed = leftOut.count
        defer { if leftOut.count > listed || listedBefore[t.source.line]?.contains(t.source) == true { place[t.source] = order } }
        let postings = realPostings(t)
        // A transaction of one posting of zero that only asserts is kept with its
        // description (the peers' registers show it).
        let onlyAsserts = postings.count == 1 && postings[0].amount?.number.isZero == true && keepsShapes
        // The assertion first: most postings have none, and a role costs a look-up.
        for i in postings.indices where postings[i].assertion != nil && role(postings[i].account) == .wallet {
            let p = postings[i], assertion = p.assertion!
            checks.assertions.append(
                .init(
                    date: t.date, account: p.account, amount: assertion, source: p.source, order: order,
                    total: p.assertsTotal, subaccounts: p.assertsSubaccounts,
                    entry: onlyAsserts ? [t.payee, t.note].compactMap { $0 }.joined(separator: " | ") : nil,
                    zeroPosting: keepsShapes && p.amount?.number.isZero == true && p.source == postings.last?.source
                        && postings.contains { $0.account == p.account && $0.amount?.number.isZero == false }))
        }
        let merged = BudgetBuilder.merged(postings)
        guard let text = entry(t, merged, &accounts.wallets, accounts.categoryNames) else { return }
        if !checks.assertedDays.isEmpty {
            for p in merged where role(p.account) == .wallet {
                let day = PostingAssertions.AccountDay(account: p.account, date: t.date)
                if checks.assertedDays.contains(day) { checks.lastPosting[day] = order }
            }
        }
        if !text.isEmpty { lines.append(Line(date: t.date, order: order, text: text)) }
    }

    /// The postings that are not virtual; the virtual ones are listed.
    private mutating func realPostings(_ t: PeerTransaction) -> [PeerPosting] {
        guard t.postings.contains(where: \.isVirtual) else { return t.postings }
        var postings: [PeerPosting] = []
        for p in t.postings {
            if p.isVirtual {
                leftOut.append(LeftOut(source: p.source, reason: "a virtual posting (`\(p.account)`)"))
                noteUnconverted(p, t.date, p.source)
            } else {
                postings.append(p)
            }
        }
        return postings
    }

    /// An `assert` line for each assertion on a posting that holds at the end of its day,
    /// in the wallet's currency.
    mutating func addAssertions(_ checks: PostingAssertions, _ wallets: [String: WalletInfo], to lines: inout [Line]) {
        for a in checks.assertions {
            guard let wallet = wallets[a.account], let c = code(a.amount.commodity), c == wallet.currency else {
                leftOut.append(LeftOut(source: a.source, reason: "a balance assertion in a commodity the wallet does not hold"))
                continue
            }
            if a.subaccounts, roles.keys.contains(where: { $0.hasPrefix(a.account + ":") }) {
                leftOut.append(LeftOut(source: a.source, reason: "a balance assertion with its subaccounts (`=*`): a Tally assertion counts one wallet, and `\(a.account)` has subaccounts"))
                continue
            }
            // `==` says the account holds nothing else: a posting left out in any commodity counts.
            if let missing = unconvertedPosting(a.account, a.total ? nil : a.amount.commodity, on: a.date, sameDay: true) {
                leftOut.append(LeftOut(source: a.source, reason: BudgetBuilder.countsUnconverted(missing.source)))
                continue
            }
            if let last = checks.lastPosting[PostingAssertions.AccountDay(account: a.account, date: a.date)], last > a.order {
                leftOut.append(LeftOut(source: a.source, reason: "a balance assertion in the middle of a day (Tally asserts the balance at the end of the day)"))
                continue
            }
            var text = assertLine(a.date, wallet, a.amount.number, c)
            if failsAfterAll(text, a.source) { continue }
            if let entry = a.entry {
                text += "\n    " + SourceWriter.metadata(key: AccountNames.assertionEntryKey, value: SourceWriter.printable(entry))
            } else if a.zeroPosting {
                text += "\n    " + SourceWriter.metadata(key: AccountNames.zeroPostingKey, value: "last")
            }
            lines.append(Line(date: a.date, order: a.order, text: text))
        }
    }

    /// An `assert` line for each beancount `balance`: it checks the start of its day,
    /// Tally's end of the day before. A zero balance before the wallet's first entry
    /// needs no check.
    mutating func addBalances(_ wallets: [String: WalletInfo], to lines: inout [Line]) {
        for b in content.balances {
            guard let wallet = wallets[b.account], let c = code(b.amount.commodity), c == wallet.currency,
                let day = b.date.adding(days: -1)
            else {
                leftOut.append(LeftOut(source: b.source, reason: "a balance of an account that is not a wallet, or in another commodity"))
                continue
            }
            guard let start = wallet.opening?.1 ?? wallet.firstUse, day >= start else {
                if b.amount.number.isZero { continue }  // an empty account before its first entry: nothing to check
                leftOut.append(LeftOut(source: b.source, reason: "a balance before the account's first entry"))
                continue
            }
            if let missing = unconvertedPosting(b.account, b.amount.commodity, on: b.date, sameDay: false) {
                leftOut.append(LeftOut(source: b.source, reason: BudgetBuilder.countsUnconverted(missing.source)))
                continue
            }
            let text = assertLine(day, wallet, b.amount.number, c)
            if failsAfterAll(text, b.source) { continue }
            order += 1
            lines.append(Line(date: day, order: Int.max / 2 + order, text: text))
        }
    }

    /// Whether the `assert` line `text` failed an earlier conversion's check (``ConversionOptions/failingAssertions``):
    /// then it is listed, and kept as a comment.
    private mutating func failsAfterAll(_ text: String, _ source: SourceLine) -> Bool {
        guard !options.failingAssertions.isEmpty, options.failingAssertions.contains(ConversionOptions.collapsed(text)) else { return false }
        leftOut.append(LeftOut(source: source, reason: "a balance assertion that fails in the budget, which lacks lines that were not converted"))
        return true
    }

    /// Why an assertion that counts a posting that was not converted is kept as a comment.
    static func countsUnconverted(_ source: SourceLine) -> String {
        "a balance assertion that counts a transaction not converted (\(KeptAsComments.fileName(source.file)):\(source.line)); it would fail in the budget"
    }

    private mutating func assertLine(_ date: CivilDate, _ wallet: WalletInfo, _ amount: Money, _ code: String) -> String {
        "\(date.iso) assert \(tallyName(wallet.name))  \(BudgetBuilder.amountText(amount, code, wallet.currency))"
    }

    /// The currencies (the one most wallets hold first, then the wallets' in order, then
    /// those of the rates), with a `rate` line for each price between two of them.
    mutating func addRates(_ wallets: [String: WalletInfo], to lines: inout [Line]) -> [String] {
        var currencies: [String] = []
        func use(_ c: String) { if !c.isEmpty && !currencies.contains(c) { currencies.append(c) } }
        let walletCurrencies = wallets.values.map(\.currency)
        // Counted over the wallets that hold money (not investments), when there are any:
        // a brokerage's stocks are no budget's currency.
        let money = wallets.values.filter { $0.kind != .investment }.map(\.currency)
        let byUse = Dictionary((money.isEmpty ? walletCurrencies : money).map { ($0, 1) }, uniquingKeysWith: +)
        // beancount's `operating_currency` is the budget's currency when a wallet holds it.
        if let main = content.operatingCurrencies.lazy.compactMap(code).first(where: { byUse[$0] != nil }) { use(main) }
        if let main = byUse.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key { use(main) }
        for c in walletCurrencies.sorted() { use(c) }
        for c in paidCurrencies.sorted() { use(c) }
        for p in content.prices {
            guard let base = code(p.base), let quote = code(p.quote.commodity), !base.isEmpty, !quote.isEmpty, p.quote.number > .zero else {
                leftOut.append(LeftOut(source: p.source, reason: "a price between commodities that are not currencies"))
                continue
            }
            use(base)
            use(quote)
            order += 1
            lines.append(Line(date: p.date, order: order, text: "\(p.date.iso) rate \(base) \(p.quote.number) \(quote)"))
        }
        return currencies
    }

    /// An amount in a wallet's currency as a number alone, else with its code.
    static func amountText(_ m: Money, _ code: String, _ walletCurrency: String) -> String {
        code == walletCurrency || code.isEmpty ? m.description : "\(m) \(code)"
    }
}
