import TallyCore
import TallySyntax

/// The rows of a transaction list as the records the journal converter builds from.
extension TransactionList {
    /// The transactions, transfers (each pair of rows once), Goodbudget's envelopes and
    /// fills, and the lines listed.
    mutating func read() -> PeerJournalContent {
        // A category is an income when most of its rows say so (a refund is an income
        // row in an expense category in Spendee and Wallet).
        var votes: [String: Int] = [:]
        for row in rows where row.kind == .transaction && !row.account.isEmpty { votes[row.category, default: 0] += row.isIncome ? 1 : -1 }
        func categoryAccount(_ name: String) -> String {
            YNABExport.account((votes[name] ?? -1) > 0 ? "Income" : "Expenses", name)
        }
        keepsPeople = Set(rows.map(\.person).filter { !$0.isEmpty }).count > 1
        // Mint marks a card by the payment it receives: a `Credit Card Payment` credit.
        cards = Set(rows.filter { layout.app == .mint && $0.isTransfer && $0.category.lowercased() == "credit card payment" && !$0.amount.number.isNegative }.map(\.account))
        // The envelopes other rows name: a split's parts must name one of them.
        let envelopes = Set(rows.filter { $0.parts.isEmpty && !$0.category.isEmpty }.map(\.category))
        var pending: [Int] = []
        var fills: [String: [(CivilDate, PeerAmount, SourceLine)]] = [:]
        var inSplit = Set<Int>()
        for (i, row) in rows.enumerated() where !inSplit.contains(i) {
            if let parts = splitParts(from: i) {
                addSplit(parts, categoryAccount)
                inSplit.formUnion(parts)
                continue
            }
            if !row.parts.isEmpty {
                addEnvelopeSplit(row, envelopes: envelopes, categoryAccount)
                continue
            }
            if layout.app == .goodbudget && row.account.isEmpty {
                // Money put into (or taken out of) an envelope; `[Unallocated]`'s row is its other side.
                if row.category.isEmpty {
                    content.leftOut.append(LeftOut(source: row.source, reason: "a row with neither an account nor an envelope"))
                } else if row.category != "[Unallocated]" {
                    fills[categoryAccount(row.category), default: []].append((row.date, row.amount, row.source))
                }
                continue
            }
            if row.kind == .opening && !row.account.isEmpty {
                add(row, against: YNABExport.openingAccount)
                continue
            }
            if !row.isTransfer && (row.category.isEmpty || row.account.isEmpty) {
                content.leftOut.append(LeftOut(source: row.source, reason: "a transaction without \(row.account.isEmpty ? "an account" : "a category")"))
                continue
            }
            guard row.isTransfer else {
                add(row, against: categoryAccount(row.category))
                continue
            }
            let wallet = walletAccount(row.account)
            if let j = partner(of: row, in: pending) {
                let other = rows[pending.remove(at: j)]
                var t = transaction(other)
                // Money Manager writes a transfer's memo on both rows, or on one.
                if other.memo.isEmpty && !row.memo.isEmpty { t.metadata.append(("description", row.memo)) }
                // Mint writes each side's bank text: the second one's is kept too.
                if layout.app == .mint && !row.note.isEmpty && row.note != other.note { t.metadata.append(("description", row.note)) }
                t.payee = nil
                t.postings = [
                    PeerPosting(account: walletAccount(other.account), amount: other.amount, source: other.source),
                    PeerPosting(account: wallet, amount: row.amount, source: row.source)
                ]
                content.transactions.append(t)
            } else {
                pending.append(i)
            }
        }
        pairAcrossCurrencies(&pending)
        for i in pending {
            content.leftOut.append(LeftOut(source: rows[i].source, reason: "a transfer whose other side is not in the export"))
        }
        if layout.app == .goodbudget { declareEnvelopes(fills, categoryAccount) }
        openingsFirst()
        if !layout.exportsOpenings && (!content.declaredAccounts.isEmpty || !rows.isEmpty) {
            content.leftOut.append(
                LeftOut(
                    source: SourceLine(file: path, line: 1),
                    reason: "\(layout.app.rawValue)'s export holds no starting balances: each wallet opens at 0; add `opening AMOUNT` to a wallet's line to match the app"))
        }
        return content
    }

    /// The place in `pending` of the other side of the transfer `row` is one side of: a
    /// row of the same day, in another account and the same currency, of the opposite
    /// amount. Of several, the one the rows name as each other's (Monefy's `To 'Cash'`,
    /// Money Manager's category, Actual's payee) is taken first: two transfers of one
    /// amount on one day join the wallets the app shows.
    private func partner(of row: Row, in pending: [Int]) -> Int? {
        let fitting = pending.indices.filter { i in
            let other = rows[pending[i]]
            return other.date == row.date && other.account != row.account && other.amount.commodity == row.amount.commodity
                && other.amount.number == row.amount.number.negated
        }
        let named = fitting.first { i in
            let other = rows[pending[i]]
            return row.counterpart.map { $0 == other.account } != false && other.counterpart.map { $0 == row.account } != false
        }
        return named ?? fitting.first
    }

