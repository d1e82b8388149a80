import TallyCore
import TallySyntax

/// Stage 3, continued: a transaction of wallets against equity, the wallets' openings.
extension BudgetBuilder {
    /// Opening balances: wallets against equity (`Equity:Opening Balances`,
    /// `Eigenkapital:Eröffnung`, whatever its name) as their first movement, each opening
    /// on the day. `entry` is the transaction's description, kept so that `tally export`
    /// writes the openings of one transaction back as one.
    mutating func open(
        _ sorted: SortedPostings, on date: CivilDate, entry: String, details: [(key: String, value: String)], _ wallets: inout [String: WalletInfo]
    ) throws(NotConverted) {
        guard sorted.categories.isEmpty else {
            throw NotConverted("equity postings beside income or expenses (equity is only an opening in Tally)")
        }
        guard sorted.wallets.allSatisfy({ $0.wallet.opening == nil && $0.wallet.firstUse == nil }) else {
            throw NotConverted("equity postings after a wallet's first movement (equity is only an opening in Tally)")
        }
        // The equity posting's details have no place of their own (it is every wallet's).
        for p in sorted.equity where p.note != nil || !p.tags.isEmpty || !p.metadata.isEmpty {
            leftOut.append(LeftOut(source: p.source, reason: "the comment of an opening's equity posting: the wallets open with its amounts only"))
        }
        for (p, _) in sorted.wallets {
            var kept = details
            // The wallet posting's comment is the opening's (`opening-note:`), written back
            // on that posting (as `note:` metadata in beancount, which has no posting
            // comments the loader keeps); its tags and other metadata have no place and
            // are listed.
            var metadata = p.metadata
            let noteIndex = p.note == nil ? metadata.firstIndex { $0.0 == "note" } : nil
            if let note = p.note ?? noteIndex.map({ metadata[$0].1 }) { kept.append((AccountNames.openingNoteKey, note)) }
            if let noteIndex { metadata.remove(at: noteIndex) }
            if !p.tags.isEmpty || !metadata.isEmpty {
                leftOut.append(LeftOut(source: p.source, reason: "tags or metadata on an opening's posting: the wallet opens with its amount only"))
            }
            if let price = p.price ?? p.posting.cost?.amount {
                // The units open the wallet; what they cost is kept beside the opening
                // (`opening-cost:`), in a currency code, for the export.
                let mark = p.price == nil ? (p.posting.cost?.total == true ? "{{}}" : "{}") : (p.posting.totalPrice ? "@@" : "@")
                if let cost = BudgetBuilder.openingCost(mark, price.number, code(price.commodity)) {
                    kept.append((AccountNames.openingCostKey, cost))
                } else {
                    let written = "\(mark) \(price.number) \(price.commodity)"
                    leftOut.append(
                        LeftOut(source: p.source, reason: "the cost of an opening position (`\(written)`) in a commodity that is no currency code: the wallet opens with the units"))
                }
            }
            wallets[p.account]?.openingDetails = kept
            wallets[p.account]?.opening = (p.number, date)
            wallets[p.account]?.openingAccount = sorted.equity.first?.account
            wallets[p.account]?.openingEntry = entry
            wallets[p.account]?.firstUse = date
        }
    }

    /// `@ 30.00 USD`, `{30.00 USD}`: an opening's cost as `opening-cost:` keeps it, nil
    /// without a currency code.
    static func openingCost(_ mark: String, _ number: Money, _ code: String?) -> String? {
        guard let code else { return nil }
        return mark.hasPrefix("{") ? "\(mark.dropLast(mark.count / 2))\(number) \(code)\(mark.dropFirst(mark.count / 2))" : "\(mark) \(number) \(code)"
    }
}
