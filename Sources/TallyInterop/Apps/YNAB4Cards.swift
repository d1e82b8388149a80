import TallyCore
import TallySyntax

/// YNAB 4's cards: which accounts its export names as cards, and where its rule for the
/// card debt overspending leaves differs from Tally's.
extension YNABExport {
    /// YNAB 4's cards that its export names: YNAB 4 books a card's starting balance to
    /// `Pre-YNAB Debt: CARD`, a category named as the card, so an account of the register
    /// that a `Pre-YNAB Debt` category (in the register or the budget file) is named as is
    /// a card. A card added with nothing owed has no such category: it stays unnamed.
    static func ynab4Cards(_ rows: [YNABRegister.Row], plan: YNABPlan?) -> Set<String> {
        let accounts = Set(rows.map(\.account))
        let named =
            rows.filter { $0.group == YNABPlan.preYNABDebt }.map(\.category)
            + (plan?.rows ?? []).filter { $0.group == YNABPlan.preYNABDebt }.map(\.category)
        return Set(named.filter(accounts.contains))
    }

    /// YNAB 4 keeps the card debt credit overspending left however much is paid on the
    /// card (it has no payment category), where Tally's ready to assign pays what a
    /// month ends owing less than that debt (Grammar.md §4, "Credit overspending"). Each
    /// of `cards` that may end a month so is listed: at most the overspending of each
    /// category and month, and at most what was spent on the card in it, is its debt no
    /// money holds, from the next month on; a card owing less than that at a later
    /// month's end may make ready to assign differ.
    static func ynab4CardsPaidBeyond(_ rows: [YNABRegister.Row], plan: YNABPlan, cards: Set<String>) -> [LeftOut] {
        guard !cards.isEmpty, let last = rows.map(\.date).max() else { return [] }
        func month(_ date: CivilDate) -> CivilDate { CivilDate(year: date.year, month: date.month, day: 1)! }
        // Per card: the most its debt no money holds can be, by the month it arrives.
        var bound: [String: [(from: CivilDate, amount: Money)]] = [:]
        for row in plan.rows where row.available.isNegative && row.group != YNABPlan.preYNABDebt && !row.isCardPayment {
            guard let next = row.month.adding(months: 1) else { continue }
            for card in cards {
                let spent = rows.filter { $0.account == card && $0.group == row.group && $0.category == row.category && month($0.date) == row.month }
                    .reduce(Money.zero) { $0.subtracting($1.amount.number) ?? $0 }
                guard Money.zero < spent else { continue }
                bound[card, default: []].append((next, min(spent, row.available.negated)))
            }
        }
        var listed: [LeftOut] = []
        for (card, arrivals) in bound.sorted(by: { $0.key < $1.key }) {
            guard var end = arrivals.map(\.from).min(), let source = rows.first(where: { $0.account == card })?.source else { continue }
            // Through the first day after the register's last month, which checks it.
            while let after = month(last).adding(months: 1), end <= after {
                // The card's debt at the end of the month before `end`, against what arrived by then.
                let owed = rows.filter { $0.account == card && $0.date < end }.reduce(Money.zero) { $0.subtracting($1.amount.number) ?? $0 }
                let held = arrivals.filter { $0.from < end }.reduce(Money.zero) { $0.adding($1.amount) ?? $0 }
                if Money.zero < held, owed < held {
                    let shown = end.adding(days: -1)?.iso.prefix(7) ?? ""
                    listed.append(
                        LeftOut(
                            source: source,
                            reason:
                                "`\(card)` may end \(shown) owing less than the card debt overspending left on it: YNAB 4 keeps that debt, Tally's ready to assign pays what was paid beyond it"
                        ))
                    break
                }
                guard let next = end.adding(months: 1) else { break }
                end = next
            }
        }
        return listed
    }
}