    /// Goodbudget's envelopes: each expense category its transactions or splits spend
    /// from, with the fills put into it.
    private mutating func declareEnvelopes(_ fills: [String: [(CivilDate, PeerAmount, SourceLine)]], _ categoryAccount: (String) -> String) {
        let spent = rows.filter { !$0.account.isEmpty && $0.kind == .transaction && !$0.isIncome && $0.parts.isEmpty }.map(\.category)
        for name in Set(spent + splitEnvelopes).sorted() {
            let account = categoryAccount(name)
            guard account.hasPrefix("Expenses:") else { continue }
            let source = rows.first { $0.category == name }!.source
            content.envelopes.append(PeerEnvelope(name: name, account: account, fills: (fills[account] ?? []).map { ($0.0, $0.1, $0.2) }, source: source))
            content.declaredAccounts.append(account)
        }
    }

    /// The rows of the split whose first part is `rows[i]` (Actual's `(SPLIT 1 OF n)`),
    /// when all its parts follow it, in one account and day, each with a category; nil
    /// otherwise (its parts are then converted one by one, as Actual's balance has them).
    private func splitParts(from i: Int) -> [Int]? {
        guard let (part, count) = rows[i].split, part == 1, count > 1, i + count <= rows.count else { return nil }
        let parts = Array(i ..< i + count)
        let whole = parts.allSatisfy { j in
            let r = rows[j]
            return r.split.map { $0.0 == j - i + 1 && $0.of == count } == true && r.account == rows[i].account && r.date == rows[i].date
                && r.kind == .transaction && !r.category.isEmpty && r.amount.commodity == rows[i].amount.commodity
        }
        return whole ? parts : nil
    }

    /// A split: one transaction, its total in the wallet, each part in its category with
    /// its note.
    private mutating func addSplit(_ parts: [Int], _ categoryAccount: (String) -> String) {
        let first = rows[parts[0]]
        var total = Money.zero
        var lines: [PeerPosting] = []
        for j in parts {
            let r = rows[j]
            guard let sum = total.adding(r.amount.number) else {
                for k in parts { content.leftOut.append(LeftOut(source: rows[k].source, reason: "a split whose total is too large to compute exactly")) }
                return
            }
            total = sum
            let negated = PeerAmount(number: r.amount.number.negated, commodity: r.amount.commodity)
            lines.append(PeerPosting(account: categoryAccount(r.category), amount: negated, note: r.note.isEmpty ? nil : r.note, source: r.source))
        }
        var t = transaction(first)
        t.note = nil
        t.postings = [PeerPosting(account: walletAccount(first.account), amount: PeerAmount(number: total, commodity: first.amount.commodity), source: first.source)] + lines
        content.transactions.append(t)
    }

    /// `row` in its wallet, its other side in `account` (its category, or the openings').
    private mutating func add(_ row: Row, against account: String) {
        var t = transaction(row)
        t.postings = [
            PeerPosting(account: walletAccount(row.account), amount: row.amount, source: row.source),
            PeerPosting(account: account, amount: PeerAmount(number: row.amount.number.negated, commodity: row.amount.commodity), source: row.source)
        ]
        content.transactions.append(t)
    }

    /// A transfer between currencies: its two rows differ in amount too. They are paired
    /// only when each is the other's one candidate (same day, other account, other
    /// currency, the other sign); the transfer keeps both amounts.
    private mutating func pairAcrossCurrencies(_ pending: inout [Int]) {
        func candidates(_ i: Int) -> [Int] {
            pending.filter { j in
                rows[j].date == rows[i].date && rows[j].account != rows[i].account && rows[j].amount.commodity != rows[i].amount.commodity
                    && rows[j].amount.number.isNegative != rows[i].amount.number.isNegative
            }
        }
        var paired = Set<Int>()
        for i in pending where !paired.contains(i) && rows[i].amount.number.isNegative {
            let found = candidates(i)
            guard found.count == 1, let j = found.first, candidates(j) == [i] else { continue }
            paired.formUnion([i, j])
            var t = transaction(rows[i])
            t.payee = nil
            t.postings = [
                PeerPosting(account: walletAccount(rows[i].account), amount: rows[i].amount, source: rows[i].source),
                PeerPosting(account: walletAccount(rows[j].account), amount: rows[j].amount, source: rows[j].source)
            ]
            content.transactions.append(t)
        }
        pending.removeAll { paired.contains($0) }
    }

    /// An account's opening is its wallet's first movement, whatever the order of the
    /// export's rows (apps write the newest first, an opening after its day's rows).
    private mutating func openingsFirst() {
        let opens = content.transactions.map { $0.postings.contains { $0.account == YNABExport.openingAccount } }
        guard opens.contains(true) else { return }
        let order = content.transactions.indices.sorted { a, b in
            (content.transactions[a].date, opens[a] ? 0 : 1, a) < (content.transactions[b].date, opens[b] ? 0 : 1, b)
        }
        content.transactions = order.map { content.transactions[$0] }
    }

    mutating func walletAccount(_ name: String) -> String {
        let account = YNABExport.account(cards.contains(name) ? "Liabilities" : "Assets", name)
        if !content.declaredAccounts.contains(account) {
            content.declaredAccounts.append(account)
            if cards.contains(name) { content.accountTypes[account] = .liability }
        }
        return account
    }

    func transaction(_ row: Row) -> PeerTransaction {
        var t = PeerTransaction(date: row.date, payee: row.payee.isEmpty ? nil : row.payee, source: row.source)
        if !row.note.isEmpty { t.note = row.note }
        if !row.memo.isEmpty { t.metadata.append(("description", row.memo)) }
        if keepsPeople && !row.person.isEmpty { t.metadata.append(("person", row.person)) }  // `by NAME`
        t.tags = row.labels
        return t
    }
}
