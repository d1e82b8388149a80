import TallyCore

/// Movements being added that are likely one side of a transfer whose other side another
/// wallet's statement brought in already: an imported movement (one with an id) of
/// another wallet in the same currency, of the opposite amount, at most
/// ``ImportPlan/matchDays`` apart. They are only suggested (Grammar.md §7.3): a `match`
/// rule with `transfer WALLET` makes such movements transfers.
public struct LikelyTransfers: Sendable {
    /// An amount on a day (counted from the first row's).
    private struct Slot: Hashable {
        let amount: Money
        let day: Int
    }

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
        // Candidates by amount and day, so each row looks at the few days around its own.
        let origin = rows[0].row.date
        let wanted = Set(rows.map { $0.row.amount.negated })
        var candidates: [Slot: [Int]] = [:]
        // Entries read in place: a copy of each of 100k would cost more than the look-ups.
        for i in model.entries.indices where model.entries[i].bankID != nil {
            guard let (other, amount) = model.entries[i].transaction, other != wallet, wanted.contains(amount),
                model.wallets[other].currency == currency
            else { continue }
            candidates[Slot(amount: amount, day: origin.days(until: model.entries[i].date)), default: []].append(i)
        }
        guard !candidates.isEmpty else { return }
        var taken: Set<Int> = []
        for decision in rows {
            let day = origin.days(until: decision.row.date), amount = decision.row.amount.negated
            // The closest day first, the day before before the day after.
            let near = (0 ... ImportPlan.matchDays).flatMap { $0 == 0 ? [day] : [day - $0, day + $0] }
            guard let entry = near.lazy.compactMap({ candidates[Slot(amount: amount, day: $0)]?.first { !taken.contains($0) } }).first else { continue }
            taken.insert(entry)
            pairs.append((decision, entry))
        }
    }
}
