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
        /// Money saved towards (or taken from) a goal held in the budget's wallets.
        case saving(Int)
        /// Card debt no money held, paid at a month's start because the card owed less:
        /// the envelope whose overspending on it last added to it, and the card.
        case cardDebt(Int, card: Int)
    }

    /// One change to ready to assign. There is one per posting no envelope counts, so an
    /// event stays small (32 bytes): its date is a ``Walk/dayKey(_:)``, what it is a tag,
    /// an envelope and a period's start day, its amount units and scale, and where it came
    /// from its entry and posting, made into a location only for a message.
    struct ReadyEvent {
        /// The date as ``Walk/dayKey(_:)``, in the same order as the date.
        let day: Int32
        /// ``Assignment``'s case, its envelope and its period's start (as a day key).
        private let envelope: Int32
        private let periodStart: Int32
        /// The posting within entry `order`, or -1.
        var posting: Int32 = -1
        /// ``amount``'s units; its scale is `scale`.
        private let units: Int64
        /// ``order``, with `Int32.max` for after the day's entries.
        private let entry: Int32
        private let tag: UInt8
        private let scale: UInt8

        var amount: Money { Money(units: units, scale: Int(scale)) }
        /// Within a day: -1 before the day's entries, the entry's index, or after them
        /// (`Int.max`).
        var order: Int { entry == Int32.max ? Int.max : Int(entry) }

        init(date: CivilDate, amount: Money, what: Assignment, order: Int, posting: Int32 = -1) {
            day = Walk.dayKey(date)
            units = amount.units
            scale = UInt8(amount.scale)
            // An entry's index fits in 32 bits (an entry's reading order already does).
            entry = order == Int.max ? Int32.max : Int32(order)
            self.posting = posting
            switch what {
            case .none: (tag, envelope, periodStart) = (0, 0, 0)
            case .filling(let e): (tag, envelope, periodStart) = (1, Int32(truncatingIfNeeded: e), 0)
            case .planning(let e, let start): (tag, envelope, periodStart) = (2, Int32(truncatingIfNeeded: e), Walk.dayKey(start))
            case .unbudgeted: (tag, envelope, periodStart) = (3, 0, 0)
            case .overspending(let e, let start): (tag, envelope, periodStart) = (4, Int32(truncatingIfNeeded: e), Walk.dayKey(start))
            case .saving(let g): (tag, envelope, periodStart) = (5, Int32(truncatingIfNeeded: g), 0)
            case .cardDebt(let e, let card): (tag, envelope, periodStart) = (6, Int32(truncatingIfNeeded: e), Int32(truncatingIfNeeded: card))
            }
        }

        var date: CivilDate { Walk.date(ofDayKey: day) }

        var what: Assignment {
            switch tag {
            case 1: return .filling(Int(envelope))
            case 2: return .planning(Int(envelope), Walk.date(ofDayKey: periodStart))
            case 3: return .unbudgeted
            case 4: return .overspending(Int(envelope), Walk.date(ofDayKey: periodStart))
            case 5: return .saving(Int(envelope))
            case 6: return .cardDebt(Int(envelope), card: Int(periodStart))
            default: return .none
            }
        }

        /// True when this change comes before `other` in the timeline: by date, then order.
        func precedes(_ other: ReadyEvent) -> Bool { (day, entry) < (other.day, other.entry) }
    }

    /// Ready to assign: openings, income and other money that reaches the budget's wallets,
    /// less what was planned and filled and what goals held in them saved, less spending
    /// no envelope counts, plus what a period leaves over without carrying it. Kept day by day for the reports; W0503 when
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
        let goalsInBudget = l.goals.indices.map(goalIsInBudget)
        var nextChange = 0
        // Entries are read in place, field by field: a copy of each would retain its strings.
        for index in entries.indices {
            let date = entries[index].date
            // What an entry saves towards a goal is assigned first: money a goal spends
            // comes back before the spending takes it.
            while nextChange < goalChanges.count && goalChanges[nextChange].entry == index {
                let change = goalChanges[nextChange]
                nextChange += 1
                guard goalsInBudget[change.goal], let value = savedAmount(change, index) else { continue }
                inOrder.append(ReadyEvent(date: date, amount: value.negated, what: .saving(change.goal), order: index))
            }
            if let (wallet, amount) = entries[index].transaction {
                guard budgetWallet[wallet] else { continue }
                let count = entries[index].postingCount
                // Paid by a goal: no envelope counted it, so it comes from ready to assign,
                // which the goal's change above gave it back first.
                let paidByGoal = isPaidByGoal(index)
                // A bank movement with no category yet (I0601) is money come or gone.
                if count == 0, let value = readyAmount(amount, wallet: wallet, index) {
                    inOrder.append(ReadyEvent(date: date, amount: value, what: value.isNegative ? .unbudgeted : .none, order: index))
                }
                for p in 0 ..< count {
                    let posting = entries[index].posting(p)
                    let income = isIncome[posting.category]
                    guard income || paidByGoal || !coverage.isCounted(category: posting.category, wallet: wallet, on: date),
                        let value = readyAmount(posting.amount, wallet: wallet, index, posting: p)
                    else { continue }
                    inOrder.append(ReadyEvent(date: date, amount: value, what: income ? .none : .unbudgeted, order: index, posting: Int32(p)))
                }
                continue
            }
            switch entries[index].kind {
            case .fill(let e, let amount) where holdsPeriod(entries[index]):
                inOrder.append(ReadyEvent(date: date, amount: amount.negated, what: .filling(e), order: index))
            case .transfer(let from, let to, let sent, let received) where budgetWallet[from] != budgetWallet[to]:
                // Money crossing the edge of the budget's wallets comes in or goes.
                let value = budgetWallet[from] ? readyAmount(sent.negated, wallet: from, index) : readyAmount(received, wallet: to, index)
                if let value {
                    inOrder.append(ReadyEvent(date: date, amount: value, what: value.isNegative ? .unbudgeted : .none, order: index))
                }
            default:
                break
            }
        }
        // The two timelines are walked as one, without joining them into a third array.
        readyToAssign = walkReadyToAssign(inOrder, assignmentEvents())
    }

    /// A goal change in the default currency (the goal's currency is its `in` wallet's).
    mutating func savedAmount(_ change: GoalChange, _ index: Int) -> Money? {
        guard let wallet = l.goals[change.goal].wallet else { return change.amount }
        return readyAmount(change.amount, wallet: wallet, index)
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
        var arrivals: [CardDebtArrival] = []
        let first = firstMovement ?? today
        for (w, wallet) in l.wallets.enumerated() where countsInReadyToAssign(wallet) && !wallet.opening.isZero {
            let date = wallet.openingDate ?? first
            // Openings are keyed by negative numbers so that each missing rate is reported once.
            if let value = convert(wallet.opening, from: wallet.currency, at: date, entry: -1 - w, location: wallet.location) {
                events.append(ReadyEvent(date: date, amount: value, what: .none, order: -1))
            }
        }
        for (e, envelope) in l.envelopes.enumerated() where !envelope.coversAll {
            for period in periods[e] {
                if let planned = envelope.planned, !planned.isZero {
                    // A period that began before the budget's first entry is assigned on
                    // that day, after the day's income.
                    events.append(ReadyEvent(date: max(period.start, first), amount: planned.negated, what: .planning(e, period.start), order: Int.max))
                }
                // What a period holds at its end goes back to ready to assign the next day,
                // unless a next period carries it (`rollover unspent` carries none of an
                // overspending): computed here, or one ahead of today that a later look makes
                // (Grammar.md §4, "Looking ahead").
                let carried = envelope.carries(period.available) && envelope.hasPeriod(after: period.start)
                guard !carried, !period.available.isZero, let next = period.end.adding(days: 1) else { continue }
                // Overspending on a card (`rollover unspent`) stays card debt: only the rest
                // is taken (Grammar.md §4, "Credit overspending").
                let cardDebt = envelope.cardDebt(of: period)
                if !cardDebt.isZero {
                    for share in Walk.splitCardDebt(cardDebt, over: cardSpending(e, in: period)) where !share.amount.isZero {
                        arrivals.append(CardDebtArrival(day: Walk.dayKey(next), amount: share.amount, envelope: e, card: share.card))
                    }
                }
                let taken = period.available.adding(cardDebt) ?? period.available
                guard !taken.isZero else { continue }
                events.append(ReadyEvent(date: next, amount: taken, what: taken.isNegative ? .overspending(e, period.start) : .none, order: -1))
            }
        }
        events += cardDebtEvents(arrivals, budgetWallet: l.wallets.map(countsInReadyToAssign))
        events.sort { $0.precedes($1) }
        return events
    }

    /// The running total at the end of each day that changes it, over the changes of `a`
    /// and `b` (each in (date, order) order) merged; reports each dip below zero through
    /// today, once, on the change that made it.
    mutating func walkReadyToAssign(_ a: [ReadyEvent], _ b: [ReadyEvent]) -> [(date: CivilDate, total: Money)] {
        var days: [(date: CivilDate, total: Money)] = []
        var lastDay: Int32?
        let todayKey = Walk.dayKey(today)
        var total = Money.zero
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let event: ReadyEvent
            if j == b.count || (i < a.count && a[i].precedes(b[j])) {
                event = a[i]
                i += 1
            } else {
                event = b[j]
                j += 1
            }
            let wasNegative = total.isNegative
            total = total.adding(event.amount) ?? total
            if lastDay == event.day {
                days[days.count - 1].total = total
            } else {
                days.append((event.date, total))
                lastDay = event.day
            }
            guard total.isNegative && !wasNegative && event.day <= todayKey else { continue }
            reportDip(event, total: total)
        }
        return days
    }

    /// W0503 for an assignment, W0514 for spending that takes ready to assign below zero.
    mutating func reportDip(_ event: ReadyEvent, total: Money) {
        let shown = format(total, l.defaultCurrency)
        var location: SourceLocation {
            switch event.what {
            case .planning(let e, _), .overspending(let e, _), .cardDebt(let e, _): return l.envelopes[e].location
            default:
                let entry = entries[event.order]
                return event.posting >= 0 ? entry.postingLocation(Int(event.posting)) : entry.location
            }
        }
        switch event.what {
        case .none:
            return
        case .saving(let g):
            report(
                .readyToAssignNegative,
                "saving for \(l.goals[g].name) assigns money the wallets do not hold outside envelopes and goals: ready to assign is \(shown) on \(event.date)",
                location, help: "save less, or record the income that pays for it")
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
        case .cardDebt(let e, let card):
            report(
                .unbudgetedSpending,
                "more was paid on \(l.wallets[card].name) than was held for it (\(l.envelopes[e].name) overspent on it): ready to assign pays it, which takes it to \(shown) on \(event.date)",
                location, help: "pay \(SourceWriter.name(l.wallets[card].name)) no more than the envelopes held for it, or assign less")
        }
    }
}
