import TallySyntax

/// Card debt that no money holds (Grammar.md §4, "Credit overspending"): what `rollover
/// unspent` envelopes overspent on cards, which YNAB leaves as card debt instead of taking
/// it from ready to assign. At each month's end it is at most what the cards owe: when
/// payments or refunds brought their debt below it, ready to assign pays the difference
/// on the next month's first day, as YNAB takes a card payment category overspent by a
/// payment from the next month's Ready to Assign.
extension Walk {
    /// Overspending on cards that stays card debt: `amount`, the day after envelope
    /// `envelope`'s overspent period ended.
    struct CardDebtArrival {
        let day: Int32
        let amount: Money
        let envelope: Int
    }

    /// One change to the cards' debt or to what of it no money holds, or a month's first
    /// day, when the two are compared.
    private struct CardChange {
        let day: Int32
        /// 0 for an opening or an arrival, 1 for a month's check, 2 + the entry's index.
        let rank: Int
        /// Added to what the cards owe (positive: more debt).
        var debt = Money.zero
        var arrival = Money.zero
        var envelope = -1
    }

    /// The changes to ready to assign that bring the card debt no money holds within what
    /// the cards owe at each month's end; sets ``uncoveredCardDebt`` day by day. Nothing
    /// without `arrivals`.
    mutating func cardDebtEvents(_ arrivals: [CardDebtArrival], budgetWallet: [Bool]) -> [ReadyEvent] {
        uncoveredCardDebt = []
        guard !arrivals.isEmpty else { return [] }
        let isCard = l.wallets.indices.map { budgetWallet[$0] && l.wallets[$0].kind == .credit }
        var changes = cardOpenings(isCard)
        changes += arrivals.map { CardChange(day: $0.day, rank: 0, arrival: $0.amount, envelope: $0.envelope) }
        for index in entries.indices {
            var owed = Money.zero
            if let (wallet, amount) = entries[index].transaction, isCard[wallet] {
                guard let value = readyAmount(amount, wallet: wallet, index) else { continue }
                owed = value.negated
            } else if let (from, to, sent, received) = entries[index].transfer, isCard[from] || isCard[to] {
                if isCard[from], let value = readyAmount(sent, wallet: from, index) { owed = owed.adding(value) ?? owed }
                if isCard[to], let value = readyAmount(received, wallet: to, index) { owed = owed.subtracting(value) ?? owed }
            }
            if !owed.isZero { changes.append(CardChange(day: Walk.dayKey(entries[index].date), rank: 2 + index, debt: owed)) }
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
        var debt = Money.zero, uncovered = Money.zero, lastEnvelope = 0
        var events: [ReadyEvent] = []
        for change in changes {
            debt = debt.adding(change.debt) ?? debt
            let before = uncovered
            uncovered = uncovered.adding(change.arrival) ?? uncovered
            if change.envelope >= 0 { lastEnvelope = change.envelope }
            let limit = debt.isNegative ? Money.zero : debt
            if change.rank == 1, limit < uncovered, let paid = uncovered.subtracting(limit) {
                uncovered = limit
                events.append(ReadyEvent(date: Walk.date(ofDayKey: change.day), amount: paid.negated, what: .cardDebt(lastEnvelope), order: -1))
            }
            guard uncovered != before else { continue }
            if uncoveredCardDebt.last.map({ Walk.dayKey($0.date) == change.day }) == true {
                uncoveredCardDebt[uncoveredCardDebt.count - 1].total = uncovered
            } else {
                uncoveredCardDebt.append((Walk.date(ofDayKey: change.day), uncovered))
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
            changes.append(CardChange(day: Walk.dayKey(date), rank: 0, debt: value.negated))
        }
        return changes
    }
}
