import TallySyntax

extension BudgetModel {
    /// The figures of envelope `e` for its period containing `date`, as they stood at the
    /// end of `date`: carried in and planned as for the whole period (both are there from
    /// its first day), filled, moved and spent only through `date`. On the period's last
    /// day (or later) this is ``envelopeStatus(_:at:)``.
    ///
    /// Spending is counted as the interpreter counts it: expense postings in the
    /// envelope's categories from the wallets it counts, converted at the latest rate on
    /// or before each entry's date, amounts without a rate left out.
    public func envelopeStatus(_ e: Int, through date: CivilDate, rates: ExchangeRates) -> EnvelopeStatus? {
        guard let status = envelopeStatus(e, at: date) else { return nil }
        guard date < status.end else { return status }
        let envelope = envelopes[e]
        let covered: [Bool] = categories.map(envelope.covers)
        var filled = Money.zero, moved = Money.zero, spent = Money.zero
        // Sums of amounts the interpreter has already summed for the whole period: within
        // the budget's bound (see `Walk+Bounds.swift`), so they cannot overflow.
        func add(_ total: inout Money, _ amount: Money) { total = total.adding(amount) ?? total }
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date < status.start { low = mid + 1 } else { high = mid }
        }
        for entry in entries[low...] {
            guard entry.date <= date else { break }
            switch entry.kind {
            case .transaction(let wallet, _, let postings):
                guard envelope.counts(wallet: wallet, of: wallets), !isPaidByGoal(entry) else { continue }
                for posting in postings where covered[posting.category] {
                    guard let value = rates.toDefault(posting.amount, from: wallets[wallet].currency, at: entry.date) else { continue }
                    add(&spent, value.negated)
                }
            case .fill(let target, let amount) where target == e:
                add(&filled, amount)
            case .move(let from, let to, let amount) where to == e || from == e:
                // A move to or from an envelope with no period on its day counts nowhere.
                guard envelopeStatus(to == e ? from : to, at: entry.date) != nil else { continue }
                if to == e { add(&moved, amount) }
                if from == e { add(&moved, amount.negated) }
            default:
                break
            }
        }
        let budget = status.carriedIn.adding(status.planned)?.adding(filled)?.adding(moved) ?? status.planned
        return EnvelopeStatus(
            start: status.start, end: status.end, carriedIn: status.carriedIn, planned: status.planned,
            filled: filled, moved: moved, spent: spent, available: budget.subtracting(spent) ?? budget)
    }
}
