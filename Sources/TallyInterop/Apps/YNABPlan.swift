import TallyCore
import TallySyntax

/// YNAB's plan file (`… - Plan.csv`, `… - Budget.csv` before 2024): per month and
/// category, what was assigned (`Assigned`, formerly `Budgeted`), the month's activity
/// and what is available at its end. Each category becomes a monthly envelope with
/// rollover, filled on each month's first day with what was assigned, so that Tally's
/// `available = carried in + filled − spent` is YNAB's `Available` and ready to assign is
/// YNAB's. The file is also checked against the register: a month whose activity is not
/// the register's, or whose figures do not add up as Tally's will, is listed. YNAB 4's
/// budget file (`… - Budget.csv`) is the same with its own names: `Master Category`,
/// `Sub Category`, `Budgeted`, `Outflows` (the month's activity) and `Category Balance`
/// (what is available at its end).
struct YNABPlan {
    /// Each field's column, by version: month, group, category, assigned, activity, available.
    static func columns(_ version: AppKind) -> [String] {
        version == .ynab4
            ? ["Month", "Master Category", "Sub Category", "Budgeted", "Outflows", "Category Balance"]
            : ["Month", "Category Group", "Category", "Assigned", "Activity", "Available"]
    }

    /// Which YNAB's plan `table` is, nil for any other table (the plan's `Assigned` was
    /// `Budgeted` before 2024).
    static func version(of table: AppTable) -> AppKind? {
        if table.has(columns(.ynab).filter { $0 != "Assigned" }) && table.column(anyOf: ["Assigned", "Budgeted"]) != nil { return .ynab }
        return table.has(columns(.ynab4)) ? .ynab4 : nil
    }

    static func isPlan(_ table: AppTable) -> Bool { version(of: table) != nil }

    struct Row {
        var month: CivilDate
        var group: String
        var category: String
        var assigned: PeerAmount
        var activity: Money
        var available: Money
        var source: SourceLine
        /// A hidden category named as an account of the register: a closed card's
        /// payment category (YNAB hides it when the card is closed).
        var closedCard = false

        /// A card's payment category, open or closed.
        var isCardPayment: Bool { group == YNABExport.cardGroup || closedCard }
    }

    /// YNAB 4's group of a card's debt from before the budget (one category per card, named
    /// as the card): its negative balance carries from month to month, paid down by what
    /// is budgeted to it, and is never taken from Available to Budget.
    static let preYNABDebt = "Pre-YNAB Debt"

    /// The group YNAB exports hidden categories in.
    static let hiddenGroup = "Hidden Categories"

    private(set) var rows: [Row] = []

    init(table: AppTable, options: AppExportOptions) throws(AppExportError) {
        let version = Self.version(of: table) ?? .ynab
        let names = Self.columns(version)
        let (monthColumn, groupColumn, categoryColumn) = (table.column(names[0]), table.column(names[1]), table.column(names[2]))
        let assignedColumn = table.column(anyOf: [names[3], "Budgeted"]), activityColumn = table.column(names[4])
        let availableColumn = table.column(names[5])
        let mark = try table.decimalMark([assignedColumn, activityColumn, availableColumn].compactMap { $0 }, given: options.decimalMark)
        for record in table.rows {
            let f = { (column: Int?) in table.field(record, column) }
            guard let month = Self.month(f(monthColumn)) else {
                throw AppExportError("\(table.path):\(record.line): the month `\(f(monthColumn))` is not written as YNAB writes it in English (`Jan 2026`)")
            }
            guard let a = AppAmount(f(assignedColumn), mark: mark), let activity = AppAmount(f(activityColumn), mark: mark),
                let available = AppAmount(f(availableColumn), mark: mark)
            else { throw AppExportError("\(table.path):\(record.line): an amount that cannot be read") }
            var group = f(groupColumn)
            if version == .ynab4 && group == YNABRegister.ynab4Income { group = "Inflow" }
            rows.append(
                Row(
                    month: month, group: group, category: f(categoryColumn), assigned: PeerAmount(number: a.number, commodity: a.symbol),
                    activity: activity.number, available: available.number, source: table.source(record)))
        }
    }

    /// Marks the hidden categories named as one of `accounts`: the payment categories of
    /// closed cards, which YNAB moves among the hidden ones and shows as 0.00.
    mutating func markClosedCards(accounts: Set<String>) {
        for i in rows.indices where rows[i].group == Self.hiddenGroup && accounts.contains(rows[i].category) { rows[i].closedCard = true }
    }

    /// The card accounts the plan has payment categories for, closed cards' too.
    var cards: Set<String> { Set(rows.filter(\.isCardPayment).map(\.category)) }

