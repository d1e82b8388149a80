import TallyCore
import TallySyntax

/// The text of a transaction written by `tally import`: the date, the payee (and the
/// statement's description as the note when it says more), the wallet, the category
/// (left out when a `payee` rule books the entry, or when a `match` rule splits it), the
/// amount, a split rule's lines, and the movement's id on an indented `id:` line.
/// Columns follow the file's layout where it shows one.
///
/// Split lines are written as `tally record` writes a recurring entry's: below the
/// header that carries the whole amount, in the rule's order, the line that takes the
/// rest without an amount. They are laid out as `tally fmt` lays out indented lines:
/// four spaces, categories in one column, amounts aligned on the decimal point, tags and
/// note two spaces after.
public struct ImportedEntry: Sendable {
    /// The columns of the file the entry goes to.
    public let layout: FileLayout

    /// A writer of entries laid out as `layout` says.
    public init(layout: FileLayout) {
        self.layout = layout
    }

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

    /// The lines (without line endings) of one entry.
    public func lines(
        date: CivilDate, payee: String?, note: String?, wallet: String, category: String?, amount: String, tags: [String] = [],
        split: [Part] = [], id: String
    ) -> [String] {
        var line = SourceWriter.date(date)
        line.reserveCapacity(128)
        if let payee { line += " " + Self.text(payee) }
        if let note { line += " " + Self.text(note) }
        // The line's width so far, kept as it grows rather than measured again.
        var width = FileLayout.width(line)
        func field(_ text: String, column: Int?, gap: Int = 2) {
            let spaces = max(1, column.map { $0 > width ? $0 - width : gap } ?? gap)
            line += String(repeating: " ", count: spaces) + text
            width += spaces + FileLayout.width(text)
        }
        field(SourceWriter.name(wallet), column: layout.walletColumn)
        if let category { field(SourceWriter.name(category), column: layout.categoryColumn) }
        if let end = layout.amountEndColumn, end - FileLayout.width(amount) > width {
            line += String(repeating: " ", count: end - FileLayout.width(amount) - width) + amount
        } else if let start = layout.amountStartColumn, start > width {
            line += String(repeating: " ", count: start - width) + amount
        } else {
            line += "  " + amount
        }
        if !tags.isEmpty { line += String(repeating: " ", count: layout.clauseGap ?? 2) + tags.map(SourceWriter.tag).joined(separator: " ") }
        return [line] + Self.splitLines(split) + ["    id: " + Self.text(id)]
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

    /// A split's lines, laid out like `tally fmt` lays out an entry's indented lines.
    public static func splitLines(_ parts: [Part]) -> [String] {
        let names = parts.map { SourceWriter.name($0.category) }
        let amounts = parts.map { part in part.amount.map { ($0.isNegative || $0.isZero ? "" : "+") + $0.description } ?? "" }
        // A category with nothing after it (the rest line) does not widen the column.
        let nameWidth =
            parts.indices.filter { parts[$0].amount != nil || !parts[$0].tags.isEmpty || parts[$0].note != nil }
            .map { FileLayout.width(names[$0]) }.max() ?? 0
        let amountWidth = amounts.map(FileLayout.width).max() ?? 0
        return parts.indices.map { i in
            let trailer = (parts[i].tags.map(SourceWriter.tag) + (parts[i].note.map { [text($0)] } ?? [])).joined(separator: " ")
            var line = "    " + names[i]
            if !amounts[i].isEmpty || !trailer.isEmpty {
                line += String(repeating: " ", count: nameWidth - FileLayout.width(names[i]) + 2)
                line += String(repeating: " ", count: amountWidth - FileLayout.width(amounts[i])) + amounts[i]
            }
            if !trailer.isEmpty { line += "  " + trailer }
            return line.hasSuffix(" ") ? String(line.reversed().drop { $0 == " " }.reversed()) : line
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
