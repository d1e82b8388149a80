import TallyCore
import TallySyntax

/// A sale of units to beancount as beancount writes one: the lots it takes with the
/// price they were sold at, the cash that came in, and the gain (or loss) and fees
/// beside them, in one transaction (`-4 HOOL {300.00 USD, 2024-01-05} @ 350.00 USD`,
/// `Assets:Broker:Cash  1390.05 USD`, `Expenses:Trading:Fees  9.95 USD`,
/// `Income:Trading:Gains  -200.00 USD`). Tally writes it as two entries (Grammar.md
/// §3.2, "Holdings"): the transfer at what the units cost, then a transaction on the
/// cash wallet of the fees and the gain; the price is what the units brought per unit
/// (``ExportedLots/salePrice(_:in:)``). beancount weighs the units at their cost, so the
/// transaction balances with the gain posting, and Fava and bean-query show the price.
extension JournalExporter {
    /// The transaction of the gain that follows sale `index`, when the two are written as
    /// one: beancount, a sale price known, and nothing on the gain's entry that one
    /// header would lose (tags but `reversal`, which `tally convert` gives a negative
    /// gain again; a person, goal, rule or bank id; metadata the sale has not).
    func gainJoined(to index: Int) -> Int? {
        guard format == .beancount, lots.salePrices[index] != nil else { return nil }
        let gain = model.entries[index + 1]
        guard gain.tags.allSatisfy({ $0 == "reversal" }), gain.by == nil, gain.goal == nil, gain.rule == nil, gain.bankID == nil else { return nil }
        var metadata = source.details(of: gain)?.metadata ?? []
        _ = PostingDetails.splitLines(&metadata)
        metadata.removeAll { $0.key == AccountNames.walletPostingKey }
        let sale = source.details(of: model.entries[index])?.metadata ?? []
        return metadata.allSatisfy { kept in sale.contains { $0 == kept } } ? index + 1 : nil
    }

    /// Sale `index` and its gain `gainIndex` as one transaction: the sale's header, its
    /// lots at the sale price, the cash wallet's net (the cost and the gain's total), and
    /// the gain's category postings with their notes and tags.
    func writeSale(_ out: inout JournalText, _ index: Int, gain gainIndex: Int, asserted: [Int: Money]) {
        let entry = model.entries[index], gain = model.entries[gainIndex]
        guard case .transfer(let from, let to, _, let received) = entry.kind, case .transaction(_, let total, _) = gain.kind, let lots = lots.postings[index]
        else { return }
        var metadata = source.details(of: entry)?.metadata ?? []
        metadata.removeAll { $0.key == AccountNames.walletPostingKey }
        let legs = PostingDetails.legs(&metadata)
        header(&out, entry, extra: metadata)
        writeLots(&out, from, lots, legs.from, soldAt: self.lots.salePrices[index])
        let currency = model.wallets[to].currency
        posting(&out, names.wallets[to], amount(received.adding(total) ?? received, currency) + assertion(asserted, to), legs.to)
        let details = source.details(of: gain)
        var gainMetadata = details?.metadata ?? []
        let lines = PostingDetails.splitLines(&gainMetadata)
        let splits = details?.splits.count == gain.postingCount ? details?.splits : nil
        for p in 0 ..< gain.postingCount {
            let part = gain.posting(p)
            var lineMetadata = lines[p + 1] ?? []
            let keptNote = lineMetadata.firstIndex { $0.key == "note" }.map { lineMetadata.remove(at: $0).value }
            posting(
                &out, names.categories[part.category], amount(part.amount.negated, currency),
                PostingDetails(note: splits?[p].note ?? keptNote, tags: splits?[p].tags ?? [], metadata: lineMetadata))
        }
    }
}
