import TallySyntax

/// Ready to assign, day by day, and the diagnostics of its going below zero (Grammar.md
/// §4, "Ready to assign" and "The envelope equation").
extension Walk {
    /// What a change to ready to assign is, described only when it is reported: most
    /// changes are never named.
    enum Assignment {
        /// Money in: an opening, income, a transfer into the budget's wallets.
        case none
        case filling(Int)
        case planning(Int, CivilDate)
        /// Spending no envelope counts, or money leaving the budget's wallets otherwise.
        case unbudgeted
        /// An envelope's overspending for the period starting on the date, not carried.
        case overspending(Int, CivilDate)
    }

    /// One change to ready to assign. There is one per posting no envelope counts, so an
    /// event stays small: where it came from is its entry and posting, made into a
    /// location only for a message.
    struct ReadyEvent {
        let date: CivilDate
        let amount: Money
        let what: Assignment
        /// Within a day: -1 before the day's entries, the entry's index, or after them.
        let order: Int
        /// The posting within entry `order`, or -1.
        var posting: Int32 = -1
    }

    /// Ready to assign: openings, income and other money that reaches the budget's wallets,
    /// less what was planned and filled, less spending no envelope counts, plus what a
    /// period leaves over without carrying it. Kept day by day for the reports; W0503 when
    /// an assignment takes it below zero, W0514 when unbudgeted spending does.
    mutating func checkReadyToAssign() {
        guard l.envelopes.contains(where: { !$0.coversAll }) else { return }
        let budgetWallet = l.wallets.map(countsInReadyToAssign)
        let isIncome = l.categories.map(\.isIncome)
        let entries = self.entries
        // A budget that records no income keeps limits only: there is nothing it assigns from.
        let hasIncome = entries.contains { entry in
            guard let (wallet, _) = entry.transaction, !l.wallets[wallet].hidden else { return false }
            return (0 ..< entry.postingCount).contains { isIncome[entry.posting($0).category] }
        }
        guard hasIncome else { return }
        let coverage = EnvelopeCoverage(envelopes: l.envelopes, categories: l.categories, wallets: l.wallets, periods: periods)
        var inOrder: [ReadyEvent] = []
        inOrder.reserveCapacity(entries.count)
        for index in entries.indices {
            let entry = entries[index]
            if let (wallet, amount) = entry.transaction {
                guard budgetWallet[wallet] else { continue }
                // A bank movement with no category yet (I0601) is money come or gone.
                if entry.postingCount == 0, let value = readyAmount(amount, wallet: wallet, index) {
                    inOrder.append(ReadyEvent(date: entry.date, amount: value, what: value.isNegative ? .unbudgeted : .none, order: index))
                }
                for p in 0 ..< entry.postingCount {
                    let posting = entry.posting(p)
                    let income = isIncome[posting.category]
                    guard income || !coverage.isCounted(category: posting.category, wallet: wallet, on: entry.date),
                        let value = readyAmount(posting.amount, wallet: wallet, index, posting: p)
                    else { continue }
                    inOrder.append(ReadyEvent(date: entry.date, amount: value, what: income ? .none : .unbudgeted, order: index, posting: Int32(p)))
                }
                continue
            }
            switch entry.kind {
            case .fill(let e, let amount) where holdsPeriod(entry):
                inOrder.append(ReadyEvent(date: entry.date, amount: amount.negated, what: .filling(e), order: index))
            case .transfer(let from, let to, let sent, let received) where budgetWallet[from] != budgetWallet[to]:
                // Money crossing the edge of the budget's wallets comes in or goes.
                let value = budgetWallet[from] ? readyAmount(sent.negated, wallet: from, index) : readyAmount(received, wallet: to, index)
                if let value {
                    inOrder.append(ReadyEvent(date: entry.date, amount: value, what: value.isNegative ? .unbudgeted : .none, order: index))
                }
            default:
                break
            }
        }
        let timeline = merged(inOrder, assignmentEvents())
        readyToAssign = walkReadyToAssign(timeline)
    }

    /// Whether `wallet`'s money counts in ready to assign (``Wallet/countsInReadyToAssign``),
    /// with the rates the walk collected.
    func countsInReadyToAssign(_ wallet: Wallet) -> Bool {
        let target = l.defaultCurrency
        return wallet.countsInReadyToAssign(defaultCurrency: target) { rates[$0 + "/" + target] != nil }
    }

