import TallyCore
import TallySyntax

/// What each envelope holds as the entries of its period are read in order, kept between
/// the lines of one inlay-hint request.
///
/// The figure after a line is what the envelope held at the start of the period (carried
/// in and planned) plus every fill, move and covered spending of the period up to that
/// line. Read afresh for each line, a month of 800 entries costs 800 × 800 steps; kept
/// here, the next line of the same period goes on from the entry where the last reading
/// stopped. A line earlier in the budget than the last one read (files not in date order,
/// or another file's entries) starts over from the period's first entry.
struct EnvelopeRuns {
    /// Where the reading of one envelope's period stopped.
    private struct Run {
        /// The period's first day.
        var start: CivilDate
        /// The first entry not yet read.
        var next: Int
        /// What the envelope held after the entries before `next`; nil once spending in
        /// another currency came (its converted amount is the interpreter's alone).
        var left: Money?
    }

    private var runs: [Int: Run] = [:]

    /// What envelope `e` holds right after the posting at `posting` of entry `m`, or nil
    /// when spending in another currency comes first in the period (or a sum overflows).
    mutating func leftAfter(_ e: Int, _ status: EnvelopeStatus, entry m: Int, posting: SourceLocation, _ model: BudgetModel) -> Money? {
        var run: Run
        if let kept = runs[e], kept.start == status.start, kept.next <= m {
            run = kept
        } else {
            // The period's first entry: entries are in date order.
            var low = 0
            var high = m
            while low < high {
                let mid = (low + high) / 2
                if model.entries[mid].date < status.start { low = mid + 1 } else { high = mid }
            }
            run = Run(start: status.start, next: low, left: status.carriedIn.adding(status.planned))
        }
        let envelope = model.envelopes[e]
        while run.next < m, let left = run.left {
            run.left = Self.read(model.entries[run.next], into: left, envelope: e, envelope, model, until: nil)
            run.next += 1
        }
        runs[e] = run
        guard let left = run.left else { return nil }
        return Self.read(model.entries[m], into: left, envelope: e, envelope, model, until: posting)
    }

    /// `left` after `entry`'s fills, moves and covered spending for envelope `e` (after
    /// its posting at `until` only, when given), or nil when a covered posting is in
    /// another currency.
    private static func read(_ entry: Entry, into left: Money, envelope e: Int, _ envelope: Envelope, _ model: BudgetModel, until: SourceLocation?) -> Money? {
        var left = left
        switch entry.kind {
        case .transaction(let wallet, _, let postings):
            guard envelope.wallets.isEmpty || envelope.wallets.contains(wallet) else { return left }
            for p in postings {
                let category = model.categories[p.category]
                guard envelope.covers(category) else { continue }
                guard model.wallets[wallet].currency == model.defaultCurrency, let next = left.adding(p.amount) else { return nil }
                left = next
                if p.location == until { return left }
            }
        case .fill(let target, let amount) where target == e:
            left = left.adding(amount) ?? left
        case .move(let from, let to, let amount):
            if to == e { left = left.adding(amount) ?? left }
            if from == e { left = left.subtracting(amount) ?? left }
        default:
            break
        }
        return left
    }
}
