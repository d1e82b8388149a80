import TallyCore
import TallySyntax

/// What a converted hledger or ledger journal keeps of its transactions' shapes, so that
/// `tally export` writes them back as they were and `hledger reg` shows the same rows:
/// where a one-wallet transaction had its wallet's posting (`wallet-posting:`), and a
/// transfer that names the sending wallet first. Openings (`opening-entry:`) and
/// assertions of their own (`entry:`) are kept where they are written.
extension BudgetBuilder {
    /// The metadata line for `sorted` (the postings, as read, in `postings`), or nil when
    /// the export's order is the journal's.
    func shapeMetadata(_ sorted: SortedPostings, _ postings: [PeerPosting]) -> String? {
        guard keepsShapes else { return nil }
        var place: String?
        let severalWallets =
            sorted.wallets.count > 2
            || sorted.wallets.count == 2 && !sorted.categories.isEmpty
                && !(sorted.wallets.contains { $0.posting.number.isNegative } && sorted.wallets.contains { !$0.posting.number.isNegative })
        if severalWallets {
            // Written as parts (§3.11) only joined again in one currency.
            guard Set(sorted.wallets.map(\.wallet.currency)).count == 1 else { return nil }
            // Several wallets (§3.11): where the wallet that moves most, which the parts share, was.
            guard let main = sorted.wallets.max(by: { $0.posting.number.magnitude < $1.posting.number.magnitude }) else { return nil }
            // The places of the shared wallet and of the others, in the order of the
            // transfers, when not the export's (the categories, the others, the shared
            // wallet first for money in, else last).
            let others = sorted.wallets.filter { $0.posting.account != main.posting.account && !$0.posting.number.isZero }
            let places = ([main.posting] + others.map(\.posting)).compactMap { w in postings.firstIndex { $0.account == w.account } }
            let count = sorted.categories.count + others.count + 1
            let first = JournalExporter.walletFirst(main.posting.number)
            let usual = [first ? 0 : count - 1] + others.indices.map { sorted.categories.count + $0 + (first ? 1 : 0) }
            if places.count == others.count + 1, places != usual { place = places.map { "\($0 + 1)" }.joined(separator: " ") }
        } else if sorted.wallets.count == 1, !sorted.categories.isEmpty {
            place = BudgetBuilder.walletPosting(sorted.wallets[0].posting, in: postings)
        } else if sorted.wallets.count == 2, sorted.categories.isEmpty,
            let first = postings.first, first.amount?.number.isNegative == true, role(first.account) == .wallet
        {
            // The export writes the receiving wallet first.
            place = "first"
        }
        return place.map { "    " + SourceWriter.metadata(key: AccountNames.walletPostingKey, value: $0) }
    }

    /// `first`, `last` or the 1-based place of `wallet` among `postings`, when it is not
    /// where the export writes it (first for money in, last otherwise); nil when it is.
    static func walletPosting(_ wallet: KnownPosting, in postings: [PeerPosting]) -> String? {
        guard postings.count > 1, let index = postings.firstIndex(where: { $0.account == wallet.account }) else { return nil }
        let usual = JournalExporter.walletFirst(wallet.number) ? 0 : postings.count - 1
        guard index != usual else { return nil }
        return index == 0 ? "first" : index == postings.count - 1 ? "last" : "\(index + 1)"
    }
}
