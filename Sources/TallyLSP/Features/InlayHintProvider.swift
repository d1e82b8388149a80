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
        var result: [InlayHintInfo] = []
        forEachHint(in: analysis, path: path, range: range, options: options, shouldStop: shouldStop) { offset, kind, label in
            result.append(InlayHintInfo(offset: offset, label: String(decoding: label, as: UTF8.self), kind: kind))
        }
        return result
    }

    /// Calls `body` with each hint ``hints(in:path:range:options:shouldStop:)`` gives, in
    /// the same order, its label as UTF-8 bytes valid only during the call; returns false
    /// when `shouldStop` ended the walk early.
    ///
    /// No hint outlives its call: a whole file of 100k entries has about 190,000 hints, and
    /// the server prints each into its answer as it comes instead of holding them all
    /// (with a string each) beside the answer.
    @discardableResult
    public static func forEachHint(
        in analysis: BudgetAnalysis, path: String, range: ByteRange, options: InlayHintOptions,
        shouldStop: () -> Bool = { false },
        _ body: (_ offset: Int, _ kind: InlayHintKind, _ label: UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        // Every hint is a figure; none is shown when totals could have overflowed (E0404).
        guard analysis.model.totalsAreExact else { return true }
        guard options.envelopeLeft || options.runningBalance else { return true }
        let index = analysis.index
        let model = analysis.model
        var runs = EnvelopeRuns()
        // One entry's hints (a few), their labels' bytes side by side; both kept for the
        // next entry.
        var found: [(offset: Int, kind: InlayHintKind, label: Range<Int>)] = []
        var labels: [UInt8] = []
        for (n, node) in index.entries(in: path, overlapping: range).enumerated() {
            if n & 0xFF == 0xFF && shouldStop() { return false }
            guard let m = index.modelEntry(node, in: path) else { continue }
            found.removeAll(keepingCapacity: true)
            labels.removeAll(keepingCapacity: true)
            func add(_ offset: Int, _ kind: InlayHintKind, from start: Int) {
                if labels.count > start { found.append((offset, kind, start ..< labels.count)) }
            }
            let entry = model.entries[m]
            let lineEnd = node.endOfFirstLineContent
            switch entry.kind {
            case .transaction(let wallet, _, let postings):
                if options.envelopeLeft {
                    let hasSplits = node.child(.split) != nil
                    for posting in postings {
                        let start = labels.count
                        for e in model.envelopes(covering: posting.category, from: wallet) {
                            guard let status = model.envelopePeriod(e, containing: entry.date) else { continue }
                            let left = runs.leftAfter(e, status, entry: m, posting: posting.location, model) ?? status.available
                            if labels.count > start { labels.append(contentsOf: ", ".utf8) }
                            appendLabel(model.envelopes[e].name, left: left, analysis, to: &labels)
                        }
                        add(hasSplits ? posting.location.range.end : lineEnd, .envelopeLeft, from: start)
                    }
                }
                if options.runningBalance, let balance = model.balance(of: wallet, rightAfter: m) {
                    let start = labels.count
                    appendBalanceLabel(wallet, balance, analysis, to: &labels)
                    add(lineEnd, .runningBalance, from: start)
                }
            case .transfer(let from, let to, _, _):
                guard options.runningBalance else { continue }
                let start = labels.count
                for w in [from, to] {
                    guard let balance = model.balance(of: w, rightAfter: m) else { continue }
                    if labels.count > start { labels.append(contentsOf: ", ".utf8) }
                    appendBalanceLabel(w, balance, analysis, to: &labels)
                }
                add(lineEnd, .runningBalance, from: start)
            default:
                continue
            }
            inOrder(&found)
            labels.withUnsafeBufferPointer { bytes in
                for hint in found where range.contains(hint.offset) || hint.offset == range.end {
                    body(hint.offset, hint.kind, UnsafeBufferPointer(rebasing: bytes[hint.label]))
                }
            }
        }
        return true
    }

    /// Puts an entry's hints (a few) in order of offset, the equal ones as they came. The
    /// entries come in file order and each one's hints lie within it, so all the hints
    /// then come in order.
    private static func inOrder(_ hints: inout [(offset: Int, kind: InlayHintKind, label: Range<Int>)]) {
        guard hints.count > 1 else { return }
        for i in 1 ..< hints.count {
            let hint = hints[i]
            var j = i
            while j > 0 && hints[j - 1].offset > hint.offset {
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
        var bytes: [UInt8] = []
        appendLabel(name, left: left, analysis, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `NAME: FIGURE left`, or `NAME: FIGURE over` when the envelope is overspent.
    static func appendLabel(_ name: String, left: Money, _ analysis: BudgetAnalysis, to bytes: inout [UInt8]) {
        let currency = analysis.model.defaultCurrency
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: analysis.number(left.isNegative ? left.negated : left, currency).utf8)
        bytes.append(contentsOf: (left.isNegative ? " over" : " left").utf8)
    }

    /// `WALLET = AMOUNT CURRENCY`.
    static func appendBalanceLabel(_ wallet: Int, _ balance: Money, _ analysis: BudgetAnalysis, to bytes: inout [UInt8]) {
        let w = analysis.model.wallets[wallet]
        bytes.append(contentsOf: w.name.utf8)
        bytes.append(contentsOf: " = ".utf8)
        bytes.append(contentsOf: analysis.text(balance, w.currency).utf8)
    }
}
