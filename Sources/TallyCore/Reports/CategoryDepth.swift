import TallySyntax

extension BudgetModel {
    /// For each category, the index of its ancestor `depth` levels deep (itself when it
    /// is not deeper): with depth 1, `Food:Groceries` counts as `Food`. Parents always
    /// exist in ``categories`` (declared or implicit), so every name resolves.
    public func ancestors(depth: Int) -> [Int] {
        var index: [String: Int] = [:]
        for (i, category) in categories.enumerated() { index[category.name] = i }
        return categories.indices.map { i in
            let parts = categories[i].name.split(separator: ":", omittingEmptySubsequences: false)
            guard depth >= 1, parts.count > depth else { return i }
            return index[parts.prefix(depth).joined(separator: ":")] ?? i
        }
    }
}

extension CategoryFlows {
    /// Sum per category over `range`, each category counted as its ancestor in `map`
    /// (from ``BudgetModel/ancestors(depth:)``).
    public func byCategory(_ range: ClosedRange<CivilDate>, mappedBy map: [Int]) -> [Int: Money] {
        var sums: [Int: Money] = [:]
        for (category, sum) in byCategory(range) {
            let target = map[category]
            sums[target] = (sums[target] ?? .zero).adding(sum) ?? sums[target]
        }
        return sums
    }
}
