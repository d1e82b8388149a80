import TallySyntax

/// Envelope periods, overspending, alerts and overlapping envelopes (ready to assign:
/// `Walk+ReadyToAssign.swift`).
extension Walk {
    /// One change to an envelope: spending (positive spends), a fill, or a move.
    ///
    /// There are a few events per transaction, so an event stays small: where it came
    /// from is kept as indices, and made into a location only for a message.
    struct EnvelopeEvent {
        enum Kind: UInt8 { case spend, fill, moveIn, moveOut }
        let kind: Kind
        /// The date as ``Walk/dayKey(_:)``: four bytes, ordered as an integer.
        let day: Int32
        let amount: Money
        /// The entry (in date order) and, for spending, the posting within it.
        let entry: Int32
        let posting: Int32
    }

    /// A date as one integer in the same order: year, month and day in bit fields.
    static func dayKey(_ date: CivilDate) -> Int32 {
        Int32(truncatingIfNeeded: date.year &<< 9 | date.month &<< 5 | date.day)
    }

    /// The date a ``dayKey(_:)`` was made from.
    static func date(ofDayKey key: Int32) -> CivilDate {
        let k = Int(key)
        return CivilDate(year: k >> 9, month: k >> 5 & 15, day: k & 31)!
    }

    /// Where an event comes from: the posting for spending, the entry otherwise.
    func location(of event: EnvelopeEvent) -> SourceLocation {
        let entry = entries[Int(event.entry)]
        return event.kind == .spend ? entry.postingLocation(Int(event.posting)) : entry.location
    }

    mutating func computeEnvelopes() {
        guard !l.envelopes.isEmpty else { return }
        let walletCount = l.wallets.count
        let (counting, countingStart) = spendingEnvelopes()
        // Whether each wallet's money must be converted, decided once rather than per posting.
        let target = l.defaultCurrency
        let converts = l.wallets.map { $0.currency != target && !$0.currency.isEmpty && !target.isEmpty }
        let firstDate = firstMovement ?? today
        // Periods run to today, or to a future-dated entry, but no further than five years
        // ahead: a typo in a year must not make millions of periods.
        let horizon = today.adding(years: 5) ?? today
        let lastDate = max(today, min(entries.last?.date ?? today, horizon))
        envelopeSpans = l.envelopes.map { envelope in
            let starts = periodStarts(envelope, from: firstDate, through: lastDate)
            return starts.first.flatMap { first in starts.last.map { first ... envelope.period.end(of: $0) } }
        }
        // A local copy of the array (not of its entries), so that reporting may change
        // `self` while the loop reads.
        let entries = self.entries
        // Event lists are sized up front (an upper bound: a failed conversion adds none),
        // rather than grown by doubling through millions of events.
        let counts = eventCounts(entries, counting: counting, countingStart: countingStart)
        var events = [[EnvelopeEvent]](repeating: [], count: l.envelopes.count)
        for e in events.indices { events[e].reserveCapacity(counts[e]) }
        for index in entries.indices {
            let date = entries[index].date
            let day = Walk.dayKey(date)
            if let (wallet, _) = entries[index].transaction {
                // Spending a goal pays is the goal's, not an envelope's.
                if isPaidByGoal(index) { continue }
                for p in 0 ..< entries[index].postingCount {
                    let posting = entries[index].posting(p)
                    let k = posting.category * walletCount + wallet
                    let covering = countingStart[k] ..< countingStart[k + 1]
                    // Converted only for an envelope that counts this wallet: spending in a
                    // wallet no envelope counts needs no rate.
                    guard !covering.isEmpty else { continue }
                    var converted = posting.amount
                    if converts[wallet] {
                        guard
                            let value = convert(
                                posting.amount, from: l.wallets[wallet].currency, at: date,
                                entry: index, location: entries[index].postingLocation(p))
                        else { continue }
                        converted = value
                    }
                    for i in covering {
                        events[counting[i]].append(EnvelopeEvent(kind: .spend, day: day, amount: converted.negated, entry: Int32(index), posting: Int32(p)))
                    }
                }
                continue
            }
            guard holdsPeriod(entries[index]) else {
                reportOutsidePeriods(entries[index])
                continue
            }
            switch entries[index].kind {
            case .fill(let e, let amount):
                events[e].append(EnvelopeEvent(kind: .fill, day: day, amount: amount, entry: Int32(index), posting: -1))
            case .move(let from, let to, let amount):
                events[from].append(EnvelopeEvent(kind: .moveOut, day: day, amount: amount, entry: Int32(index), posting: -1))
                events[to].append(EnvelopeEvent(kind: .moveIn, day: day, amount: amount, entry: Int32(index), posting: -1))
            default:
                break
            }
        }
        for e in l.envelopes.indices {
            computePeriods(e, events: events[e], from: firstDate, through: lastDate)
        }
    }

