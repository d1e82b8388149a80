import TallyCore

/// What a CSV statement's running balance column says beyond each row's balance: which
/// way a row moved when its amount's minus and its direction column disagree, and
/// whether the balance counts rows that are not booked (Grammar.md §7.1, "Running
/// balances"). The balance is the bank's own figure for the account, so where it speaks
/// it decides; where it is silent, nothing is guessed.
enum RunningBalance {
    /// A row that is not booked, as the balance may count it: its line in the file, what
    /// it would move (its amount and fee) and the balance written on it.
    struct Pending {
        let line: Int
        let movement: Money
        let balance: Money?
    }

    /// Takes the pending rows the running balance counts out of the booked rows'
    /// balances, so that the balance Tally asserts is that of the booked movements; the
    /// lines of the pending rows it counted. `rows` are in booking order, `reversed` when
    /// the file lists them newest first. A pending row is counted when its balance is the
    /// previous row's plus its movement (PayPal's `Pending` deposits).
    static func leaveOut(_ pending: [Pending], from rows: inout [StatementRow], reversed: Bool) -> Set<Int> {
        guard !pending.isEmpty, rows.contains(where: { $0.balance != nil }) else { return [] }
        // Booked (an index into rows) and pending rows, in booking order.
        var sequence: [(line: Int, row: Int?, pending: Pending?)] = rows.indices.map { (rows[$0].position.line, $0, nil) } + pending.map { ($0.line, nil, $0) }
        sequence.sort { $0.line < $1.line }
        if reversed { sequence.reverse() }
        var last: Money?
        var offset = Money.zero
        var counted: Set<Int> = []
        for item in sequence {
            if let i = item.row {
                guard let balance = rows[i].balance else { continue }
                last = balance
                rows[i].balance = balance.subtracting(offset) ?? balance
            } else if let p = item.pending, let balance = p.balance {
                if let last, last.adding(p.movement) == balance, !p.movement.isZero, let sum = offset.adding(p.movement) {
                    offset = sum
                    counted.insert(p.line)
                }
                last = balance
            }
        }
        return counted
    }

    /// Decides each contested row (``CSVRowReader/Contest``) by the running balance: the
    /// row's balance less the previous row's is what it moved, with its fee. The
    /// direction's reading or the amount as written, whichever that confirms, is kept;
    /// a row it confirms neither way (or without the two balances) is taken out of
    /// `rows` and `fees` and refused with the reason.
    static func decide(
        _ contests: [CSVRowReader.Contest?], rows: inout [StatementRow], fees: inout [Money?]
    ) -> [(position: StatementPosition, reason: String)] {
        var refused: [(position: StatementPosition, reason: String)] = []
        var out: Set<Int> = []
        for (i, contest) in contests.enumerated() {
            guard let contest else { continue }
            let fee = fees[i] ?? .zero
            if i > 0, let after = rows[i].balance, let before = rows[i - 1].balance, let moved = after.subtracting(before) {
                if rows[i].amount.adding(fee) == moved { continue }
                if contest.written.adding(fee) == moved {
                    rows[i].amount = contest.written
                    rows[i].payee = contest.payee
                    continue
                }
                refused.append((rows[i].position, contest.reason + "; the running balance (\(before) → \(after)) confirms neither sign"))
            } else {
                refused.append((rows[i].position, contest.reason + (rows[i].balance == nil ? "" : "; no balance before it tells which sign is right")))
            }
            out.insert(i)
        }
        guard !out.isEmpty else { return [] }
        rows = rows.indices.filter { !out.contains($0) }.map { rows[$0] }
        fees = fees.indices.filter { !out.contains($0) }.map { fees[$0] }
        return refused
    }
}
