import TallySyntax

/// The sign check of a transaction's postings (W0413, ``SignRule``). It is a test made
/// on each posting where it is lowered, by the typed and the flat path alike, so it costs
/// no pass of its own and only a comparison on a posting of the right sign.
extension Lowering {
    /// Where the amount of a posting against its category's sign was written, for the fix.
    struct SignedAmount {
        /// The number token of the posting's amount; nil for a split line that takes the rest.
        var number: ByteRange?
        /// For a split line: the first line's total and its number token, when written.
        /// The fix changes the total by as much as the part, so that the parts still add up
        /// and every other part (the rest included) keeps its amount.
        var total: (value: Money, number: ByteRange, plus: Bool)?
        /// The posting's line, where the warning sits when there is no number.
        var line: ByteRange
    }

    /// Reports W0413 on a posting of `amount` in `category`, from `wallet`, when the
    /// amount goes against the category's sign and `marked` is false (neither the entry
    /// nor its split line has a `#refund` or `#reversal` tag). The figures are not
    /// touched: the amount counts as written either way. `marked` and `place` are only
    /// read for a posting against its sign, so the common case costs one comparison.
    mutating func checkSign(
        _ amount: Money, category: Int, wallet: Int, marked: @autoclosure () -> Bool,
        at place: @autoclosure () -> SignedAmount, file: String
    ) {
        guard SignRule.isAgainst(amount, income: categories[category].isIncome), !marked() else { return }
        let place = place()
        let c = categories[category]
        let written = amount.formatted(scale: amount.scale)
        let magnitude = (amount.units < 0 ? amount.negated : amount).formatted(scale: amount.scale)
        let flipped = SignRule.sign(in: c) + magnitude
        var edits: [TextEdit] = []
        var title = "Write `\(flipped)`"
        if let number = place.number { edits.append(TextEdit(range: number, replacement: flipped)) }
        if let total = place.total, let changed = total.value.subtracting(amount).flatMap({ $0.subtracting(amount) }) {
            let text = (total.plus && changed.units > 0 ? "+" : "") + changed.formatted(scale: max(total.value.scale, amount.scale))
            edits.append(TextEdit(range: total.number, replacement: text))
            title = place.number == nil ? "Make the total `\(text)` (this part `\(flipped)`)" : "Write `\(flipped)` and the total `\(text)`"
        }
        let message: String
        let help: String
        if c.isIncome {
            message =
                "`\(written)` in the income category \(c.name) counts as income given back: it lowers \(c.name) and \(wallets[wallet].name)"
            help = "income is written positive (`\(flipped)`); if it really was given back, tag the entry `#reversal`"
        } else {
            message =
                "`\(written)` in the expense category \(c.name) counts as money back: it lowers the spending of \(c.name) and raises \(wallets[wallet].name)"
            help = "spending is written negative (`\(flipped)`); if this is a refund, tag the entry `#refund`"
        }
        report(
            .signAgainstCategory, message, file, place.number ?? place.line, help: help,
            fixes: edits.isEmpty ? [] : [Fix(title: title, edits: edits)])
    }

    /// The number token of amount node `amount`.
    static func numberRange(_ amount: Int, _ flat: FlatSyntax) -> ByteRange? {
        flat.directToken(.number, of: amount).map { flat.range(ofToken: $0) }
    }

    /// True when node `n` (a split line) carries a marker tag (``SignRule/markers``).
    static func hasMarkerTag(_ n: Int, _ flat: FlatSyntax) -> Bool {
        flat.tokens(n).contains { token in
            guard flat.tokenKind(token) == .tag else { return false }
            let r = flat.range(ofToken: token)
            return SignRule.isMarkerToken(flat.bytes[r.start ..< r.end])
        }
    }
}