    /// An upper bound of the number of events of each envelope in `entries`: its
    /// postings' (`counting` and `countingStart`, from ``spendingEnvelopes()``), fills and
    /// moves.
    func eventCounts(_ entries: [Entry], counting: [Int], countingStart: [Int]) -> [Int] {
        let walletCount = l.wallets.count
        var counts = [Int](repeating: 0, count: l.envelopes.count)
        for index in entries.indices {
            if let (wallet, _) = entries[index].transaction {
                if isPaidByGoal(index) { continue }
                for p in 0 ..< entries[index].postingCount {
                    let k = entries[index].posting(p).category * walletCount + wallet
                    for i in countingStart[k] ..< countingStart[k + 1] { counts[counting[i]] += 1 }
                }
                continue
            }
            guard holdsPeriod(entries[index]) else { continue }
            switch entries[index].kind {
            case .fill(let e, _): counts[e] += 1
            case .move(let from, let to, _): counts[from] += 1; counts[to] += 1
            default: break
            }
        }
        return counts
    }

    /// Per category and wallet (`category * walletCount + wallet`): the envelopes its
    /// spending counts for, in envelope order, as the run of `counting` from
    /// `countingStart[k]` to `countingStart[k + 1]`: one flat list, so that a posting
    /// reads its run with no array to retain. Decided once rather than per posting.
    func spendingEnvelopes() -> (counting: [Int], countingStart: [Int]) {
        let walletCount = l.wallets.count
        // Which envelopes cover each category, computed once.
        let coverage: [[Int]] = l.categories.map { category in l.envelopes.indices.filter { l.envelopes[$0].covers(category) } }
        // Whether spending in each wallet counts for each envelope.
        var inScope = [Bool](repeating: false, count: l.envelopes.count * walletCount)
        for (e, envelope) in l.envelopes.enumerated() {
            for w in 0 ..< walletCount { inScope[e * walletCount + w] = envelope.counts(wallet: w, of: l.wallets) }
        }
        var counting: [Int] = []
        var countingStart: [Int] = [0]
        countingStart.reserveCapacity(coverage.count * walletCount + 1)
        for covering in coverage {
            for w in 0 ..< walletCount {
                for e in covering where inScope[e * walletCount + w] { counting.append(e) }
                countingStart.append(counting.count)
            }
        }
        return (counting, countingStart)
    }

    /// False for a fill or move naming an envelope with no period on its date (before its
    /// first or after its last): it counts nowhere, so no money vanishes on one side.
    func holdsPeriod(_ entry: Entry) -> Bool {
        func open(_ e: Int) -> Bool { envelopeSpans[e]?.contains(entry.date) ?? false }
        switch entry.kind {
        case .fill(let e, _): return open(e)
        case .move(let from, let to, _): return open(from) && open(to)
        default: return true
        }
    }

    /// W0515 on a fill or move that ``holdsPeriod(_:)`` leaves out.
    mutating func reportOutsidePeriods(_ entry: Entry) {
        let named: [Int]
        switch entry.kind {
        case .fill(let e, _): named = [e]
        case .move(let from, let to, _): named = [from, to]
        default: return
        }
        guard let e = named.first(where: { !(envelopeSpans[$0]?.contains(entry.date) ?? false) }) else { return }
        let envelope = l.envelopes[e]
        let span = envelopeSpans[e].map { "its periods run from \($0.lowerBound) to \($0.upperBound)" } ?? "it has no period"
        report(
            .envelopeNotInPeriod, "\(envelope.name) has no period on \(entry.date) (\(span)), so this entry counts nowhere",
            entry.location, help: "date it within the envelope's periods, or change the envelope's `from` or `until`",
            notes: [DiagnosticNote(file: envelope.location.file, range: envelope.location.range, message: "the envelope is declared here")])
    }

    /// The first day of the first envelope period's span (see ``Entry/firstMovement(in:)``).
    var firstMovement: CivilDate? { Entry.firstMovement(in: entries) }

    /// The starts of the envelope's periods from the one containing `first` through the one
    /// containing `last` (``Envelope/periodStarts(from:through:weekStart:)``).
    func periodStarts(_ envelope: Envelope, from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        envelope.periodStarts(from: first, through: last, weekStart: l.weekStart)
    }

