/// One field of a line: tokens written with single spaces between them (or touching,
/// as the user wrote them), placed as a whole in a column of its block.
struct LineField {
    /// The first token of the field, and one past its last.
    var first: Int32
    var end: Int32
    /// Width in characters, single spaces included.
    var width: Int32
    /// The column key: what the field is (``FieldMark``) and, when a line has several
    /// fields of that kind, which one.
    var key: Int32
    /// For an amount, the width left of its decimal point; -1 for other fields.
    var integerWidth: Int32 = -1
    /// The id of the field's column in its block, chosen by ``BlockColumns`` (ids are
    /// given as columns open, not from left to right).
    var column: Int32 = 0

    var isAmount: Bool { integerWidth >= 0 }

    /// The column key of the `occurrence`-th field of kind `base` in a line.
    static func key(base: Int32, occurrence: Int) -> Int32 { base << 3 | Int32(min(occurrence, 7)) }

    /// Whether a column key is that of an attribute.
    static func isAttribute(_ key: Int32) -> Bool { FieldMark.isAttribute(key >> 3) }
}
