import Dispatch
import TallySyntax
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks after screening, in two lanes that may run at once.
///
/// Once the entries are screened and the exchange rates gathered (``screenEntries()``),
/// the checks split into two lanes that share nothing they write:
///
/// - the ledger lane: ``walkLedger()`` (balances, wallet histories, duplicates,
///   assertions), ``checkRecurring()``, ``checkUnused()``;
/// - the envelope lane: ``computeEnvelopes()``, ``checkReadyToAssign()``,
///   ``checkOverlaps()``, ``tallyGoals()``, ``judgeGoals()`` — every check that converts an amount, so
///   the set of entries whose missing rate was reported stays one lane's.
///
/// Neither lane reads what the other writes: the envelope lane never reads a balance,
/// and the ledger lane never reads an envelope period, a goal or a rate. Each lane runs
/// on its own copy of the walk; the join takes the ledger lane's copy and moves the
/// envelope lane's results into it, and puts the diagnostics in the order the checks
/// have when run one after another (walk, envelopes, ready to assign, overlaps,
/// recurring, goals, unused), so the result does not depend on which lane finished
/// first. `WalkLanesTests` checks that both ways agree.
extension Walk {
    /// Budgets with at least this many entries run the two lanes on two cores; smaller
    /// ones run them one after the other, where starting a thread would cost more than
    /// it saves. Tests set it to 0 to run small budgets both ways.
    static let concurrentLanesThreshold = 20_000

    /// Runs the ledger and envelope lanes, at once when `concurrently` is true.
    mutating func runLanes(concurrently: Bool) {
        var envelopes = self
        envelopes.diagnostics = []
        if concurrently {
            let ledgerStart = self
            let envelopeStart = envelopes
            let ledgerDone = ResultSlots<(walk: Walk, marks: LedgerMarks)>(count: 1)
            let envelopesDone = ResultSlots<(walk: Walk, mark: Int)>(count: 1)
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                if lane == 0 {
                    var walk = ledgerStart
                    let marks = walk.runLedgerLane()
                    ledgerDone.store((walk, marks), at: 0)
                } else {
                    var walk = envelopeStart
                    let mark = walk.runEnvelopeLane()
                    envelopesDone.store((walk, mark), at: 0)
                }
            }
            // Taken out of the slots, so that the join holds the only reference to each
            // lane's arrays.
            let ledger = ledgerDone.take(0)
            let finished = envelopesDone.take(0)
            self = ledger.walk
            join(finished.walk, ledgerMarks: ledger.marks, envelopeMark: finished.mark)
        } else {
            let marks = runLedgerLane()
            let mark = envelopes.runEnvelopeLane()
            join(envelopes, ledgerMarks: marks, envelopeMark: mark)
        }
    }

    /// Where each lane's diagnostics end, so the join can interleave them.
    struct LedgerMarks {
        /// End of the walk's diagnostics (those of the lowering and screening come before).
        var afterWalk: Int
        /// End of the recurring entries' diagnostics.
        var afterRecurring: Int
    }

    /// The ledger lane; returns where its checks' diagnostics end.
    mutating func runLedgerLane() -> LedgerMarks {
        walkLedger()
        let afterWalk = diagnostics.count
        checkRecurring()
        let afterRecurring = diagnostics.count
        checkUnused()
        return LedgerMarks(afterWalk: afterWalk, afterRecurring: afterRecurring)
    }

    /// The envelope lane, on a copy whose diagnostics start empty; returns where those
    /// before the goals' end.
    mutating func runEnvelopeLane() -> Int {
        // Goals are tallied first: the envelopes leave out what a goal pays, and ready to
        // assign moves with what goals save. What the tally reports keeps its place with
        // the goals' diagnostics.
        tallyGoals()
        goalsInBudget = l.goals.indices.map(goalIsInBudget)
        let tallied = diagnostics
        diagnostics = []
        computeEnvelopes()
        checkReadyToAssign()
        checkOverlaps()
        let beforeGoals = diagnostics.count
        diagnostics += tallied
        judgeGoals()
        return beforeGoals
    }

    /// Takes the envelope lane's results into this (the ledger lane's) walk.
    mutating func join(_ envelopes: consuming Walk, ledgerMarks marks: LedgerMarks, envelopeMark: Int) {
        periods = envelopes.periods
        envelopeSpans = envelopes.envelopeSpans
        readyToAssign = envelopes.readyToAssign
        uncoveredCardDebt = envelopes.uncoveredCardDebt
        goalHistory = envelopes.goalHistory
        goalsInBudget = envelopes.goalsInBudget
        conversionReported = envelopes.conversionReported
        let other = envelopes.diagnostics
        let ledger = diagnostics
        var all: [Diagnostic] = []
        all.reserveCapacity(ledger.count + other.count)
        all += ledger[..<marks.afterWalk]
        all += other[..<envelopeMark]
        all += ledger[marks.afterWalk ..< marks.afterRecurring]
        all += other[envelopeMark...]
        all += ledger[marks.afterRecurring...]
        diagnostics = all
    }
}
