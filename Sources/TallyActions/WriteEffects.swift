import TallyCore
import TallySyntax

/// What a write did, for its answer: the lines written, and the warnings it raised —
/// an envelope it took over, ready to assign it took below zero, and what `tally check`
/// says about the new lines themselves. Every action that writes (``AddEntry``,
/// ``EditEntry``, ``DeleteEntry``, ``UndoWrite``, ``EnvelopeMoney``, ``RecordOccurrences``)
/// returns one; the command line and the web
/// app print it, so that a purchase that overspends never answers just "Added".
///
/// The figures are found by comparing the budget before and after the write, by the
/// interpreter's own figures (``BudgetModel/envelopeStatus(_:at:)``,
/// ``BudgetModel/readyToAssign(at:)``): an envelope whose period holding a written date,
/// or today, now has less than nothing, and changed; ready to assign below zero on a
/// written date, or today, and changed. A second purchase in an envelope already over is said again,
/// though `tally check` warns only on the first (W0501).
public struct WriteEffects: Sendable, Equatable {
    /// The lines written (or that a dry run would write), each file's in order.
    public let lines: [String]
    /// The warnings, in words: `Dining is over for 2026-11: -11.30 left`.
    public let warnings: [String]
    /// What takes the write back (``UndoWrite``); nil for a dry run.
    public let undo: WriteUndo?
    /// What the write changed of what a person budgets by, in words, where no warning
    /// says it already: each envelope left with another amount for the period of a
    /// written date (`Fun: 8.00 left for 2026-11`).
    public let changes: [String]

    /// Creates the effects from what the answer already says.
    public init(lines: [String], warnings: [String], undo: WriteUndo? = nil, changes: [String] = []) {
        self.lines = lines
        self.warnings = warnings
        self.undo = undo
        self.changes = changes
    }

    /// Compares `before` with `after` on the `dates` the write wrote entries on and on
    /// `today`, and adds the warnings `diagnostics` (the new lines' own) give that the
    /// figures do not already say.
    init(
        lines: [String], before: BudgetModel, after: BudgetModel, dates: [CivilDate], today: CivilDate, diagnostics: [Diagnostic],
        undo: WriteUndo? = nil
    ) {
        var warnings: [String] = [], changes: [String] = []
        // The written dates, and today after them: an overspent period a rollover carries
        // on to today's is said there too.
        let written = Array(Set(dates)).sorted()
        var days = written
        if let last = days.last, last < today { days.append(today) }
        let currency = after.defaultCurrency
        for (e, envelope) in after.envelopes.enumerated() {
            let old = before.envelopes.firstIndex { $0.name == envelope.name }
            var said = Set<CivilDate>()
            for day in days {
                guard let now = after.envelopeStatus(e, at: day), !said.contains(now.start) else { continue }
                let was = old.flatMap { before.envelopeStatus($0, at: day) }
                guard was?.available != now.available else { continue }
                let left = after.text(now.available, currency, code: false), period = envelope.period.label(now.start)
                if now.available.isNegative {
                    said.insert(now.start)
                    warnings.append("\(envelope.name) is over for \(period): \(left) left")
                } else if written.contains(day) {
                    said.insert(now.start)
                    changes.append("\(envelope.name): \(left) left for \(period)")
                }
            }
        }
        for day in days {
            guard let now = after.readyToAssign(at: day), now.isNegative, before.readyToAssign(at: day) != now else { continue }
            warnings.append("ready to assign is \(after.text(now, currency, code: false)) on \(day)")
            break
        }
        // The figures say these better: W0501 only on the first entry over, W0503 and
        // W0514 as ready to assign.
        let said: Set<DiagnosticCode> = [.envelopeOverspent, .readyToAssignNegative, .unbudgetedSpending]
        warnings += diagnostics.filter { $0.severity == .warning && !said.contains($0.code) }.map { "\($0.code.rawValue): \($0.message)" }
        self.init(lines: lines, warnings: warnings, undo: undo, changes: changes)
    }
}
