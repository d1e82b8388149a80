import TallySyntax

extension Entry {
    /// True for an entry that moves or assigns money: a transaction, a transfer, a fill or
    /// a move.
    var movesMoney: Bool {
        switch stored {
        case .plain, .other(.transaction), .other(.transfer), .other(.fill), .other(.move): return true
        default: return false
        }
    }

    /// The date of the first entry (of `entries`, in date order) that moves or assigns
    /// money. It opens the first envelope period, and is the day openings without a date
    /// come in: a `rate`, `assert`, `skip` or goal contribution dated earlier has no money
    /// to budget, so it opens nothing.
    static func firstMovement(in entries: [Entry]) -> CivilDate? {
        entries.first(where: \.movesMoney)?.date
    }
}
