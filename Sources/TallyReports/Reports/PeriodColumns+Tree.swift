import TallyCore

extension PeriodColumns {
    /// The rows as hledger's `--tree` shows accounts: each category under its parent
    /// (named in full; ``treeLabel(_:)`` is how text shows it), each parent's figures
    /// the sum of its own and its children's (`food` 30.00 with `food:groceries` 194.45
    /// is `food` 224.45 above `  groceries` 194.45). Parents the budget has no row of are
    /// added; totals and averages are worked out again from the summed cells, never
    /// added up from rounded averages. Within a type, parents keep the order of their
    /// largest total first, as the flat rows do; summary rows stay last, unchanged.
    public static func tree(_ rows: [Row], decimals: Int) -> [Row] {
        let summary = rows.filter(\.isSummary)
        var types: [String] = []
        var byType: [String: [String: [Money?]]] = [:]
        for row in rows where !row.isSummary {
            if byType[row.type] == nil { types.append(row.type) }
            let parts = row.name.split(separator: ":", omittingEmptySubsequences: false)
            for level in 1 ... parts.count {
                let name = parts.prefix(level).joined(separator: ":")
                let cells = byType[row.type, default: [:]][name] ?? row.cells.map { _ in Money.zero }
                byType[row.type, default: [:]][name] = zip(cells, row.cells).map { sum, cell in
                    guard let sum, let cell else { return nil }
                    return sum.adding(cell)
                }
            }
        }
        var result: [Row] = []
        for type in types {
            let sums = byType[type] ?? [:]
            func size(_ name: String) -> Money {
                let total = totals(sums[name] ?? [], decimals: decimals).total ?? .zero
                return total.isNegative ? total.negated : total
            }
            func add(under parent: String?) {
                let names = sums.keys.filter { name in
                    guard let colon = name.lastIndex(of: ":") else { return parent == nil }
                    return String(name[..<colon]) == parent
                }
                // Largest first, then by name: the same order every run.
                for name in names.sorted(by: { size($0) == size($1) ? $0 < $1 : size($1) < size($0) }) {
                    let cells = sums[name] ?? []
                    let (total, average) = totals(cells, decimals: decimals)
                    result.append(Row(name: name, type: type, cells: cells, total: total, average: average))
                    add(under: name)
                }
            }
            add(under: nil)
        }
        return result + summary
    }

    /// A tree row's name as text shows it: its last part, indented two spaces a level
    /// (`food:groceries` is `  groceries`).
    public static func treeLabel(_ name: String) -> String {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        return String(repeating: "  ", count: parts.count - 1) + (parts.last.map(String.init) ?? name)
    }
}
