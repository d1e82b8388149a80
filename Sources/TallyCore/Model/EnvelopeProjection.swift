import TallySyntax

extension Envelope {
    /// The starts of the envelope's periods from the one containing `first` through the
    /// one containing `last`. `from` and `until` narrow them: the first period is the one
    /// containing `from`, the last the one containing `until` (a date range is kept when
    /// it meets them). The interpreter's periods and the model's periods ahead of them
    /// (``BudgetModel/periodsAhead(_:through:)``) are both made by it.
    func periodStarts(from first: CivilDate, through last: CivilDate, weekStart: Weekday) -> [CivilDate] {
        if case .range(let a, let b) = period {
            if let from, b < from { return [] }
            if let until, until < a { return [] }
            return [a]
        }
        let last = until.map { min($0, last) } ?? last
        guard var start = period.start(of: from.map { max($0, first) } ?? first, weekStart: weekStart) else { return [] }
        var starts: [CivilDate] = []
        while start <= last {
            starts.append(start)
            guard let next = period.next(after: start) else { break }
            start = next
        }
        return starts
    }

    /// Whether a period follows the one starting on `start`: false for a date range and
    /// past `until`. What a rollover envelope holds at the end of such a period is carried
    /// into the next one, however far ahead the interpreter computed.
    func hasPeriod(after start: CivilDate) -> Bool {
        if case .range = period { return false }
        guard let next = period.next(after: start) else { return false }
        return until.map { next <= $0 } ?? true
    }
}

/// Any date, the same figures (Grammar.md §4, "Looking ahead"): the interpreter computes
/// envelope periods through today (or the last entry), and a report may ask for a later
/// day. The periods after the computed ones hold no entry, so they are made here as that
/// day will make them when it comes: planned, carried by rollover, nothing spent; and
/// ready to assign gives up each one's plan and takes back what one does not carry.
extension BudgetModel {
    /// Envelope `e`'s periods after the interpreter's last one that begin on or before
    /// `date`, with no entry in them. For a budget where no money has moved yet, the
    /// periods begin on the day looked at, as they would were it today.
    func periodsAhead(_ e: Int, through date: CivilDate) -> [EnvelopeStatus] {
        let envelope = envelopes[e]
        let stored = envelopePeriods[e]
        // Most looks are within the computed periods.
        if let last = stored.last, date <= last.end { return [] }
        var carried = Money.zero
        let starts: [CivilDate]
        if let first = Entry.firstMovement(in: entries) {
            if let last = stored.last {
                guard last.end < date, envelope.hasPeriod(after: last.start), let next = envelope.period.next(after: last.start) else { return [] }
                starts = envelope.periodStarts(from: next, through: date, weekStart: weekStart)
                if envelope.carries(last.available) { carried = last.available }
            } else {
                starts = envelope.periodStarts(from: first, through: date, weekStart: weekStart)
            }
        } else {
            guard today < date else { return [] }
            starts = envelope.periodStarts(from: date, through: date, weekStart: weekStart)
        }
        let planned = envelope.planned ?? .zero
        return starts.map { start in
            let available = carried.adding(planned) ?? planned
            let status = EnvelopeStatus(
                start: start, end: envelope.period.end(of: start), carriedIn: carried, planned: planned, filled: .zero,
                moved: .zero, spent: .zero, available: available)
            carried = envelope.carries(available) ? available : .zero
            return status
        }
    }

    /// Envelope `e`'s periods through the one containing `date`: the interpreter's and
    /// those ahead of them.
    func periods(_ e: Int, through date: CivilDate) -> [EnvelopeStatus] {
        let ahead = periodsAhead(e, through: date)
        if ahead.isEmpty { return envelopePeriods[e] }
        return Entry.firstMovement(in: entries) == nil ? ahead : envelopePeriods[e] + ahead
    }

    /// What the periods ahead (``periodsAhead(_:through:)``) change in ready to assign
    /// through the end of `date`: each one's plan given, and what one holds at its end
    /// taken back the next day unless a next period carries it.
    func readyToAssignAhead(through date: CivilDate) -> Money {
        var change = Money.zero
        for e in envelopes.indices where !envelopes[e].coversAll {
            let envelope = envelopes[e]
            for period in periodsAhead(e, through: date) {
                change = change.subtracting(period.planned) ?? change
                let carried = envelope.carries(period.available) && envelope.hasPeriod(after: period.start)
                guard !carried, let next = period.end.adding(days: 1), next <= date else { continue }
                change = change.adding(period.available) ?? change
            }
        }
        return change
    }
}
