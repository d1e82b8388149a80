import TallyCore
import TallySyntax

/// The identity of each movement of a statement, written as the entry's `id:`.
///
/// The bank's own movement id when the statement gives one, as the budget keeps it
/// (`ImportedEntry.tidied`: a tab, a line break or two spaces are one space). Otherwise a fingerprint:
/// `fp:` + a hash of (wallet, date, amount, normalized payee and description) + `:` +
/// the row's occurrence number among the identical rows of its statement. A statement
/// that overlaps an earlier one gives the same fingerprints for the same movements, so
/// they are recognised; two identical purchases on one day are `…:1` and `…:2`, so both
/// stay. Nothing depends on dates already imported: a late-posted movement is new
/// whatever its date.
public enum MovementIdentity {
    /// The ids of `rows` (one statement's), in order.
    public static func ids(of rows: [StatementRow], wallet: String) -> [String] {
        var seen: [String: Int] = [:]
        return rows.map { row in
            // The id as the entry's `id:` line keeps it (runs of spaces and control
            // characters as one space), so that it reads back as the same id.
            if let id = row.bankID.map({ ImportedEntry.tidied($0.trimmingWhitespace) }), !id.isEmpty { return id }
            let text = MovementText.normalize([row.payee, row.description].compactMap { $0 }.joined(separator: " "))
            let key = [wallet, row.date.description, row.amount.formatted(scale: max(2, row.amount.significantScale)), text].joined(separator: "\u{1F}")
            let hash = MovementText.stableHash(key)
            seen[hash, default: 0] += 1
            return "fp:\(hash):\(seen[hash]!)"
        }
    }
}
