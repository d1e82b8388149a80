/// Writes values as Tally source text: the one place that knows how a name, a text, a
/// tag, a metadata key, an amount or a date is spelled so that the parser reads it back
/// as the same value. Every tool that writes Tally (import, add, the converter, the
/// language server's edits, the lowering's fixes) writes through it; the property test
/// `SourceWriterRoundTripTests` reads what it writes back in every place a name stands.
///
/// The rules are Grammar.md §1.2's; where the grammar leaves a choice (quote or not), the
/// writer takes the safe one, and §1.2 says which.
public enum SourceWriter {
    // MARK: Names

    /// `name` as it is written wherever a name stands (a wallet, a category, an envelope,
    /// a goal, a recurring entry, a person): bare when it reads back as that name in every
    /// place, else as a quoted name (`'Joint Account'`, `'Kid\'s'`, `'transfer'`).
    ///
    /// It is quoted when the parser would read it bare as something else
    /// (``NameSyntax/needsQuotes(_:)``), when it is spelled like any keyword of the
    /// parser's table (whether a keyword may stand there depends on the place, and a
    /// quoted name is never a keyword) or is `*` (all spending, after `for`), when it holds a character Unicode counts as white
    /// space (which would look like two names), or when it starts with a numeral of any
    /// script (it would look like an amount). Characters a file cannot hold — control
    /// characters other than tab, line breaks included — are written as spaces.
    public static func name(_ name: String) -> String {
        let value = holdable(name)
        return needsQuotedName(value) ? NameSyntax.quoted(value) : value
    }

    /// True when ``name(_:)`` writes `name` (already free of control characters) quoted.
    static func needsQuotedName(_ name: String) -> Bool {
        // `*` alone is read as "all spending" after `for`, and ends the list there.
        if NameSyntax.needsQuotes(name) || Keyword.spelled(name.utf8) != nil || name == "*" { return true }
        // ASCII names have no other white space and no other numerals: the Unicode tables
        // are needed only beyond it.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return name.contains(where: \.isWhitespace) || name.first!.isNumber
    }

    // MARK: Text

    /// `value` as a text in double quotes (payees, notes, metadata values, paths), with
    /// `"` and `\` escaped (`"Mom \"n\" Pop"`). Characters a file cannot hold — control
    /// characters other than tab, line breaks included — are written as spaces.
    public static func text(_ value: String) -> String {
        // Most texts hold nothing to escape or replace: they are written as they are, into
        // one buffer of the right size (a converted journal writes one or two per entry).
        if !anyByte(of: value, where: { $0 == 0x22 || $0 == 0x5C || isUnholdable($0) }) {
            var out = ""
            out.reserveCapacity(value.utf8.count + 2)
            out += "\""
            out += value
            out += "\""
            return out
        }
        var out = "\""
        out.unicodeScalars.reserveCapacity(value.utf8.count + 4)
        for scalar in holdable(value).unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    // MARK: Tags and keys

    /// `#` and `name` as a tag (`#trip-2026`). A tag has no quoted form, so what would end
    /// it — white space, `,`, `;`, `"` — is written as `-`, control characters as spaces
    /// first; an empty tag is `#-`. Any other tag, `#` inside included, reads back as written.
    public static func tag(_ name: String) -> String {
        // Most tags are printable ASCII with nothing to replace.
        if !name.isEmpty, !anyByte(of: name, where: { !($0 > 0x20 && $0 < 0x7F && $0 != 0x2C && $0 != 0x3B && $0 != 0x22) }) {
            return "#" + name
        }
        let cleaned = String(printable(name).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" ? "-" : $0 })
        return "#" + (cleaned.isEmpty ? "-" : cleaned)
    }

    /// `name` and `:` as the key of a metadata line (`id:`). A key has no quoted form, so
    /// white space, `,`, `;`, `"`, `:` and `'` are written as `-`, control characters as
    /// spaces first; a key that would be empty or start another token (`#`, `=`, `@`,
    /// `->`, or digits and a `..` that the lexer splits as a date range) gets an `x` in front.
    public static func key(_ name: String) -> String {
        if let first = name.utf8.first, first != 0x23, first != 0x3D, first != 0x40, !name.hasPrefix("->"),
            !(first >= 0x30 && first <= 0x39 && name.contains("..")),
            !anyByte(of: name, where: { !($0 > 0x20 && $0 < 0x7F && $0 != 0x2C && $0 != 0x3B && $0 != 0x22 && $0 != 0x3A && $0 != 0x27) })
        {
            return name + ":"
        }
        let cleaned = String(printable(name).map { $0.isWhitespace || $0 == "," || $0 == ";" || $0 == "\"" || $0 == ":" || $0 == "'" ? "-" : $0 })
        let startsAnother =
            cleaned.first.map { "#=@".contains($0) || ($0.isASCII && $0.isNumber && cleaned.contains("..")) } ?? true
            || cleaned.hasPrefix("->")
        return (startsAnother ? "x" + cleaned : cleaned) + ":"
    }

    /// A metadata line's content: the key, a space and the value as text (`id: "A-17"`).
    public static func metadata(key: String, value: String) -> String {
        self.key(key) + " " + text(value)
    }

    // MARK: Amounts and dates

    /// An amount: `number` (a decimal as Tally writes one: optional sign, digits, optional
    /// `.` and digits, such as `-12.50` or `+2800`) and, when given, a space and the
    /// currency code (`12.50 EUR`).
    public static func amount(_ number: String, currency: String? = nil) -> String {
        guard let currency, !currency.isEmpty else { return number }
        return number + " " + currency
    }

    /// `date` as `YYYY-MM-DD`, written from its digits for the years 1–9999 (the ones a
    /// budget holds), else as ``CivilDate/description`` writes it.
    public static func date(_ date: CivilDate) -> String {
        guard (1 ... 9999).contains(date.year) else { return date.description }
        let digits: [UInt8] = [
            UInt8(48 + date.year / 1000), UInt8(48 + date.year / 100 % 10), UInt8(48 + date.year / 10 % 10), UInt8(48 + date.year % 10), 0x2D,
            UInt8(48 + date.month / 10), UInt8(48 + date.month % 10), 0x2D, UInt8(48 + date.day / 10), UInt8(48 + date.day % 10)
        ]
        return String(decoding: digits, as: UTF8.self)
    }

    // MARK: Characters

    /// `value` with every control character, tab included, as a space: what a tool writes
    /// for a field that comes from outside Tally (a statement, a peer's journal), where a
    /// tab or a line break is only layout.
    public static func printable(_ value: String) -> String {
        // Control characters are ASCII: their bytes are never part of another character.
        guard anyByte(of: value, where: { $0 < 0x20 || $0 == 0x7F }) else { return value }
        return String(String.UnicodeScalarView(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// A byte a Tally file cannot hold inside a token: a control character other than tab
    /// (E0104), or a line break, which would end the line.
    @inline(__always)
    static func isUnholdable(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// Whether a byte of `value`'s UTF-8 satisfies `predicate`, read from the string's
    /// contiguous storage: iterating a `String.UTF8View` costs several times as much a byte,
    /// and these scans run on every field a converter or an importer writes.
    @inline(__always)
    static func anyByte(of value: String, where predicate: (UInt8) -> Bool) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? value.utf8.contains(where: predicate)
    }

    /// `value` with each character a file cannot hold inside a token as a space.
    static func holdable(_ value: String) -> String {
        guard anyByte(of: value, where: isUnholdable) else { return value }
        return String(String.UnicodeScalarView(value.unicodeScalars.map { $0.value < 0x80 && isUnholdable(UInt8($0.value)) ? " " : $0 }))
    }
}
