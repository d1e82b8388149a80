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
    /// The columns that share a row's money out between its movement and its fee.
    static let parts: Set<CSVColumns.Role> = [.fee, .gross, .net]

    /// A row's money as its cells give it: the amount (signed, nil without an amount
    /// column), and its gross, fee and net when the statement has those columns.
    struct Cells {
        var amount: Money?
        /// True when the amount column is the fee column (`amount: "Fee"`).
        var amountIsFee = false
        var gross: Money?
        var fee: Money?
        var net: Money?
    }

    /// The row's movement and its fee as a movement of its own (negative when charged),
    /// or why the row's figures contradict each other. Gross and net, when both are
    /// given, must differ by the fee (`50.00` + `-1.75` = `48.25`, or the fee written as a
    /// charge, `1.75`); the amount column means what it equals: the net includes the fee
    /// (one movement), the gross excludes it (the fee a movement of its own). Without
    /// them, a fee column is charged on top of the amount.
    static func settle(_ cells: Cells, name: (CSVColumns.Role) -> String) -> Result<(amount: Money, fee: Money?), Contradiction> {
        let charged = cells.fee.map { $0.isNegative ? $0 : $0.negated }
        guard let gross = cells.gross, let net = cells.net else {
            if let net = cells.net {
                // The net includes the fee: an amount that is not the net must be the gross.
                guard let amount = cells.amount, amount != net else { return .success((net, nil)) }
                return amount.adding(charged ?? .zero) == net ? .success((amount, charged)) : .failure(.init(neither: amount, gross: nil, net: net, name: name))
            }
            if let gross = cells.gross {
                guard let amount = cells.amount, amount != gross, !cells.amountIsFee else { return .success((gross, charged)) }
                // An amount that is not the gross must be the net, which includes the fee.
                guard let charged, gross.adding(charged) == amount else { return .failure(.init(neither: amount, gross: gross, net: nil, name: name)) }
                return .success((amount, nil))
            }
            return .success((cells.amount ?? .zero, cells.amountIsFee ? nil : charged))
        }
        guard let difference = net.subtracting(gross) else { return .failure(Contradiction(text: "the amounts are too large")) }
        if let fee = cells.fee, fee != difference, fee.negated != difference {
            return .failure(
                Contradiction(
                    text: "\(name(.gross)) \(gross) and \(name(.fee)) \(fee) do not make \(name(.net)) \(net): which figure moved the account is not known"))
        }
        let fee: Money? = difference.isZero ? nil : difference
        switch cells.amount {
        case nil: return .success((gross, fee))
        case net: return .success((net, nil))
        case gross: return .success((gross, fee))
        case let amount? where cells.amountIsFee && (amount == cells.fee): return .success((gross, fee))
        case let amount?: return .failure(.init(neither: amount, gross: gross, net: net, name: name))
        }
    }

    /// Why a row's figures are refused.
    struct Contradiction: Error {
        let text: String

        init(text: String) { self.text = text }

        /// An amount that is neither the gross nor the net the row gives.
        init(neither amount: Money, gross: Money?, net: Money?, name: (CSVColumns.Role) -> String) {
            let named = [gross.map { "the gross \($0) (\(name(.gross)))" }, net.map { "the net \($0) (\(name(.net)))" }].compactMap { $0 }
            text = "the amount \(amount) in column \(name(.amount)) is neither \(named.joined(separator: " nor ")): which figure moved the account is not known"
        }
    }

    /// `rows` (in booking order) with each nonzero fee movement of `fees` (one per row,
    /// signed as ``settle(_:name:)`` gives it) after its row. A row whose amount is zero
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
            out.append(
                StatementRow(
                    date: row.date, amount: fee, payee: row.label, description: "fee", bankID: row.bankID.map { $0 + ":fee" },
                    balance: row.balance, position: row.position))
        }
        return out
    }
}
