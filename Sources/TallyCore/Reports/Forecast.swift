import TallySyntax

/// A projected movement in the forecast: one future occurrence of a recurring entry.
public struct ForecastEvent: Sendable, Equatable {
    public let date: CivilDate
    /// Index into ``BudgetModel/rules``.
    public let rule: Int
    /// Index into ``BudgetModel/wallets``.
    public let wallet: Int
    /// In the wallet's currency.
    public let amount: Money
    /// The wallet's projected balance after it.
    public let balance: Money
}

/// Wallet balances projected from recurring entries.
public struct Forecast: Sendable {
    /// First projected day (today) and the last.
    public let start: CivilDate
    public let end: CivilDate
    /// Balance per wallet at the end of today, before any unrecorded occurrence is added.
    public let opening: [Money]
    /// Balance per wallet at the end of `end`.
    public let projected: [Money]
    /// The lowest projected balance per wallet and the first day it is reached.
    public let lowest: [(balance: Money, date: CivilDate)]
    /// Every projected movement, in date order.
    public let events: [ForecastEvent]
    /// True when a projected balance became too large to compute exactly; the projection
    /// stops at the occurrence before, so `projected` is not the balance at `end`.
    public let tooLarge: Bool
}

extension BudgetModel {
    /// Projects every wallet's balance from today to `end`: occurrences of recurring
    /// entries due today or later that are not yet recorded or skipped are added on their
    /// dates. Overdue occurrences are left out: whether they still happen is the user's
    /// call (`tally due` lists them).
    public func forecast(until end: CivilDate) -> Forecast {
        let opening = wallets.indices.map { balance(of: $0, at: today) }
        var balances = opening
        var lowest = opening.map { ($0, today) }
        var events: [ForecastEvent] = []
        var tooLarge = false
        projecting: for due in dueOccurrences(through: end) where due.status != .overdue {
            for (wallet, amount) in effect(of: due.rule) {
                // Far enough ahead, repeated amounts outgrow exact arithmetic: stop there
                // and say so rather than drop an occurrence.
                guard let next = balances[wallet].adding(amount) else {
                    tooLarge = true
                    break projecting
                }
                balances[wallet] = next
                if balances[wallet] < lowest[wallet].0 { lowest[wallet] = (balances[wallet], due.date) }
                events.append(ForecastEvent(date: due.date, rule: due.rule, wallet: wallet, amount: amount, balance: balances[wallet]))
            }
        }
        return Forecast(
            start: today, end: end, opening: opening, projected: balances, lowest: lowest, events: events,
            tooLarge: tooLarge)
    }
}
