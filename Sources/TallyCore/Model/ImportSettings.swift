#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The settings an `import` profile may state (Grammar.md §7.1): the vocabulary the lowering
// checks a profile against and the model carries, so that TallyImport reads statements by
// the same words. Reading statements is TallyImport's; here are only the names.

/// The text encodings a statement may come in, by the names an `import` profile's
/// `encoding` and a statement's header use. How bytes are decoded is TallyImport's.
public enum StatementEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1250 = "windows-1250"
    case windows1252 = "windows-1252"
    case iso8859_1 = "iso-8859-1"
    case iso8859_2 = "iso-8859-2"
    case iso8859_15 = "iso-8859-15"

    /// Reads a name as users and statement headers write it: `UTF-8`, `utf8`, `cp1252`,
    /// `1252`, `latin1`, `ISO-8859-2`.
    public init?(name: String) {
        let n = name.lowercased().replacingText("_", with: "-")
        switch n {
        case "utf-8", "utf8": self = .utf8
        case "utf-16", "utf16", "unicode": self = .utf16
        case "utf-16le", "utf16le": self = .utf16LE
        case "utf-16be", "utf16be": self = .utf16BE
        case "windows-1250", "cp1250", "1250", "win1250": self = .windows1250
        case "windows-1252", "cp1252", "1252", "win1252", "ansi": self = .windows1252
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1": self = .iso8859_1
        case "iso-8859-2", "iso8859-2", "latin2", "latin-2": self = .iso8859_2
        case "iso-8859-15", "iso8859-15", "latin9", "latin-9": self = .iso8859_15
        default: return nil
        }
    }

    /// The names accepted, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The date formats banks and budgeting apps write, as an `import` profile's `dates`
/// names them; in the order TallyImport tries them on a column. Reading dates is
/// TallyImport's. A two-digit year (`YY`) is always 20YY (`3/14/26` is 2026-03-14, `99`
/// 2099): the apps and banks that write it were made after 2000, and a day of the last
/// century is written in four digits. With two digits the year's place is not told by its
/// width either, so `03/01/26` reads three ways (MM/DD/YY, DD/MM/YY, YY/MM/DD) and a
/// column is refused unless one reading alone reads it, or the file's evidence decides.
public enum DateFormat: String, Sendable, CaseIterable {
    case iso = "YYYY-MM-DD"
    case compact = "YYYYMMDD"
    case dayDotted = "DD.MM.YYYY"
    case monthSlashed = "MM/DD/YYYY"
    case daySlashed = "DD/MM/YYYY"
    case dayDashed = "DD-MM-YYYY"
    case isoSlashed = "YYYY/MM/DD"
    case dayDottedShort = "DD.MM.YY"
    case monthSlashedShort = "MM/DD/YY"
    case daySlashedShort = "DD/MM/YY"
    case yearSlashedShort = "YY/MM/DD"

    /// Reads a format as written in `--date-format` (`DD.MM.YYYY`, `dd/mm/yyyy`).
    public init?(name: String) {
        guard let format = DateFormat(rawValue: name.uppercased()) else { return nil }
        self = format
    }
}

/// The character that separates an amount's decimals in a statement, by the word an
/// `import` profile's `decimal` names it with (`decimal comma`).
public enum DecimalMark: String, Sendable, Equatable, CaseIterable { case comma, point }

/// What a column of a CSV statement holds, as an `import` profile's column roles
/// (`date: "Buchungstag"`, `date: 1`) name it: `sign` is a direction column (`Af`/`Bij`,
/// `D`/`C`), `status` says whether a movement is booked, `gross` and `net` are the amount
/// before and after the row's fee (PayPal's `Gross`, `Net`), `payer` and `recipient`
/// name who paid and who was paid (DKB's `Zahlungspflichtige*r`, `Zahlungsempfänger*in`).
public enum StatementColumn: String, Sendable, CaseIterable {
    case date, amount, debit, credit, payee, description, id, balance, currency, sign, status, fee, gross, net, payer, recipient
}

/// What a word of a status or sign column says, as a profile's word lines name it
/// (`pending: "In Bearbeitung"`): booked, pending, not carried out, money out, money in.
public enum StatementWord: String, Sendable, CaseIterable {
    case booked, pending, void, out
    case `in`
}
