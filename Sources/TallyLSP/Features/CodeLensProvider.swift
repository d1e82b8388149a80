import TallyCore
import TallySyntax

/// One line of status above each envelope and goal declaration: this period's figures
/// for an envelope, progress and outlook for a goal, both as of today.
public enum CodeLensProvider {
    /// The lenses of `path`, in order.
    public static func lenses(in analysis: BudgetAnalysis, path: String) -> [CodeLensInfo] {
        // Every lens is a figure; none is shown when totals could have overflowed (E0404).
        guard let tree = analysis.tree(path), analysis.model.totalsAreExact else { return [] }
        let index = analysis.index
        let model = analysis.model
        var result: [CodeLensInfo] = []
        for node in tree.entries(of: .envelopeDirective) {
            guard let name = EnvelopeDirectiveSyntax(node)?.name,
                let e = index.modelIndex(of: NamedSymbol(kind: .envelope, name: name.value)),
                model.envelopes[e].location == SourceLocation(file: path, range: name.range)
            else { continue }
            result.append(CodeLensInfo(range: name.range, title: envelopeTitle(e, analysis)))
        }
        for node in tree.entries(of: .goalDirective) {
            guard let name = GoalDirectiveSyntax(node)?.name,
                let g = index.modelIndex(of: NamedSymbol(kind: .goal, name: name.value)),
                model.goals[g].location == SourceLocation(file: path, range: name.range)
            else { continue }
            result.append(CodeLensInfo(range: name.range, title: goalTitle(g, analysis)))
        }
        return result.sorted { $0.range.start < $1.range.start }
    }

    /// `2026-11: 120.00 left of 520.00 · 400.00 spent`, or `18.00 over` when overspent.
    static func envelopeTitle(_ e: Int, _ analysis: BudgetAnalysis) -> String {
        let model = analysis.model
        let envelope = model.envelopes[e]
        let currency = model.defaultCurrency
        guard let status = analysis.index.envelope(e, through: analysis.today) else {
            return "no period contains today (\(analysis.today))"
        }
        let label = envelope.period.label(status.start)
        let budget = analysis.text(status.budget, currency)
        let spent = analysis.number(status.spent, currency)
        if status.isOverspent {
            return "\(label): \(analysis.number(status.available.negated, currency)) over · \(spent) spent of \(budget)"
        }
        return "\(label): \(analysis.number(status.available, currency)) left of \(budget) · \(spent) spent"
    }

    /// `saved 100.00 of 1200.00 EUR (8.3%) · on track · 110.00 EUR a month until 2027-06-01`
    static func goalTitle(_ g: Int, _ analysis: BudgetAnalysis) -> String {
        let model = analysis.model
        let goal = model.goals[g]
        let currency = goal.wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
        let status = model.goalStatus(g, at: analysis.today)
        var title = "saved " + (goal.target == nil ? analysis.text(status.saved, currency) : analysis.number(status.saved, currency))
        if let target = goal.target { title += " of \(analysis.text(target, currency))" }
        if let percent = status.percent { title += " (\(percent.formatted(scale: 1))%)" }
        title += " · \(status.state.rawValue)"
        if let outlook = status.outlook { title += " · \(outlook)" }
        return title
    }
}
