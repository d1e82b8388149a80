import TallyCore
import TallySyntax

/// An envelope an app keeps per category (YNAB's), filled by hand each month: it
/// becomes `envelope NAME monthly for CATEGORY rollover` and one `fill` per month.
struct PeerEnvelope {
    /// The envelope's name in the app.
    var name: String
    /// The category account it is for; empty for an envelope that only holds what it is
    /// filled with until its month ends (no `for`, no `rollover`: YNAB 4's income for the
    /// next month).
    var account: String
    /// The first day of each month and what was assigned to it then, with where it was read.
    var fills: [(date: CivilDate, amount: PeerAmount, source: SourceLine)] = []
    var source: SourceLine
    /// Whether only what is left carries into the next month (`rollover unspent`: YNAB
    /// takes overspending from the next month's Ready to Assign).
    var unspentOnly = false
}

/// Stage 5b: the apps' envelopes and their fills (none for journals).
extension BudgetBuilder {
    /// The `envelope` lines, each name unique; the fills are added to `lines`. A fill in
    /// another currency than the budget's is listed.
    mutating func appEnvelopes(_ categoryNames: [String: String], mainCurrency: String, into lines: inout [Line]) -> [String] {
        var declarations: [String] = []
        var names = Set<String>()
        for envelope in content.envelopes {
            let holding = envelope.account.isEmpty
            guard let category = holding ? "" : categoryName(envelope.account, categoryNames) else {
                leftOut.append(LeftOut(source: envelope.source, reason: "the envelope `\(envelope.name)`, whose category is not converted"))
                continue
            }
            var unique = envelope.name, n = 1
            while names.contains(unique) { n += 1; unique = "\(envelope.name)-\(n)" }
            names.insert(unique)
            let name = tallyName(unique)
            let counting = holding ? "" : "  for \(category)  rollover\(envelope.unspentOnly ? " unspent" : "")"
            declarations.append("envelope \(name)  monthly\(counting)")
            for fill in envelope.fills {
                guard let c = code(fill.amount.commodity), c == mainCurrency || mainCurrency.isEmpty else {
                    leftOut.append(LeftOut(source: fill.source, reason: "a fill in another currency than the budget's (`\(fill.amount.commodity)`)"))
                    continue
                }
                order += 1
                lines.append(Line(date: fill.date, order: order, text: "\(fill.date.iso) fill \(name) \(fill.amount.number)"))
            }
        }
        return declarations
    }
}
