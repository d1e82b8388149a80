import TallySyntax

/// One credit wallet's figures on a day (Grammar.md §4, "Credit overspending"), as YNAB's
/// card payment category shows them.
public struct CardFigures: Sendable, Equatable {
    /// The credit wallet.
    public let wallet: Int
    /// What the card owes at the end of the day (negative when it is owed money).
    public let owed: Money
    /// The card debt no money holds from periods that have ended.
    public let uncovered: Money
    /// The card part of the overspending of periods not yet ended (through the day):
    /// held by no money already, as YNAB's payment category leaves it out the day it is
    /// spent; it becomes ``uncovered`` the day after its period ends.
    public let overspentSoFar: Money

    /// What no money holds for the card: ``uncovered`` + ``overspentSoFar``.
    public var heldByNoMoney: Money { uncovered.adding(overspentSoFar) ?? uncovered }
    /// What the money set aside holds for the card (YNAB's payment category's available):
    /// what it owes less ``heldByNoMoney``; negative when more was paid than was held.
    public var held: Money { owed.subtracting(heldByNoMoney) ?? owed }
}

extension BudgetModel {
    /// The card part of the overspending of each `rollover unspent` period that contains
    /// `date`, through `date`, by card: what ``Envelope/cardDebt(of:)`` makes of the
    /// period so far, split as the interpreter splits it when the period ends
    /// (`Walk.splitCardDebt`). Empty when no such period is overspent on a card.
    public func cardOverspendingSoFar(at date: CivilDate, rates: ExchangeRates) -> [(card: Int, amount: Money)] {
        var byCard: [(card: Int, amount: Money)] = []
        for e in envelopes.indices where envelopes[e].unspentOnly && !envelopes[e].coversAll {
            guard var status = envelopeStatus(e, through: date, rates: rates), status.isOverspent else { continue }
            let spending = cardSpending(e, from: status.start, through: date, rates: rates)
            status.spentOnCredit = spending.reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
            for share in Walk.splitCardDebt(envelopes[e].cardDebt(of: status), over: spending) where !share.amount.isZero {
                if let i = byCard.firstIndex(where: { $0.card == share.card }) {
                    byCard[i].amount = byCard[i].amount.adding(share.amount) ?? byCard[i].amount
                } else {
                    byCard.append(share)
                }
            }
        }
        return byCard
    }

    /// Envelope `e`'s spending on the budget's credit wallets (not hidden) from `start`
    /// through `date`, in date and file order, in the default currency, as the interpreter
    /// walks it for a period that left card debt.
    func cardSpending(_ e: Int, from start: CivilDate, through date: CivilDate, rates: ExchangeRates) -> [(card: Int, amount: Money)] {
        let envelope = envelopes[e]
        var spending: [(card: Int, amount: Money)] = []
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].date < start { low = mid + 1 } else { high = mid }
        }
        for entry in entries[low...] {
            guard entry.date <= date else { break }
            guard let (wallet, _) = entry.transaction, wallets[wallet].kind == .credit, wallets[wallet].holdsBudgetMoney, !isPaidByGoal(entry)
            else { continue }
            for p in 0 ..< entry.postingCount {
                let posting = entry.posting(p)
                guard envelope.countsSpending(in: categories[posting.category], from: wallet, of: wallets),
                    let value = rates.toDefault(posting.amount, from: wallets[wallet].currency, at: entry.date)
                else { continue }
                spending.append((wallet, value.negated))
            }
        }
        return spending
    }
}
