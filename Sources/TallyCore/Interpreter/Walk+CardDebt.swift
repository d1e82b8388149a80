import TallySyntax

/// Card debt that no money holds (Grammar.md §4, "Credit overspending"): what `rollover
/// unspent` envelopes overspent on cards, which YNAB leaves as card debt instead of taking
/// it from ready to assign. Each card is weighed on its own, as YNAB gives each card its
/// payment category: a period's card debt falls on the cards its spending was on
/// (``splitCardDebt(_:over:)``), and at each month's end a card's is at most what that
/// card owes: when payments or refunds brought its debt below it, ready to assign pays the
/// difference on the next month's first day, as YNAB takes a card payment category
/// overspent by a payment from the next month's Ready to Assign.
extension Walk {
    /// Overspending on card `card` that stays card debt: `amount`, the day after envelope
    /// `envelope`'s overspent period ended.
    struct CardDebtArrival {
        let day: Int32
        let amount: Money
        let envelope: Int
        let card: Int
    }

    /// The card debt `total` of one period, by card: of `spending` (the period's spending
    /// on cards in date and file order, positive for money spent, a refund negative), the
    /// last spending bears it first, back to the first, as YNAB funds each purchase from
    /// what the category holds when it is made, so that the purchases made after the
    /// money ran out are the ones no money holds. A refund takes back its card's spending
    /// before it first. Cards in order of their first spending; what no spending bears
    /// (never when `total` is the period's ``Envelope/cardDebt(of:)``) falls on the last.
    static func splitCardDebt(_ total: Money, over spending: [(card: Int, amount: Money)]) -> [(card: Int, amount: Money)] {
        var shares: [(card: Int, amount: Money)] = []
        for item in spending where !shares.contains(where: { $0.card == item.card }) { shares.append((item.card, .zero)) }
        guard !total.isZero, let lastCard = spending.last?.card else { return shares }
        var left = total
        var refunded: [Int: Money] = [:]
        for item in spending.reversed() where Money.zero < left {
            guard Money.zero < item.amount else {
                refunded[item.card] = (refunded[item.card] ?? .zero).subtracting(item.amount)
                continue
            }
            let back = min(item.amount, refunded[item.card] ?? .zero)
            refunded[item.card] = (refunded[item.card] ?? .zero).subtracting(back)
            guard let bare = item.amount.subtracting(back), Money.zero < bare else { continue }
            let share = min(bare, left)
            left = left.subtracting(share) ?? .zero
            if let i = shares.firstIndex(where: { $0.card == item.card }) { shares[i].amount = shares[i].amount.adding(share) ?? shares[i].amount }
        }
        if Money.zero < left, let i = shares.firstIndex(where: { $0.card == lastCard }) {
            shares[i].amount = shares[i].amount.adding(left) ?? shares[i].amount
        }
        return shares
    }

