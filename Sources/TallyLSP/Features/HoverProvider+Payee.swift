import TallyCore
import TallySyntax

/// Hover on a payee, in a dated entry or a `payee` rule: how often the budget uses it,
/// when last, the wallet and category it usually goes with, what its transactions add up
/// to, and the `payee` rule that books it, if any. The figures come from the index
/// (``BudgetIndex/payeeHabit(_:)``, the model's ``PayeeHabit``); the rule from the model
/// (``BudgetModel/payeeRule(for:)``).
extension HoverProvider {
    /// The payee hover when `offset` is in a payee's text, else nil.
    static func payee(in analysis: BudgetAnalysis, path: String, offset: Int) -> HoverInfo? {
        guard let entry = analysis.index.entry(in: path, at: offset),
            let node = entry.path(to: offset).last(where: { $0.kind == .payee }),
            let token = node.firstContentToken
        else { return nil }
        let name = Unquote.value(of: token.text)
        let model = analysis.model
        var lines = ["**\(md(name))** · payee"]
        guard model.totalsAreExact else { return HoverInfo(markdown: lines[0] + "\n\n" + withheldNote, range: token.range) }
        if let usage = analysis.index.payeeHabit(name) {
            var used = (usage.count == 1 ? "Used once" : "Used \(usage.count) times") + ", last on \(usage.lastDate)"
            if let w = usage.usualWallet {
                used += " · usually from **\(md(model.wallets[w].name))**"
                if let c = usage.usualCategory { used += " in **\(md(model.categories[c].name))**" }
            }
            lines.append(used)
            let totals = usage.totals.sorted { $0.key < $1.key }.map { analysis.text($0.value, $0.key) }
            if !totals.isEmpty { lines.append("Its transactions add up to " + totals.joined(separator: ", ")) }
        } else {
            lines.append("Not used by any entry yet.")
        }
        if let rule = model.payeeRule(for: name) {
            lines.append("A `payee` rule books it in **\(md(model.categories[rule.category].name))** when a transaction names no category.")
        }
        return HoverInfo(markdown: lines.joined(separator: "\n\n"), range: token.range)
    }
}
