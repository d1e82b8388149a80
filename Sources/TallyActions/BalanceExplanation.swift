import TallyCore
import TallyImport
import TallySyntax

/// Why a statement's closing balance and the budget disagree after an import: the
/// difference, the first day the statement's running balance and the budget part (when
/// the statement gives running balances), and the budget's entries in the statement's
/// period that no statement row accounts for (doubles, or movements the bank does not
/// know).
struct BalanceExplanation {
    /// The budget as it would be after the import.
    let model: BudgetModel
    let wallet: Int
    let statements: [Statement]
    let plan: ImportPlan
    /// The model before the import, whose entry indices the plan's matches use.
    let before: BudgetModel

    func text(statementBalance: Money, budgetBalance: Money, date: CivilDate) -> String {
        let name = model.wallets[wallet].name
        var out =
            "the statement says \(name) holds \(statementBalance) at the end of \(date), "
            + "but with these movements the budget would hold \(budgetBalance)"
        if let difference = budgetBalance.subtracting(statementBalance) {
            out += " (\(difference.isNegative ? "" : "+")\(difference) in the budget)"
        }
        out += "; nothing written\n"

        // The first day whose running balance the budget does not reach.
        var lastOfDay: [(CivilDate, Money)] = []
        for statement in statements {
            for row in statement.rows {
                guard let balance = row.balance else { continue }
                if let last = lastOfDay.last, last.0 == row.date { lastOfDay[lastOfDay.count - 1] = (row.date, balance) } else { lastOfDay.append((row.date, balance)) }
            }
        }
        if let (day, stated) = lastOfDay.first(where: { model.balance(of: wallet, at: $0.0) != $0.1 }) {
            out += "  the balances first differ at the end of \(day): the statement \(stated), the budget \(model.balance(of: wallet, at: day))\n"
        }

        // Entries in the statement's period that no row accounts for.
        let first = statements.compactMap { $0.rows.first?.date }.min() ?? date
        let ids = Set(plan.decisions.map(\.id))
        var accounted: Set<SourceLocation> = []
        for decision in plan.decisions { if case .matched(let entry) = decision.outcome { accounted.insert(before.entries[entry].location) } }
        let unexplained = model.entries.filter { entry in
            guard let t = entry.transaction, t.wallet == wallet, entry.date >= first, entry.date <= date else { return false }
            if let id = entry.bankID { return !ids.contains(id) }
            return !accounted.contains(entry.location)
        }
        if !unexplained.isEmpty {
            out += "  entries of \(name) from \(first) to \(date) that the statement does not show:\n"
            for entry in unexplained.prefix(20) {
                out += "    \(entry.date) \(entry.transaction!.amount)" + (entry.payee.map { " \"\($0)\"" } ?? "") + " (\(entry.location.file))\n"
            }
            if unexplained.count > 20 { out += "    … and \(unexplained.count - 20) more\n" }
        }
        // Movements before the statement's first one that the budget lacks also shift the balance.
        out += "  a difference that no entry explains comes from before \(first): check the balance the budget has on \(first.adding(days: -1) ?? first)\n"
        return out
    }
}
