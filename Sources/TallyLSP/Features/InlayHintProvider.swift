import TallyCore
import TallySyntax

/// Figures shown inline at the end of lines: after each spending line, what is left in
/// each envelope it counts in for that period; after each transaction or transfer, the
/// balance of its wallets right after it.
///
/// The envelope figure is the period's (what the whole period leaves, as the hover
/// shows), not a running one, so that every line of a month agrees with the envelope's
/// hover and code lens. Each figure is an index look-up; the cost is proportional to the
/// entries in the requested range.
public enum InlayHintProvider {
    /// The hints for the entries of `path` that overlap `range`, in order.
    public static func hints(in analysis: BudgetAnalysis, path: String, range: ByteRange, options: InlayHintOptions) -> [InlayHintInfo] {
        guard options.envelopeLeft || options.runningBalance else { return [] }
        let index = analysis.index
        let model = analysis.model
        var result: [InlayHintInfo] = []
        for node in index.entries(in: path, overlapping: range) {
            guard let m = index.modelEntry(node, in: path) else { continue }
            let entry = model.entries[m]
            let lineEnd = node.endOfFirstLineContent
            switch entry.kind {
            case .transaction(let wallet, _, let postings):
                if options.envelopeLeft {
                    let hasSplits = node.child(.split) != nil
                    for posting in postings {
                        let offset = hasSplits ? posting.location.range.end : lineEnd
                        let labels = model.envelopes(covering: posting.category, from: wallet).compactMap { e -> String? in
                            guard let status = model.envelopePeriod(e, containing: entry.date) else { return nil }
                            return envelopeLabel(model.envelopes[e].name, status, analysis)
                        }
                        if !labels.isEmpty { result.append(InlayHintInfo(offset: offset, label: labels.joined(separator: ", "), kind: .envelopeLeft)) }
                    }
                }
                if options.runningBalance, let balance = model.balance(of: wallet, rightAfter: m) {
                    result.append(InlayHintInfo(offset: lineEnd, label: balanceLabel(wallet, balance, analysis), kind: .runningBalance))
                }
            case .transfer(let from, let to, _, _):
                guard options.runningBalance else { continue }
                let labels = [from, to].compactMap { w in model.balance(of: w, rightAfter: m).map { balanceLabel(w, $0, analysis) } }
                if !labels.isEmpty { result.append(InlayHintInfo(offset: lineEnd, label: labels.joined(separator: ", "), kind: .runningBalance)) }
            default:
                continue
            }
        }
        return result.filter { range.contains($0.offset) || $0.offset == range.end }.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    static func envelopeLabel(_ name: String, _ status: EnvelopeStatus, _ analysis: BudgetAnalysis) -> String {
        let currency = analysis.model.defaultCurrency
        return status.isOverspent
            ? "\(name): \(analysis.number(status.available.negated, currency)) over"
            : "\(name): \(analysis.number(status.available, currency)) left"
    }

    static func balanceLabel(_ wallet: Int, _ balance: Money, _ analysis: BudgetAnalysis) -> String {
        let w = analysis.model.wallets[wallet]
        return "\(w.name) = \(analysis.text(balance, w.currency))"
    }
}
