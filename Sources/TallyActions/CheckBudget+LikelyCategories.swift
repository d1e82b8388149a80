import TallyCore
import TallyImport
import TallySyntax

extension CheckBudget {
    /// I0601 with the likeliest categories in its message, so that every output format
    /// (text, JSON, SARIF, GitHub) names what the editor's quick fix offers
    /// (``CategoryAdvice``). Nothing is worked out for a budget without I0601.
    static func namingLikelyCategories(_ diagnostics: [Diagnostic], model: BudgetModel) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.code == .needsCategory }) else { return diagnostics }
        // The entries that start where an I0601 does: its range is the entry's header.
        var wanted: [String: Set<Int>] = [:]
        for d in diagnostics where d.code == .needsCategory { wanted[d.file, default: []].insert(d.range.start) }
        var entryAt: [String: [Int: Int]] = [:]
        for (i, entry) in model.entries.enumerated() where entry.transaction != nil {
            let location = entry.location
            if wanted[location.file]?.contains(location.range.start) ?? false { entryAt[location.file, default: [:]][location.range.start] = i }
        }
        var advice = CategoryAdvice()
        var uses: NameUses?
        return diagnostics.map { d in
            guard d.code == .needsCategory, let i = entryAt[d.file]?[d.range.start] else { return d }
            let likely = advice.likeliest(entry: i, model: model) {
                let table = uses ?? NameUses(model: model)
                uses = table
                return table
            }
            guard !likely.isEmpty else { return d }
            var named = d
            named.message += "; likely " + likely.map { model.categories[$0].name }.joined(separator: ", ")
            return named
        }
    }
}
