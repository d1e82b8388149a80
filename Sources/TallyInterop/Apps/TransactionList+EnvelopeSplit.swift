import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Goodbudget's split transactions: one row, its parts in `Details` as
/// `ENVELOPE|AMOUNT||ENVELOPE|AMOUNT` (how public importers of its export read it; the
/// app does not describe the column). The reading is taken only when the export proves
/// it: every part names an envelope other rows of the export name, and the parts come
/// to the row's amount; else the row is listed, never spread by a guess.
extension TransactionList {
    /// The parts `details` writes, amounts read with the file's decimal mark; nil when a
    /// part is not `ENVELOPE|AMOUNT`.
    static func envelopeParts(_ details: String, _ mark: DecimalMark) -> [(envelope: String, amount: Money)]? {
        var parts: [(envelope: String, amount: Money)] = []
        for piece in details.split(separator: "||") {
            let fields = piece.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].trimmedSpaces.isEmpty, let amount = AppAmount(String(fields[1]), mark: mark) else { return nil }
            parts.append((fields[0].trimmedSpaces, amount.number))
        }
        return parts.isEmpty ? nil : parts
    }

    /// `row`, a split, as one transaction: its amount in its wallet, each part in its
    /// envelope. A part's envelope is one of `envelopes` as written, or after its group
    /// (`Bills: Rent` is `Rent`). The parts come to the row's amount as written, or, all
    /// without sign, to its opposite (each part then takes the row's sign).
    mutating func addEnvelopeSplit(_ row: Row, envelopes: Set<String>, _ categoryAccount: (String) -> String) {
        func listed(_ reason: String) { content.leftOut.append(LeftOut(source: row.source, reason: reason)) }
        guard !row.account.isEmpty else { return listed("a split without an account") }
        var names: [String] = []
        for part in row.parts {
            let grouped = part.envelope.split(separator: ":").last.map { String($0).trimmedSpaces }
            guard let name = envelopes.contains(part.envelope) ? part.envelope : grouped.flatMap({ envelopes.contains($0) ? $0 : nil }) else {
                return listed("a split part in `\(part.envelope)`, an envelope no other row of the export names")
            }
            names.append(name)
        }
        var total = Money.zero
        for part in row.parts {
            guard let sum = total.adding(part.amount) else { return listed("a split whose total is too large to compute exactly") }
            total = sum
        }
        let unsigned = row.parts.allSatisfy { !$0.amount.isNegative }
        guard total == row.amount.number || (unsigned && total == row.amount.number.negated) else {
            return listed("a split whose parts (`Details`) come to \(total), not to its amount \(row.amount.number)")
        }
        let asWritten = total == row.amount.number
        var t = transaction(row)
        t.postings = [PeerPosting(account: walletAccount(row.account), amount: row.amount, source: row.source)]
        for (name, part) in zip(names, row.parts) {
            // The envelope's side is the part's opposite: a part written without sign is
            // already so (the row's sign is the wallet's).
            let spent = asWritten ? part.amount.negated : part.amount
            t.postings.append(PeerPosting(account: categoryAccount(name), amount: PeerAmount(number: spent, commodity: row.amount.commodity), source: row.source))
            if !splitEnvelopes.contains(name) { splitEnvelopes.append(name) }
        }
        content.transactions.append(t)
    }
}
