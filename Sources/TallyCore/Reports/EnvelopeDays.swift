import TallySyntax

/// One day of an envelope's period: what was spent that day and so far.
public struct EnvelopeDay: Sendable, Equatable {
    public let date: CivilDate
    /// Spent on the day (refunds taken off), in the default currency.
    public let spent: Money
    /// Spent from the start of the period through the day.
    public let spentSoFar: Money
}

extension BudgetModel {
    /// Spending per day across the period of envelope `e` that contains `date`, from the
    /// period's first day through `date` (or the period's end, if earlier). Spending is
    /// counted as the envelope counts it: expense postings in its categories (all of them
    /// for `for *`), from its wallets, converted at the latest rate on or before the day;
    /// amounts without a rate are left out, as the envelope leaves them out.
    public func envelopeDays(_ e: Int, at date: CivilDate, rates: ExchangeRates) -> [EnvelopeDay] {
        guard let status = envelopeStatus(e, at: date) else { return [] }
        let envelope = envelopes[e]
        let last = min(date, status.end)
        let covered: [Bool] = categories.map(envelope.covers)
        var perDay: [Int: Money] = [:]
        // Entries are in date order: find the period's first entry by binary search.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date < status.start { low = mid + 1 } else { high = mid }
        }
        for entry in entries[low...] {
            guard entry.date <= last else { break }
            guard case .transaction(let wallet, _, let postings) = entry.kind,
                envelope.counts(wallet: wallet, of: wallets), !isPaidByGoal(entry)
            else { continue }
            for posting in postings where covered[posting.category] {
                guard let value = rates.toDefault(posting.amount, from: wallets[wallet].currency, at: entry.date) else { continue }
                let day = status.start.days(until: entry.date)
                perDay[day] = (perDay[day] ?? .zero).subtracting(value) ?? perDay[day]
            }
        }
        var days: [EnvelopeDay] = []
        var soFar = Money.zero
        var day = status.start
        while day <= last {
            let spent = perDay[status.start.days(until: day)] ?? .zero
            soFar = soFar.adding(spent) ?? soFar
            days.append(EnvelopeDay(date: day, spent: spent, spentSoFar: soFar))
            guard let next = day.adding(days: 1) else { break }
            day = next
        }
        return days
    }
}
