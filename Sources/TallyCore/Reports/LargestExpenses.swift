import TallySyntax

/// One transaction's spending, for a list of the largest.
public struct LargeExpense: Sendable, Equatable {
    /// Index into ``BudgetModel/entries``.
    public let entry: Int
    public let date: CivilDate
    public let payee: String?
    /// The names of the categories it books, sorted.
    public let categories: [String]
    /// Its spending (expense postings, refunds taken off) as a positive amount, in the
    /// wallet's currency.
    public let amount: Money
    /// The wallet's currency.
    public let currency: String
}

extension CategoryFlows {
    /// The `limit` transactions that spent most over `range`, among those with a posting
    /// in these flows (converted or not): largest first in the default currency at the
    /// rate of `day` where one is known (else as booked), ties earliest first. A
    /// transaction whose refunds outweigh its spending is not listed.
    public func largestExpenses(
        _ range: ClosedRange<CivilDate>, model: BudgetModel, rates: ExchangeRates,
        rankedAt day: CivilDate, limit: Int = 5
    ) -> [LargeExpense] {
        var seen = Set(slice(range).map(\.entry))
        for flow in unconverted where range.contains(flow.date) { seen.insert(flow.entry) }
        var largest: [LargeExpense] = []
        for index in seen.sorted() {
            let entry = model.entries[index]
            guard case .transaction(let wallet, _, let postings) = entry.kind else { continue }
            var spent = Money.zero
            for posting in postings where !model.categories[posting.category].isIncome {
                spent = spent.adding(posting.amount.negated) ?? spent
            }
            guard spent > .zero else { continue }
            let names = Set(postings.map { model.categories[$0.category].name }).sorted()
            largest.append(
                LargeExpense(
                    entry: index, date: entry.date, payee: entry.payee, categories: names, amount: spent,
                    currency: model.wallets[wallet].currency))
        }
        func weight(_ e: LargeExpense) -> Money { rates.toDefault(e.amount, from: e.currency, at: day) ?? e.amount }
        largest.sort { (weight($0), $1.date) > (weight($1), $0.date) }
        return Array(largest.prefix(limit))
    }
}
