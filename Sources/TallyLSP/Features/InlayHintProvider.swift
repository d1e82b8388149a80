import TallyCore
import TallySyntax

/// Figures shown inline at the end of lines: after each spending line, what is left in
/// each envelope it counts in for that period; after each transaction or transfer, the
/// balance of its wallets right after it.
///
/// The envelope figure runs like a balance: what the envelope holds for the period right
/// after that line (carried in and planned, plus fills and moves so far, minus spending so
/// far). When spending from a wallet in another currency came before it in the period
/// (converted at rates only the interpreter keeps), the hint shows what the whole period
/// leaves instead, as the hover does. Balances are index look-ups; an envelope figure
/// reads the entries of its period up to the line, and the next line's figure goes on from
/// where that reading stopped (``EnvelopeRuns``), so a whole file costs one pass over its
/// periods rather than one per line.
public enum InlayHintProvider {
    /// The hints for the entries of `path` that overlap `range`, in order.
    ///
    /// A whole file of 100k entries takes seconds, so `shouldStop` is asked every 256
    /// entries; once it says yes, the hints found so far are returned (the server answers
    /// the cancelled request with RequestCancelled instead).
    public static func hints(
        in analysis: BudgetAnalysis, path: String, range: ByteRange, options: InlayHintOptions,
        shouldStop: () -> Bool = { false }
    ) -> [InlayHintInfo] {
        // Every hint is a figure; none is shown when totals could have overflowed (E0404).
        guard analysis.model.totalsAreExact else { return [] }
        guard options.envelopeLeft || options.runningBalance else { return [] }
        let index = analysis.index
        let model = analysis.model
        var result: [InlayHintInfo] = []
        var runs = EnvelopeRuns()
        for (n, node) in index.entries(in: path, overlapping: range).enumerated() {
            if n & 0xFF == 0xFF && shouldStop() { return result }
            guard let m = index.modelEntry(node, in: path) else { continue }
            let entry = model.entries[m]
            let first = result.count
            defer { inOrder(&result, from: first) }
            let lineEnd = node.endOfFirstLineContent
            switch entry.kind {
            case .transaction(let wallet, _, let postings):
                if options.envelopeLeft {
                    let hasSplits = node.child(.split) != nil
                    for posting in postings {
                        let offset = hasSplits ? posting.location.range.end : lineEnd
                        let labels = model.envelopes(covering: posting.category, from: wallet).compactMap { e -> String? in
                            guard let status = model.envelopePeriod(e, containing: entry.date) else { return nil }
                            let left = runs.leftAfter(e, status, entry: m, posting: posting.location, model) ?? status.available
                            return label(model.envelopes[e].name, left: left, analysis)
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
        // In place: a whole file has a hint on nearly every line, and each copy of the
        // list (filtered, numbered, sorted) was megabytes more at the request's peak.
        result.removeAll { !(range.contains($0.offset) || $0.offset == range.end) }
        return result
    }

    /// Puts an entry's hints (those from `start` on: a few) in order of offset, the equal
    /// ones as they came. The entries come in file order and each one's hints lie within
    /// it, so the whole list is then in order.
    private static func inOrder(_ hints: inout [InlayHintInfo], from start: Int) {
        guard hints.count - start > 1 else { return }
        for i in (start + 1) ..< hints.count {
            let hint = hints[i]
            var j = i
            while j > start && hints[j - 1].offset > hint.offset {
                hints[j] = hints[j - 1]
                j -= 1
            }
            hints[j] = hint
        }
    }

    static func envelopeLabel(_ name: String, _ status: EnvelopeStatus, _ analysis: BudgetAnalysis) -> String {
        label(name, left: status.available, analysis)
    }

    static func label(_ name: String, left: Money, _ analysis: BudgetAnalysis) -> String {
        let currency = analysis.model.defaultCurrency
        return left.isNegative
            ? "\(name): \(analysis.number(left.negated, currency)) over"
            : "\(name): \(analysis.number(left, currency)) left"
    }

    static func balanceLabel(_ wallet: Int, _ balance: Money, _ analysis: BudgetAnalysis) -> String {
        let w = analysis.model.wallets[wallet]
        return "\(w.name) = \(analysis.text(balance, w.currency))"
    }
}
