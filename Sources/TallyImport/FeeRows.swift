import TallyCore

/// A fee a CSV statement gives in a column of its own (Revolut's `Fee`, a `Gebühr`): the
/// bank charged it on top of the row's amount, so the account moved by the amount less
/// the fee, which is what the row's running balance shows (Grammar.md §7.1, "Fees").
///
/// The fee becomes a movement of its own, right after the row's: money out, the row's
/// payee (else its description) as payee, `fee` as description, and the row's bank id
/// with `:fee` after it. Two movements rather than one, because the row's money and the
/// fee go to different places: 50.00 from a cash machine goes to the cash wallet (a
/// `match` rule's transfer), the 1.50 fee is spending. The running balance belongs to
/// the fee, which is booked second.
enum FeeRows {
    /// `rows` (in booking order) with each nonzero fee of `fees` (one per row) after its
    /// row. A fee is what was charged whatever its sign: fee columns carry no refunds,
    /// and banks write a charge both as `1.50` and `-1.50`. A row whose amount is zero
    /// and whose fee is not is the fee alone.
    static func expand(_ rows: [StatementRow], fees: [Money?]) -> [StatementRow] {
        guard fees.contains(where: { $0.map { !$0.isZero } ?? false }) else { return rows }
        var out: [StatementRow] = []
        out.reserveCapacity(rows.count + 8)
        for (row, fee) in zip(rows, fees) {
            guard let fee, !fee.isZero else {
                out.append(row)
                continue
            }
            var movement = row
            movement.balance = nil
            if !row.amount.isZero { out.append(movement) }
            let charged = fee.isNegative ? fee : fee.negated
            out.append(
                StatementRow(
                    date: row.date, amount: charged, payee: row.label, description: "fee", bankID: row.bankID.map { $0 + ":fee" },
                    balance: row.balance, position: row.position))
        }
        return out
    }
}
