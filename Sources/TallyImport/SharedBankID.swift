import TallyCore
import TallySyntax

/// A bank id that more than one movement carries: some banks reuse an OFX `FITID` (a
/// counter per day, say), and two different movements must not become one.
///
/// A row is the movement that already holds its id when they agree: the same amount as
/// the budget's entry (its date may have moved, as banks re-date a posting), or, within
/// the statements of one import, the same date, amount and texts. Otherwise the id is
/// taken by another movement, and the row gets the first free of `ID#2`, `ID#3`, …,
/// tried the same way, so that importing the file again, or a later one holding either
/// movement, finds each where it was put.
enum SharedBankID {
    /// What is known of the budget's entry holding an id.
    struct Holder: Sendable {
        let date: CivilDate
        let file: String
        /// The transaction's amount; nil for an entry of another kind, which any row
        /// with its id is taken to be.
        let amount: Money?

        init(_ entry: Entry) {
            date = entry.date
            file = entry.location.file
            amount = entry.transaction?.amount
        }

        /// The holder of an id on an entry that is no plain transaction (a transfer's side).
        init(date: CivilDate, file: String, amount: Money? = nil) {
            self.date = date
            self.file = file
            self.amount = amount
        }
    }

    /// The id for `row`, whose statement gives `id`, and, when that is not `id`, a note
    /// saying why.
    static func resolve(
        _ id: String, of row: StatementRow, in path: String, known: [String: Holder],
        thisImport: [String: (path: String, row: StatementRow)]
    ) -> (id: String, note: String?) {
        // Fingerprints are numbered already; only the bank's ids can be shared.
        guard row.bankID != nil else { return (id, nil) }
        var candidate = id
        var number = 1
        while true {
            if let holder = known[candidate] {
                if holder.amount == nil || holder.amount == row.amount { break }
            } else if let earlier = thisImport[candidate] {
                if earlier.row.date == row.date && earlier.row.amount == row.amount && earlier.row.payee == row.payee
                    && earlier.row.description == row.description
                {
                    break
                }
            } else {
                break
            }
            number += 1
            candidate = "\(id)#\(number)"
        }
        guard number > 1 else { return (id, nil) }
        return (candidate, "the bank id \(id) is also that of another movement (a different amount or text); kept as \(candidate)")
    }
}