    /// `amount`, in wallet `wallet`'s currency, in the default currency at entry `index`'s
    /// date; nil (with E0412, once per entry) without a rate.
    mutating func readyAmount(_ amount: Money, wallet: Int, _ index: Int, posting: Int? = nil) -> Money? {
        let currency = l.wallets[wallet].currency
        // Most amounts are in the default currency: no location is made for them.
        if currency == l.defaultCurrency || currency.isEmpty || l.defaultCurrency.isEmpty { return amount }
        let entry = entries[index]
        let location = posting.map { entry.postingLocation($0) } ?? entry.location
        return convert(amount, from: l.wallets[wallet].currency, at: entry.date, entry: index, location: location)
    }

    /// The changes not made by one entry: openings, each period's planned amount, and
    /// what each period leaves over (or overspent) without carrying it into a next one.
    mutating func assignmentEvents() -> [ReadyEvent] {
        var events: [ReadyEvent] = []
        let first = firstMovement ?? today
        for (w, wallet) in l.wallets.enumerated() where countsInReadyToAssign(wallet) && !wallet.opening.isZero {
            let date = wallet.openingDate ?? first
            // Openings are keyed by negative numbers so that each missing rate is reported once.
            if let value = convert(wallet.opening, from: wallet.currency, at: date, entry: -1 - w, location: wallet.location) {
                events.append(ReadyEvent(date: date, amount: value, what: .none, order: -1))
            }
        }
        for (e, envelope) in l.envelopes.enumerated() where !envelope.coversAll {
            let list = periods[e]
            for (i, period) in list.enumerated() {
                if let planned = envelope.planned, !planned.isZero {
                    // A period that began before the budget's first entry is assigned on
                    // that day, after the day's income.
                    events.append(ReadyEvent(date: max(period.start, first), amount: planned.negated, what: .planning(e, period.start), order: Int.max))
                }
                // What a period holds at its end goes back to ready to assign the next day,
                // unless it is carried into the next period.
                let carried = envelope.rollover && i + 1 < list.count
                guard !carried, !period.available.isZero, let next = period.end.adding(days: 1) else { continue }
                events.append(
                    ReadyEvent(date: next, amount: period.available, what: period.available.isNegative ? .overspending(e, period.start) : .none, order: -1))
            }
        }
        events.sort { ($0.date, $0.order) < ($1.date, $1.order) }
        return events
    }

    /// Two event lists, each in (date, order) order, as one.
    func merged(_ a: [ReadyEvent], _ b: [ReadyEvent]) -> [ReadyEvent] {
        var result: [ReadyEvent] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && (a[i].date, a[i].order) < (b[j].date, b[j].order)) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }

    /// The running total at the end of each day that changes it; reports each dip below
    /// zero through today, once, on the change that made it.
    mutating func walkReadyToAssign(_ events: [ReadyEvent]) -> [(date: CivilDate, total: Money)] {
        var days: [(date: CivilDate, total: Money)] = []
        var total = Money.zero
        for event in events {
            let wasNegative = total.isNegative
            total = total.adding(event.amount) ?? total
            if days.last?.date == event.date { days[days.count - 1].total = total } else { days.append((event.date, total)) }
            guard total.isNegative && !wasNegative && event.date <= today else { continue }
            reportDip(event, total: total)
        }
        return days
    }

    /// W0503 for an assignment, W0514 for spending that takes ready to assign below zero.
    mutating func reportDip(_ event: ReadyEvent, total: Money) {
        let shown = format(total, l.defaultCurrency)
        var location: SourceLocation {
            switch event.what {
            case .planning(let e, _), .overspending(let e, _): return l.envelopes[e].location
            default:
                let entry = entries[event.order]
                return event.posting >= 0 ? entry.postingLocation(Int(event.posting)) : entry.location
            }
        }
        switch event.what {
        case .none:
            return
        case .filling(let e), .planning(let e, _):
            var what = "filling \(l.envelopes[e].name)"
            if case .planning(_, let start) = event.what { what = "planning \(l.envelopes[e].name) for \(l.envelopes[e].period.label(start))" }
            report(
                .readyToAssignNegative,
                "\(what) assigns money the wallets do not hold outside envelopes: ready to assign is \(shown) on \(event.date)",
                location, help: "assign less, or record the income that pays for it")
        case .unbudgeted:
            report(
                .unbudgetedSpending,
                "this spending is in no envelope, so it comes from ready to assign, which it takes to \(shown) on \(event.date): money assigned to envelopes is spent",
                location, help: "budget the category in an envelope and move money in, or assign less")
        case .overspending(let e, let start):
            let envelope = l.envelopes[e]
            report(
                .unbudgetedSpending,
                "\(envelope.name)'s overspending for \(envelope.period.label(start)) comes from ready to assign, which it takes to \(shown) on \(event.date)",
                location, help: "move money into \(SourceWriter.name(envelope.name)) from another envelope, or give it `rollover`")
        }
    }
}
