import TallyCore
import TallySyntax

/// A posting's cost in braces (a lot: `10 AAPL {150.00 USD}`, beancount's
/// `{150.00 USD, 2024-01-05, "lot"}`, `{{1500.00 USD}}` for the total), and what the
/// posting weighs when its transaction is balanced (Grammar.md §3.11, "Holdings").
///
/// The peers part here: beancount and ledger balance a posting with a cost at its cost
/// (the price after `@` only records the sale's price); hledger 1.25 reads the braces
/// and ignores them, balancing at the `@` price. The converter needs the weight only to
/// work out a missing amount, and lists the transaction where the two readings differ.
struct PostingCost: Equatable {
    /// The cost per unit, or the total with `total`; nil when the braces give no number
    /// (beancount's `{}` and `{2024-01-05}`, which its booking fills from the lots).
    var amount: PeerAmount?
    var total = false
    /// The lot's date and label in the braces (`{2024-01-05}`, `{"first"}`): what a
    /// reduction without a number matches (``LotBooking``).
    var lotDate: CivilDate?
    var label: String?

    /// The cost in `text`, the braces' content with them (`{…}` or `{{…}}`): the first
    /// component that reads as an amount (dates and labels are the lot's, not its cost).
    init(_ text: JournalBytes) {
        var inner = text
        while inner.first == ASCII.openBrace { inner = inner.dropFirst() }
        while inner.last == ASCII.closeBrace { inner = inner.dropLast() }
        total = text.dropFirst().first == ASCII.openBrace
        for part in inner.split(separator: ASCII.comma) {
            let words = part.trimmedSpaces
            if let date = LedgerJournalReader.date(words) { lotDate = date }
            if words.first == ASCII.quote { label = String(decoding: words.dropFirst().filter { $0 != ASCII.quote }, as: UTF8.self) }
            // `{502.12 # 9.95 USD}`: a per-unit and a total cost, which Tally does not add.
            guard !words.contains(ASCII.hash), words.first != ASCII.quote, LedgerJournalReader.date(words) == nil else { continue }
            if amount == nil, let value = LedgerJournalReader.amount(words), !value.commodity.isEmpty { amount = value }
        }
    }

    /// What `units` of the posting weigh at this cost, nil when it gives no number.
    func weight(of units: Money) -> PeerAmount? {
        guard let amount else { return nil }
        if total { return PeerAmount(number: units.isNegative ? amount.number.negated : amount.number, commodity: amount.commodity) }
        guard let number = units.multiplied(by: amount.number, roundedTo: max(units.scale, amount.number.scale)) else { return nil }
        return PeerAmount(number: number, commodity: amount.commodity)
    }
}

extension PeerPosting {
    /// What the posting weighs in its transaction's balance: its cost when `atCost` (as
    /// beancount and ledger balance it) and it has one, else its price, else its amount.
    /// nil when the weight cannot be known (a cost without a number, an overflow).
    func weight(atCost: Bool) -> PeerAmount? {
        guard let a = amount else { return nil }
        if atCost, let cost { return cost.weight(of: a.number) }
        if let price {
            let number =
                totalPrice
                ? (a.number.isNegative ? price.number.negated : price.number)
                : a.number.multiplied(by: price.number, roundedTo: max(a.number.scale, price.number.scale))
            return number.map { PeerAmount(number: $0, commodity: price.commodity) }
        }
        return a
    }
}