    mutating func computePeriods(_ e: Int, events: [EnvelopeEvent], from first: CivilDate, through last: CivilDate) {
        let envelope = l.envelopes[e]
        let currency = l.defaultCurrency
        let starts = periodStarts(envelope, from: first, through: last)
        var eventIndex = 0
        var carried = Money.zero
        // Spending on cards is told apart only where it decides something: `rollover
        // unspent`'s overspending on a card stays card debt (Envelope.cardDebt(of:)). A
        // hidden card's is not the budget's debt: it counts as cash.
        let onCredit: [Bool] = envelope.unspentOnly ? l.wallets.map { $0.kind == .credit && $0.holdsBudgetMoney } : []
        for start in starts {
            let end = envelope.period.end(of: start)
            var filled = Money.zero, moved = Money.zero, spent = Money.zero, spentOnCredit = Money.zero
            let startDay = Walk.dayKey(start), endDay = Walk.dayKey(end)
            while eventIndex < events.count && events[eventIndex].day < startDay { eventIndex += 1 }
            // The period's events, kept as a range: the spending is walked again only
            // when the period went over or crossed its alert.
            let first = eventIndex
            while eventIndex < events.count && events[eventIndex].day <= endDay {
                let event = events[eventIndex]
                switch event.kind {
                case .spend:
                    spent = spent.adding(event.amount) ?? spent
                    if !onCredit.isEmpty, let (wallet, _) = entries[Int(event.entry)].transaction, onCredit[wallet] {
                        spentOnCredit = spentOnCredit.adding(event.amount) ?? spentOnCredit
                    }
                case .fill: filled = filled.adding(event.amount) ?? filled
                case .moveIn: moved = moved.adding(event.amount) ?? moved
                case .moveOut: moved = moved.subtracting(event.amount) ?? moved
                }
                eventIndex += 1
            }
            let planned = envelope.planned ?? .zero
            let budget = carried.adding(planned)?.adding(filled)?.adding(moved) ?? planned
            let available = budget.subtracting(spent) ?? budget
            periods[e].append(
                EnvelopeStatus(
                    start: start, end: end, carriedIn: carried, planned: planned, filled: filled,
                    moved: moved, spent: spent, available: available, spentOnCredit: spentOnCredit))
            // The label is made only for a message: most periods need none.
            if available.isNegative {
                let label = envelope.period.label(start)
                // The transaction that tipped it over: the first at which spending so far
                // exceeded what the period holds.
                var running = Money.zero
                for event in events[first ..< eventIndex] where event.kind == .spend {
                    running = running.adding(event.amount) ?? running
                    if budget < running {
                        let over = available.negated
                        report(
                            .envelopeOverspent,
                            "\(envelope.name) is \(format(over, currency)) over for \(label): \(format(spent, currency, code: false)) spent of \(format(budget, currency, code: false))",
                            location(of: event),
                            help: "move money in from another envelope (`move A -> \(SourceWriter.name(envelope.name)) AMOUNT`) or spend less",
                            notes: [DiagnosticNote(file: envelope.location.file, range: envelope.location.range, message: "the envelope is declared here")])
                        break
                    }
                }
            } else if let alert = envelope.alert, !budget.isZero,
                let threshold = budget.multiplied(by: alert, roundedTo: min(l.decimals(of: currency) + 2, Money.maximumScale))?
                    .divided(by: 100, roundedTo: min(l.decimals(of: currency) + 2, Money.maximumScale)),
                !(spent < threshold)
            {
                let label = envelope.period.label(start)
                var running = Money.zero
                for event in events[first ..< eventIndex] where event.kind == .spend {
                    running = running.adding(event.amount) ?? running
                    if !(running < threshold) {
                        report(
                            .envelopeAlert,
                            "\(envelope.name) has reached \(alert)% for \(label): \(format(spent, currency, code: false)) spent of \(format(budget, currency, code: false)) (\(format(available, currency)) left)",
                            location(of: event))
                        break
                    }
                }
            }
            carried = envelope.carries(available) ? available : .zero
        }
    }

    /// Two envelopes budgeting the same category in the same period, per
    /// `option overlapping-envelopes` (default: warn). The global cap (`for *`) overlaps
    /// by design and is left out.
    mutating func checkOverlaps() {
        let severity: Severity
        switch l.overlapPolicy {
        case "allow": return
        case "error": severity = .error
        default: severity = .warning
        }
        let list = l.envelopes
        for b in list.indices where !list[b].coversAll {
            for a in 0 ..< b where !list[a].coversAll {
                guard list[a].wallets.isEmpty || list[b].wallets.isEmpty || !Set(list[a].wallets).isDisjoint(with: list[b].wallets) else { continue }
                // Envelopes whose periods never meet (a date range, `from`, `until`) share nothing.
                guard let spanA = envelopeSpans[a], let spanB = envelopeSpans[b], spanA.overlaps(spanB) else { continue }
                guard
                    let shared = list[b].categories.first(where: { cb in
                        list[a].categories.contains { ca in
                            cb == ca || cb.hasPrefix(ca + ":") || ca.hasPrefix(cb + ":")
                        }
                    })
                else { continue }
                report(
                    .overlappingEnvelopes, "`\(shared)` is budgeted by both \(list[a].name) and \(list[b].name), so its spending counts twice",
                    list[b].location, help: "budget each category in one envelope, or say `option overlapping-envelopes allow`",
                    notes: [DiagnosticNote(file: list[a].location.file, range: list[a].location.range, message: "\(list[a].name) is declared here")],
                    severity: severity)
                break
            }
        }
    }
}
