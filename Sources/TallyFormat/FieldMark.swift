import TallySyntax

/// How a token stands in the fields of its line, as read from the syntax tree, and the
/// keys that say which column a field belongs in.
///
/// The fields of a line are the direct children of its field container: the entry, the
/// entry a recurring entry repeats, or a split. A child node is one field (an attribute
/// with its values, a payee, an amount); a token of the container itself (a date, a
/// keyword, a tag) is one too. ``LineLayout`` joins some of them (see Grammar.md,
/// "Canonical layout").
enum FieldMark {
    /// A token inside a child node, after its first token: it continues that field.
    static let inside: Int16 = 0
    /// A token of the container itself; its field key comes from its token kind.
    static let own: Int16 = -1

    /// The first field of every line: a date, a directive's keyword, a schedule, the
    /// category of a split. Lines of a block always share their first column.
    static let lead: Int32 = 100
    /// What follows the amount of a dated entry or split, taken as one field.
    static let trailing: Int32 = 101

    /// Whether the direct children of a node of this kind are fields.
    static func isContainer(_ kind: SyntaxKind) -> Bool {
        (kind.isEntry && kind != .errorEntry) || kind == .split
    }

    /// Whether the lines of an entry of this kind start with a date (or a schedule) and
    /// end with what follows an amount: a dated entry, or a recurring one, whose body is
    /// a dated entry's.
    static func isDated(_ kind: SyntaxKind) -> Bool {
        kind.isDatedEntry || kind == .recurringDirective
    }

    /// The key of a child node: its kind, or for an attribute its keyword, so that
    /// `owner` lines up with `owner` whatever stands before it.
    static func key(of kind: SyntaxKind, firstToken bytes: UnsafeBufferPointer<UInt8>) -> Int16 {
        guard kind == .attribute else { return Int16(kind.rawValue) + 1 }
        // FNV-1a over the keyword, folded to 14 bits (a mark is 16 bits: one per token
        // of the file). A collision could only make two keywords share a column, never
        // change a byte that is not whitespace; the grammar's keywords have none
        // (FieldMarkTests).
        let wide = FNV1a.hash(bytes)
        let hash = UInt32(truncatingIfNeeded: wide ^ (wide >> 32))
        return Int16(truncatingIfNeeded: Int32(attributeBase) | Int32((hash ^ (hash >> 16)) & 0x3FFF))
    }

    /// The key of a token of the container itself. Keywords share one key, so a
    /// wallet's type (`bank`, `cash`) is one column.
    static func key(of kind: TokenKind) -> Int32 { 128 + Int32(kind.rawValue) }

    static let attributeBase: Int32 = 1 << 14
    static let amount = Int32(SyntaxKind.amount.rawValue) + 1
    static let wallet = Int32(SyntaxKind.walletRef.rawValue) + 1
    static let payee = Int32(SyntaxKind.payee.rawValue) + 1
    static let note = Int32(SyntaxKind.note.rawValue) + 1

    /// Whether a field key belongs to an attribute.
    static func isAttribute(_ key: Int32) -> Bool { key >= attributeBase }
}