    /// Envelope `e`'s spending on the budget's credit wallets (not hidden) in `period`,
    /// in date and file order, in the default currency: what ``splitCardDebt(_:over:)``
    /// splits. Walked again only for a period that left card debt.
    mutating func cardSpending(_ e: Int, in period: EnvelopeStatus) -> [(card: Int, amount: Money)] {
        let envelope = l.envelopes[e]
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date < period.start { low = mid + 1 } else { high = mid }
        }
        var spending: [(card: Int, amount: Money)] = []
        for index in low ..< entries.count {
            guard entries[index].date <= period.end else { break }
            guard let (wallet, _) = entries[index].transaction, l.wallets[wallet].kind == .credit, l.wallets[wallet].holdsBudgetMoney,
                !isPaidByGoal(index)
            else { continue }
            for p in 0 ..< entries[index].postingCount {
                let posting = entries[index].posting(p)
                guard envelope.countsSpending(in: l.categories[posting.category], from: wallet, of: l.wallets),
                    let value = readyAmount(posting.amount, wallet: wallet, index, posting: p)
                else { continue }
                spending.append((wallet, value.negated))
            }
        }
        return spending
    }

    /// One change to a card's debt or to what of it no money holds, or a month's first
    /// day, when the two are compared.
    private struct CardChange {
        let day: Int32
        /// 0 for an opening or an arrival, 1 for a month's check, 2 + the entry's index.
        let rank: Int
        /// The wallet whose debt changes (-1 for a check).
        var card = -1
        /// Added to what the card owes (positive: more debt).
        var debt = Money.zero
        var arrival = Money.zero
        var envelope = -1
    }

    /// The changes to ready to assign that bring each card's debt no money holds within
    /// what that card owes at each month's end; sets ``uncoveredCardDebt`` day by day and
    /// card by card. Nothing without `arrivals`.
    mutating func cardDebtEvents(_ arrivals: [CardDebtArrival], budgetWallet: [Bool]) -> [ReadyEvent] {
        uncoveredCardDebt = []
        guard !arrivals.isEmpty else { return [] }
        let isCard = l.wallets.indices.map { budgetWallet[$0] && l.wallets[$0].kind == .credit }
        var changes = cardOpenings(isCard)
        changes += arrivals.map { CardChange(day: $0.day, rank: 0, card: $0.card, arrival: $0.amount, envelope: $0.envelope) }
        for index in entries.indices {
            if let (wallet, amount) = entries[index].transaction, isCard[wallet] {
                guard let value = readyAmount(amount, wallet: wallet, index), !value.isZero else { continue }
                changes.append(CardChange(day: Walk.dayKey(entries[index].date), rank: 2 + index, card: wallet, debt: value.negated))
            } else if let (from, to, sent, received) = entries[index].transfer, isCard[from] || isCard[to] {
                // A transfer between two cards moves debt from one to the other.
                if isCard[from], let value = readyAmount(sent, wallet: from, index) {
                    changes.append(CardChange(day: Walk.dayKey(entries[index].date), rank: 2 + index, card: from, debt: value))
                }
                if isCard[to], let value = readyAmount(received, wallet: to, index) {
                    changes.append(CardChange(day: Walk.dayKey(entries[index].date), rank: 2 + index, card: to, debt: value.negated))
                }
            }
        }
        // Each change's month ends with a check on the next month's first day; an arrival
        // on a first day is checked that day, after it.
        var checks = Set<Int32>()
        for change in changes {
            let date = Walk.date(ofDayKey: change.day)
            if change.rank == 0 && date.day == 1 { checks.insert(change.day) }
            if let next = CivilDate(year: date.year, month: date.month, day: 1)?.adding(months: 1) { checks.insert(Walk.dayKey(next)) }
        }
        changes += checks.map { CardChange(day: $0, rank: 1) }
        changes.sort { ($0.day, $0.rank) < ($1.day, $1.rank) }
        return walkCardChanges(changes)
    }

    /// Walks `changes` (in day and rank order), card by card: at each check, ready to
    /// assign pays what a card's debt no money holds exceeds what the card owes.
    private mutating func walkCardChanges(_ changes: [CardChange]) -> [ReadyEvent] {
        var debt = [Money](repeating: .zero, count: l.wallets.count), uncovered = debt
        var lastEnvelope = [Int](repeating: 0, count: l.wallets.count)
        var events: [ReadyEvent] = []
        func record(_ day: Int32, _ card: Int) {
            if let last = uncoveredCardDebt.lastIndex(where: { $0.card == card }), Walk.dayKey(uncoveredCardDebt[last].date) == day {
                uncoveredCardDebt[last].total = uncovered[card]
            } else {
                uncoveredCardDebt.append((Walk.date(ofDayKey: day), card, uncovered[card]))
            }
        }
        for change in changes {
            guard change.rank == 1 else {
                let c = change.card
                debt[c] = debt[c].adding(change.debt) ?? debt[c]
                if change.envelope >= 0 { lastEnvelope[c] = change.envelope }
                guard !change.arrival.isZero else { continue }
                uncovered[c] = uncovered[c].adding(change.arrival) ?? uncovered[c]
                record(change.day, c)
                continue
            }
            for c in uncovered.indices where Money.zero < uncovered[c] {
                let limit = debt[c].isNegative ? Money.zero : debt[c]
                guard limit < uncovered[c], let paid = uncovered[c].subtracting(limit) else { continue }
                uncovered[c] = limit
                events.append(ReadyEvent(date: Walk.date(ofDayKey: change.day), amount: paid.negated, what: .cardDebt(lastEnvelope[c], card: c), order: -1))
                record(change.day, c)
            }
        }
        return events
    }

    /// What the cards owe from their openings (a negative opening is debt), each on its
    /// opening's day (the first movement's when undated).
    private mutating func cardOpenings(_ isCard: [Bool]) -> [CardChange] {
        let first = firstMovement ?? today
        var changes: [CardChange] = []
        for (w, wallet) in l.wallets.enumerated() where isCard[w] && !wallet.opening.isZero {
            let date = wallet.openingDate ?? first
            // Keyed as ``assignmentEvents()`` keys openings, so that a missing rate is reported once.
            guard let value = convert(wallet.opening, from: wallet.currency, at: date, entry: -1 - w, location: wallet.location) else { continue }
            changes.append(CardChange(day: Walk.dayKey(date), rank: 0, card: w, debt: value.negated))
        }
        return changes
    }
}
