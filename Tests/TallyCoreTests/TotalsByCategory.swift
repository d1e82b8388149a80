import TallyCore
import TallySyntax

/// The plainest sum of every posting per category, kept in the tests as the reference that
/// the reports' own sums (`CategoryFlows`) are checked against.
extension BudgetModel {
    /// Sum of postings per category (index) over `range`, in each wallet's currency,
    /// keyed also by currency so that nothing is converted silently.
    func totalsByCategory(in range: ClosedRange<CivilDate>) -> [Int: [String: Money]] {
        var totals: [Int: [String: Money]] = [:]
        for entry in entries where range.contains(entry.date) {
            guard let (wallet, _) = entry.transaction else { continue }
            let currency = wallets[wallet].currency
            for p in 0 ..< entry.postingCount {
                let posting = entry.posting(p)
                let current = totals[posting.category]?[currency] ?? .zero
                totals[posting.category, default: [:]][currency] = current.adding(posting.amount) ?? current
            }
        }
        return totals
    }
}
