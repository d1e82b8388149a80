import TallySyntax

extension BudgetModel {
    /// The register's rows summed per period (`tally register --monthly`, hledger's
    /// `register -M`): one row per period and per wallet with category (or counterpart)
    /// and type, dated the period's first day, its amount the sum of the rows it stands
    /// for, its balance the wallet's after the last of them. Within a period the rows keep
    /// the order their first row had; rows outside every period are left out.
    public func registerSummary(_ rows: [RegisterRow], periods: [ClosedRange<CivilDate>]) -> [RegisterRow] {
        struct Key: Hashable {
            let period: Int, wallet: Int, category: Int?, counterpart: Int?, type: FlowType
        }
        var order: [Key] = []
        var sums: [Key: (first: RegisterRow, amount: Money, balance: Money)] = [:]
        for row in rows {
            // Periods are in date order and do not overlap: find the one holding the row.
            var low = 0, high = periods.count
            while low < high {
                let mid = (low + high) / 2
                if periods[mid].upperBound < row.date { low = mid + 1 } else { high = mid }
            }
            guard low < periods.count, periods[low].contains(row.date) else { continue }
            let key = Key(period: low, wallet: row.wallet, category: row.category, counterpart: row.counterpart, type: row.type)
            if let sum = sums[key] {
                // Amounts within the budget's bound (`Walk+Bounds.swift`) sum without overflow.
                sums[key] = (sum.first, sum.amount.adding(row.amount) ?? sum.amount, row.balance)
            } else {
                order.append(key)
                sums[key] = (row, row.amount, row.balance)
            }
        }
        // By period; within one, by first appearance.
        let ordered = order.enumerated().sorted { ($0.element.period, $0.offset) < ($1.element.period, $1.offset) }.map(\.element)
        return ordered.map { key in
            let sum = sums[key]!
            return RegisterRow(
                entry: sum.first.entry, date: periods[key.period].lowerBound, wallet: key.wallet, category: key.category,
                counterpart: key.counterpart, type: key.type, amount: sum.amount, balance: sum.balance, payee: nil, note: nil, tags: [])
        }
    }
}
