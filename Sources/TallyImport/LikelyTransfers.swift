import TallyCore

/// Movements being added that are likely one side of a transfer whose other side another
/// wallet's statement brought in already: an imported movement (one with an id) of
/// another wallet in the same currency, of the opposite amount, at most
/// ``ImportPlan/matchDays`` apart. They are only suggested (Grammar.md §7.3): a `match`
/// rule with `transfer WALLET` makes such movements transfers.
public struct LikelyTransfers: Sendable {
    /// Each row and the model's entry it likely pairs with, in the rows' order.
    public private(set) var pairs: [(decision: ImportPlan.Decision, entry: Int)] = []

    /// None.
    public init() {}

    /// Keeps the pairs `isKept` accepts.
    public mutating func keep(_ isKept: (ImportPlan.Decision, Int) -> Bool) {
        pairs.removeAll { !isKept($0.decision, $0.entry) }
    }

    /// The likely pairs of `rows` (to be added to `wallet`), each entry offered once.
    public init(model: BudgetModel, wallet: Int, rows: [ImportPlan.Decision]) {
        guard !rows.isEmpty else { return }
        let currency = model.wallets[wallet].currency
        let wanted = Set(rows.map { $0.row.amount.negated })
        var candidates: [Money: [Int]] = [:]
        for (i, entry) in model.entries.enumerated() where entry.bankID != nil {
            guard let (other, amount) = entry.transaction, other != wallet, wanted.contains(amount),
                model.wallets[other].currency == currency
            else { continue }
            candidates[amount, default: []].append(i)
        }
        guard !candidates.isEmpty else { return }
        var taken: Set<Int> = []
        for decision in rows {
            let fit = (candidates[decision.row.amount.negated] ?? []).filter {
                !taken.contains($0) && abs(model.entries[$0].date.days(until: decision.row.date)) <= ImportPlan.matchDays
            }
            guard let entry = fit.min(by: { abs(model.entries[$0].date.days(until: decision.row.date)) < abs(model.entries[$1].date.days(until: decision.row.date)) }) else { continue }
            taken.insert(entry)
            pairs.append((decision, entry))
        }
    }
}
