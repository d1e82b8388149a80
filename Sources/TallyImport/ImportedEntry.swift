import TallyCore
import TallySyntax

/// The text of a transaction written by `tally import`: the date, the payee (and the
/// statement's description as the note when it says more), the wallet, the category
/// (left out when a `payee` rule books the entry, or when a `match` rule splits it), the
/// amount, a split rule's lines, and the movement's id on an indented `id:` line.
/// Fields are two spaces apart: the formatter lays the lines out in their block's columns
/// when they are written (`EntryLayout`).
///
/// Split lines are written as `tally record` writes a recurring entry's: below the
/// header that carries the whole amount, in the rule's order, the line that takes the
/// rest without an amount.
public struct ImportedEntry: Sendable {
    /// A writer of entries.
    public init() {}

    /// One split line.
    public struct Part: Sendable {
        /// The category's name.
        public let category: String
        /// The signed amount; nil for the line that takes the rest.
        public let amount: Money?
        /// The line's tags, without `#`.
        public let tags: [String]
        /// The line's note.
        public let note: String?

        /// The line `line` of a split rule, its category named `name`.
        public init(_ line: RuleSplit.Line, name: String) {
            category = name
            amount = line.isRest ? nil : line.amount
            tags = line.tags
            note = line.note
        }
    }

    /// The lines (without line endings) of one entry. The wallet and the category are
    /// named as the file writes them (``SourceWriter/name(_:)``): an import writes the
    /// same few names on every entry, and writes each once.
    public func lines(
        date: CivilDate, payee: String?, note: String?, writtenWallet: String, writtenCategory: String?, amount: String, tags: [String] = [],
        split: [Part] = [], id: String
    ) -> [String] {
        var line = SourceWriter.date(date)
        line.reserveCapacity(128)
        if let payee {
            line += " "
            line += Self.text(payee)
        }
        if let note {
            line += " "
            line += Self.text(note)
        }
        line += "  "
        line += writtenWallet
        if let writtenCategory {
            line += "  "
            line += writtenCategory
        }
        line += "  "
        line += amount
        if !tags.isEmpty { line += "  " + tags.map(SourceWriter.tag).joined(separator: " ") }
        let idLine = "    id: " + Self.text(id)
        return split.isEmpty ? [line, idLine] : [line] + Self.splitLines(split) + [idLine]
    }

    /// The lines of a transfer a `match` rule makes of a movement: the movement's id goes
    /// under the key of its wallet's side (``TransferSides``), so that the other wallet's
    /// statement fills the other side instead of adding the movement again.
    public func transferLines(
        date: CivilDate, payee: String?, note: String?, from: String, to: String, amount: String, tags: [String], idKey: String, id: String
    ) -> [String] {
        var line = SourceWriter.date(date)
        if let payee { line += " " + Self.text(payee) }
        if let note { line += " " + Self.text(note) }
        line += "  transfer " + SourceWriter.name(from) + " -> " + SourceWriter.name(to) + "  " + amount
        if !tags.isEmpty { line += "  " + tags.map(SourceWriter.tag).joined(separator: " ") }
        return [line, "    \(idKey): " + Self.text(id)]
    }

    /// A split's lines, four spaces in, as ``SourceWriter/split(category:amount:tags:note:)``
    /// writes them.
    public static func splitLines(_ parts: [Part]) -> [String] {
        parts.map { part in
            let amount = part.amount.map { ($0.isNegative || $0.isZero ? "" : "+") + $0.description }
            return "    " + SourceWriter.split(category: part.category, amount: amount, tags: part.tags, note: part.note.map(tidied))
        }
    }

    /// A statement's field as text: runs of spaces, line breaks, tabs and other control
    /// characters (which a statement field may hold) made one space, none at the end.
    public static func text(_ value: String) -> String {
        SourceWriter.text(tidied(value))
    }

    /// `value` with each run of spaces and control characters (C0, DEL and C1) as one
    /// space, and none at the end: how a statement's field is kept in the file.
    public static func tidied(_ value: String) -> String {
        // Most fields are printable ASCII with single spaces: they are kept as they are.
        var plain = true
        var previous: UInt8 = 0
        for byte in value.utf8 {
            if byte < 0x20 || byte > 0x7E || (byte == 0x20 && previous == 0x20) { plain = false; break }
            previous = byte
        }
        if plain && previous != 0x20 { return value }
        var out = String.UnicodeScalarView()
        var lastSpace = false
        for scalar in value.unicodeScalars {
            let isControl = scalar.value < 0x20 || scalar.value == 0x7F || (0x80 ..< 0xA0).contains(scalar.value)
            if isControl || scalar == " " {
                if !lastSpace { out.append(" ") }
                lastSpace = true
                continue
            }
            lastSpace = false
            out.append(scalar)
        }
        if out.last == " " { out.removeLast() }
        return String(out)
    }
}
