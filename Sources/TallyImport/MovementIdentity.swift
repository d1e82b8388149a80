import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// The identity of each movement of a statement, written as the entry's `id:`
/// (Grammar.md §7.3, "Identity").
///
/// The bank's own movement id when the statement gives one, as the budget keeps it
/// (`ImportedEntry.tidied`: a tab, a line break or two spaces are one space). Otherwise a
/// fingerprint of what the statement itself says, never of what Tally made of it:
/// - a CSV row: `csv:` + a hash of (wallet, amount, the row's cells) + `:` + the row's
///   occurrence number among the identical rows of its statement. The cells are taken
///   whole, whichever the import profile reads as payee, description or date, each
///   lowercased, without accents and with only its letters and digits (so quoting,
///   spacing, a byte-order mark, the encoding and Unicode normalization do not count),
///   and in sorted order (so the columns' order does not either);
/// - a row of another format: `fp:` + a hash of (wallet, date, amount, normalized payee
///   and description), which that format's reader takes from the file as written, + `:N`.
///
/// A statement that overlaps an earlier one, or the same one downloaded for a longer
/// period, gives the same fingerprints for the same movements, so they are recognised;
/// two identical purchases on one day are `…:1` and `…:2`, so both stay. Nothing depends
/// on dates already imported: a late-posted movement is new whatever its date. A movement
/// already imported under another kind of id (a CSV's then a CAMT's, or a fingerprint
/// written before the cells counted) is recognised by ``IdentityFallback``.
public enum MovementIdentity {
    /// What an id is: the kinds one movement can be known by, which ``IdentityFallback``
    /// bridges.
    public enum Kind: Sendable, Equatable {
        /// The bank's own movement id.
        case bank
        /// `fp:`: the fingerprint of a row's date, amount, payee and description.
        case texts
        /// `csv:`: the fingerprint of a CSV row's cells.
        case cells
    }

    /// The kind of `id`, by its prefix.
    public static func kind(of id: String) -> Kind {
        if id.hasPrefix(textsPrefix) { return .texts }
        return id.hasPrefix(cellsPrefix) ? .cells : .bank
    }

    static let textsPrefix = "fp:", cellsPrefix = "csv:"

    /// The ids of `rows` (one statement's), in order.
    public static func ids(of rows: [StatementRow], wallet: String) -> [String] {
        var seen: [String: Int] = [:]
        return rows.map { row in
            // The id as the entry's `id:` line keeps it (runs of spaces and control
            // characters as one space), so that it reads back as the same id.
            if let id = row.bankID.map({ ImportedEntry.tidied($0.trimmingWhitespace) }), !id.isEmpty { return id }
            let amount = row.amount.formatted(scale: max(2, row.amount.significantScale))
            let prefix: String, key: String
            if let cells = row.cells {
                // The date is among the cells as written: a profile reading another date
                // column does not make the movement another one.
                prefix = cellsPrefix
                key = ([wallet, amount] + cells.map(normalizedCell).filter { !$0.isEmpty }.sorted()).joined(separator: "\u{1F}")
            } else {
                prefix = textsPrefix
                let text = MovementText.normalize([row.payee, row.description].compactMap { $0 }.joined(separator: " "))
                key = [wallet, row.date.description, amount, text].joined(separator: "\u{1F}")
            }
            let hash = prefix + MovementText.stableHash(key)
            seen[hash, default: 0] += 1
            return "\(hash):\(seen[hash]!)"
        }
    }

    /// A cell as its fingerprint counts it: lowercase, accents removed, letters and digits
    /// only, every run of anything else one space (`"1.534,36 €"` is `1 534 36`).
    static func normalizedCell(_ cell: String) -> String { MovementText.folded(cell, keepingDigits: true) }
}

extension Statement {
    /// Gives each row the cells of the CSV line it was read from (a fee the bank charged
    /// on a row shares its line), which its fingerprint is made of.
    mutating func keepCells(of records: [CSVRecords.Record]) {
        let cells = Dictionary(records.map { ($0.line, $0.fields) }, uniquingKeysWith: { first, _ in first })
        for i in rows.indices { rows[i].cells = cells[rows[i].position.line] }
    }
}
