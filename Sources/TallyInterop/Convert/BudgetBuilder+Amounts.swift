import TallyCore
import TallySyntax

/// Stage 1: every posting's amount, where the journal lets it be worked out.
extension BudgetBuilder {
    /// The transactions, taken out of `content` (so that the changes to them copy
    /// nothing), each with its missing amount worked out, and beancount's padding inserted.
    mutating func completedTransactions() -> [PeerTransaction] {
        var transactions = content.transactions
        content.transactions = []
        // One pass notes the transactions with a posting without an amount: only they have
        // an amount to work out, and each pass over a large journal's postings costs.
        var incomplete: [Int] = []
        LotBooking.book(&transactions, methods: content.bookingMethods, otherwise: content.defaultBookingMethod)
        for t in transactions.indices {
            datePostings(&transactions[t])
            if transactions[t].postings.contains(where: { $0.amount == nil && !$0.isVirtual }) { incomplete.append(t) }
        }
        if !assignBalances(&transactions, incomplete) {
            for t in incomplete where transactions[t].problem == nil { inferMissing(&transactions[t]) }
        }
        if !content.pads.isEmpty { insertPadding(&transactions) }
        return transactions
    }

    /// Beancount's `pad`: the transactions beancount inserts on the pad's day, from the
    /// pad's source account, of what brings the account to its next `balance` in each
    /// commodity that has one before the account's next pad (the balance at the start of
    /// that day): a pad before `balance … 200.00 USD` and `balance … 50.00 CAD` pads
    /// both. Each goes where the pad was read, and is converted as any transaction:
    /// against equity it is the wallet's opening, against a category a transaction.
    mutating func insertPadding(_ transactions: inout [PeerTransaction]) {
        var padding: [(position: Int, transaction: PeerTransaction)] = []
        let pads = content.pads.sorted(by: { ($0.date, $0.position) < ($1.date, $1.position) })
        for (n, pad) in pads.enumerated() {
            let nextPad = pads[(n + 1)...].first { $0.account == pad.account }?.date
            let later = content.balances.filter { balance in
                balance.account == pad.account && balance.date > pad.date && nextPad.map { balance.date <= $0 } ?? true
            }
            guard !later.isEmpty else {
                leftOut.append(LeftOut(source: pad.line, reason: "a `pad` without a later `balance` of its account", isWhole: true))
                continue
            }
            // A commodity the account's `open` does not allow is not padded (beancount refuses
            // that balance too): the balance is listed as not converted.
            let allowed = content.allowedCommodities[pad.account]
            var firstPerCommodity: [String: PeerBalance] = [:]
            for balance in later.sorted(by: { ($0.date, $0.source) < ($1.date, $1.source) })
            where firstPerCommodity[balance.amount.commodity] == nil && allowed.map({ $0.contains(balance.amount.commodity) }) ?? true {
                firstPerCommodity[balance.amount.commodity] = balance
            }
            for balance in firstPerCommodity.values.sorted(by: { ($0.date, $0.source) < ($1.date, $1.source) }) {
                if let t = paddingTransaction(for: pad, to: balance, given: transactions + padding.map(\.transaction)) {
                    padding.append((pad.position, t))
                }
            }
        }
        let inOrder = padding.indices.sorted { (padding[$0].position, $0) < (padding[$1].position, $1) }
        for (offset, i) in inOrder.enumerated() {
            transactions.insert(padding[i].transaction, at: min(padding[i].position + offset, transactions.count))
        }
    }

    /// The transaction that brings `pad`'s account to `balance` in its commodity, nil when
    /// the account is already there.
    private func paddingTransaction(for pad: PeerPad, to balance: PeerBalance, given transactions: [PeerTransaction]) -> PeerTransaction? {
        let commodity = balance.amount.commodity
        var sum = Money.zero
        for t in transactions where t.date < balance.date {
            for p in t.postings where p.account == pad.account && !p.isVirtual {
                if let amount = p.amount, amount.commodity == commodity { sum = sum.adding(amount.number) ?? sum }
            }
        }
        guard let difference = balance.amount.number.adding(sum.negated), !difference.isZero else { return nil }
        var t = PeerTransaction(date: pad.date, source: pad.line)
        t.note = "(Padding inserted for Balance of \(balance.amount.number) \(commodity) for difference \(difference) \(commodity))"
        t.postings = [
            PeerPosting(account: pad.account, amount: PeerAmount(number: difference, commodity: commodity), source: pad.line),
            PeerPosting(account: pad.source, amount: PeerAmount(number: difference.negated, commodity: commodity), source: pad.line)
        ]
        return t
    }

