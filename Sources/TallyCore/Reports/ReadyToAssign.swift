import TallySyntax

extension BudgetModel {
    /// Ready to assign at the end of `date`, envelope-budgeting style: money that came in
    /// (income and the opening balances of wallets that hold money, not hidden), less
    /// what envelopes were filled with and what planned envelopes took for each period
    /// begun by then. Nil for budgets that keep limits only: no envelope besides a global
    /// cap, or no income recorded, as `tally check` decides too. Amounts without a rate
    /// are left out.
    public func readyToAssign(at date: CivilDate, flows: CategoryFlows, rates: ExchangeRates) -> Money? {
        guard envelopes.contains(where: { !$0.coversAll }),
            flows.flows.contains(where: { categories[$0.category].isIncome })
        else { return nil }
        var total = Money.zero
        let first = Entry.firstMovement(in: entries) ?? today
        for (w, wallet) in wallets.enumerated() where !wallet.hidden && wallet.kind != .credit && wallet.kind != .loan {
            guard (wallet.openingDate ?? first) <= date, !wallet.opening.isZero else { continue }
            if let value = rates.toDefault(wallet.opening, from: wallets[w].currency, at: wallet.openingDate ?? first) {
                total = total.adding(value) ?? total
            }
        }
        for flow in flows.slice(CivilDate(year: 1, month: 1, day: 1)! ... date) where categories[flow.category].isIncome {
            total = total.adding(flow.amount) ?? total
        }
        for entry in entries {
            guard entry.date <= date else { break }
            if case .fill(_, let amount) = entry.kind { total = total.subtracting(amount) ?? total }
        }
        for (e, envelope) in envelopes.enumerated() where !envelope.coversAll {
            guard let planned = envelope.planned, !planned.isZero else { continue }
            for period in envelopeHistory(e) where period.start <= date && period.start <= today {
                total = total.subtracting(planned) ?? total
            }
        }
        return total
    }
}