    /// `Jan 2026` (YNAB's English month names, abbreviated or not) → 2026-01-01.
    static func month(_ text: String) -> CivilDate? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        let words = text.split(separator: " ")
        guard words.count == 2, let year = Int(words[1]), words[1].count == 4 else { return nil }
        // The English name or its first three letters, nothing else: another language's
        // month (`mai`, `déc.`) is refused, never matched by its first letters.
        let word = words[0].lowercased()
        guard let m = names.firstIndex(where: { $0 == word || String($0.prefix(3)) == word || (word == "sept" && $0 == "september") })
        else { return nil }
        return CivilDate(year: year, month: m + 1, day: 1)
    }

    /// The envelopes and fills, and what is listed: the card payment categories (Tally
    /// keeps a card's debt as its wallet's balance) and figures that disagree with the
    /// register. Each envelope is `rollover unspent`, YNAB's month rule: an overspent
    /// category's next month starts at 0.00, cash overspending is taken from Ready to
    /// Assign, and overspending on a card stays card debt, as YNAB makes it (Grammar.md
    /// §4, "Credit overspending"), when the cards are `credit` wallets. YNAB 4's export
    /// does not say which accounts are cards (`cardSpending` names what its card activity
    /// is): its overspending with that spending is listed instead. Several cards are each
    /// weighed on their own, in Tally as in YNAB.
    func envelopes(
        activity: [String: [CivilDate: Money]], cardActivity: [String: [CivilDate: Money]], cardSpending: String? = nil
    ) -> (envelopes: [PeerEnvelope], leftOut: [LeftOut]) {
        var envelopes: [PeerEnvelope] = []
        var listed: [LeftOut] = []
        var byAccount: [String: Int] = [:]
        var cardsListed = Set<String>()
        let cardNote = cardSpending.map { "with \($0): YNAB makes credit overspending card debt, Tally takes all overspending from ready to assign" }
        for row in rows {
            if row.isCardPayment {
                if cardsListed.insert(row.category).inserted { listed.append(cardListing(row)) }
                continue
            }
            guard let account = YNABExport.categoryAccount(group: row.group, category: row.category), row.group != "Inflow" else { continue }
            let index = byAccount[account] ?? envelopes.count
            if index == envelopes.count {
                byAccount[account] = index
                // YNAB 4's `Pre-YNAB Debt` keeps its debt from month to month: plain `rollover`.
                envelopes.append(PeerEnvelope(name: row.category, account: account, source: row.source, unspentOnly: row.group != Self.preYNABDebt))
            }
            if !row.assigned.number.isZero { envelopes[index].fills.append((row.month, row.assigned, row.source)) }
        }
        // The checks, per category in month order.
        let byCategory = Dictionary(grouping: rows.filter { !$0.isCardPayment && $0.group != "Inflow" }) {
            YNABExport.categoryAccount(group: $0.group, category: $0.category) ?? ""
        }
        for (account, months) in byCategory.sorted(by: { $0.key < $1.key }) {
            var before: Row?
            for row in months.sorted(by: { $0.month < $1.month }) {
                let counted = activity[account]?[row.month] ?? .zero
                let keepsDebt = row.group == Self.preYNABDebt
                let name = "`\(row.category)` in \(row.month.iso.prefix(7))"
                if counted != row.activity {
                    listed.append(LeftOut(source: row.source, reason: "the plan's activity for \(name) is \(row.activity), the register's rows add up to \(counted)"))
                } else if let cardNote, !keepsDebt, let before, before.available.isNegative, cardActivity[account]?[before.month].map({ !$0.isZero }) == true {
                    listed.append(
                        LeftOut(
                            source: before.source,
                            reason: "`\(row.category)` overspent by \(before.available.negated) at the end of \(before.month.iso.prefix(7)) \(cardNote)"))
                } else if (before.map { $0.available.isNegative && !keepsDebt ? .zero : $0.available } ?? .zero).adding(row.assigned.number)?.adding(row.activity)
                    != row.available
                {
                    listed.append(
                        LeftOut(source: row.source, reason: "the plan's figures for \(name) do not add up (available is what last month left plus assigned plus activity)"))
                }
                before = row
            }
        }
        return (envelopes, listed)
    }

    /// What is listed for a card's payment category: Tally has none. A closed card's YNAB
    /// shows as 0.00 whatever the plan's last month says, so none of it is counted.
    private func cardListing(_ row: Row) -> LeftOut {
        let months = rows.filter { $0.group == row.group && $0.category == row.category }
        let assigned = months.reduce(Money.zero) { $0.adding($1.assigned.number) ?? $0 }
        if row.closedCard {
            let last = months.max { $0.month < $1.month }?.available ?? .zero
            let shown = last.isZero ? "" : " (the plan's last month says \(last))"
            return LeftOut(
                source: row.source,
                reason: "the hidden payment category of the closed card `\(row.category)`: YNAB shows it as 0.00\(shown), Tally has none")
        }
        let taken = assigned.isZero ? "" : "; the \(assigned) assigned to it stays in Tally's ready to assign"
        return LeftOut(
            source: row.source,
            reason:
                "the card payment category `\(row.category)`: Tally has none (the card's debt is its wallet's balance; what the payment category holds is that debt less the card debt no money holds, `tally envelopes`)\(taken)"
        )
    }
}