    /// Postings with dates of their own: when every posting falls on one day, the
    /// transaction is dated that day (what the peer's balances say on every date); when
    /// they fall on several days, no Tally entry says the same, and the transaction is
    /// listed. A secondary date is listed, the posting keeping its date.
    mutating func datePostings(_ t: inout PeerTransaction) {
        var dated = false
        for i in t.postings.indices where t.postings[i].date != nil || t.postings[i].hasSecondaryDate {  // not copied
            dated = true
            if t.postings[i].hasSecondaryDate {
                leftOut.append(LeftOut(source: t.postings[i].source, reason: "a secondary posting date (the posting keeps its date, as the peer reads it without --date2 or --effective)"))
            }
        }
        guard dated, t.problem == nil else { return }
        var days = Set<CivilDate>()
        for p in t.postings { days.insert(p.date ?? t.date) }
        if days.count == 1, let day = days.first {
            t.date = day
        } else {
            let list = days.sorted().map(\.iso).joined(separator: ", ")
            t.problem = "a transaction whose postings fall on several dates (\(list)), which one Tally entry cannot hold"
        }
    }

    /// The one posting without an amount takes what balances the others, when they share
    /// one commodity (or their prices say what they are worth in one).
    mutating func inferMissing(_ t: inout PeerTransaction) {
        var missing = -1, missingCount = 0  // counted without an array: most transactions have none
        for i in t.postings.indices where t.postings[i].amount == nil && !t.postings[i].isVirtual {
            missingCount += 1
            if missing < 0 { missing = i }
        }
        guard missingCount == 1 else {
            if missingCount > 1, t.problem == nil { t.problem = "a transaction with more than one posting without an amount" }
            return
        }
        var sums: [String: Money] = [:]
        for p in t.postings where !p.isVirtual && p.amount != nil {
            guard let worth = p.weight(atCost: t.balancesAtCost) else {
                t.problem = "a posting without an amount beside a cost (`{}`) that no one lot held decides (write the cost, or the amount)"
                return
            }
            if p.hasCost, !t.balancesAtCost, p.weight(atCost: true) != worth {
                t.problem = "a posting without an amount beside a cost in braces: ledger balances at the cost, hledger at the price (write the amount)"
                return
            }
            sums[worth.commodity] = (sums[worth.commodity] ?? .zero).adding(worth.number)
        }
        // With several commodities to balance, the posting stands for one posting per
        // commodity, as in hledger and ledger.
        let nonZero = sums.filter { !$0.value.isZero }.sorted { $0.key < $1.key }
        guard !nonZero.isEmpty else {
            t.postings[missing].amount = PeerAmount(number: .zero, commodity: sums.keys.sorted().first ?? "")
            return
        }
        let template = t.postings[missing]
        t.postings.remove(at: missing)
        for (offset, (commodity, sum)) in nonZero.enumerated() {
            var posting = template
            posting.amount = PeerAmount(number: sum.negated, commodity: commodity)
            t.postings.insert(posting, at: missing + offset)
        }
    }

    /// Postings to the same account in the same commodity, without a price, as one: a
    /// posting of zero that only asserts a balance disappears into the account's other.
    static func merged(_ postings: [PeerPosting]) -> [PeerPosting] {
        // Most transactions have nothing to merge and nothing to drop.
        var mergeable = false
        search: for j in postings.indices where postings[j].price == nil {
            guard let commodity = postings[j].amount?.commodity else { continue }
            for i in 0 ..< j where postings[i].price == nil && postings[i].amount?.commodity == commodity && postings[i].account == postings[j].account {
                mergeable = true
                break search
            }
        }
        if !mergeable && !postings.contains(where: { $0.assertion != nil && $0.amount?.number.isZero == true }) { return postings }
        var result: [PeerPosting] = []
        for p in postings {
            if p.price == nil, let a = p.amount,
                let i = result.firstIndex(where: { $0.account == p.account && $0.price == nil && $0.amount?.commodity == a.commodity }),
                let sum = result[i].amount?.number.adding(a.number)
            {
                result[i].amount?.number = sum
                result[i].tags += p.tags
                result[i].metadata += p.metadata
                if result[i].note == nil { result[i].note = p.note }
            } else {
                result.append(p)
            }
        }
        // Only assertions (`0 AAPL = 10 AAPL` and `$0 = $2,542.60` on one account, whose
        // commodities are wallets of their own): all are kept, an entry of nothing.
        if result.allSatisfy({ $0.assertion != nil && $0.amount?.number.isZero == true }) { return result }
        return result.filter { !($0.amount?.number.isZero ?? false) || $0.assertion == nil }
    }
}
