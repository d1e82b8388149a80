/// The one sign rule of a transaction's amounts (Grammar.md §3.10, "Signs"): an amount
/// is what its wallet receives, so spending is negative and income positive. An amount
/// against its category's sign (positive in an expense category, negative in an income
/// one) counts as written — a refund lowers spending, a reversal lowers income — but
/// unless the entry or its split line says so with a marker tag, it is the likelier
/// mistake of a sign left out, and the lowering warns (W0413). `tally add` writes an
/// amount without a sign by this rule, and marks one written against it.
public enum SignRule {
    /// The tags that say an amount against its category's sign is meant: `#refund`
    /// (money back for spending) and `#reversal` (income given back, or either undone).
    public static let markers = ["refund", "reversal"]

    /// True when `amount` goes against the sign of `category`: positive spending or
    /// negative income. Zero goes against nothing.
    public static func isAgainst(_ amount: Money, in category: Category) -> Bool {
        isAgainst(amount, income: category.isIncome)
    }

    /// True when `amount` goes against the sign of an income (`income`) or expense
    /// category: what the lowering asks of every posting, without copying the category.
    @inlinable public static func isAgainst(_ amount: Money, income: Bool) -> Bool {
        income ? amount.units < 0 : amount.units > 0
    }

    /// True when `tag` (without `#`, any case) is one of the ``markers``.
    public static func isMarker(_ tag: some StringProtocol) -> Bool {
        markers.contains { $0.utf8.elementsEqual(tag.utf8.lazy.map(asciiLowercased)) }
    }

    /// True when the bytes of a tag token (`#refund`) name one of the ``markers``.
    static func isMarkerToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "#") else { return false }
        return markers.contains { $0.utf8.elementsEqual(bytes.dropFirst().lazy.map(asciiLowercased)) }
    }

    /// The sign an amount written without one takes in `category`: `-` for spending,
    /// `+` for income.
    public static func sign(in category: Category) -> String { category.isIncome ? "+" : "-" }

    /// The marker an amount against the sign of `category` is written with: `refund` in
    /// an expense category, `reversal` in an income one.
    public static func marker(for category: Category) -> String { marker(income: category.isIncome) }

    /// The marker for an income (`income`) or expense category.
    public static func marker(income: Bool) -> String { income ? "reversal" : "refund" }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
