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
        guard keepsShapes, sorted.wallets.count <= 2 else { return nil }
        var place: String?
        if sorted.wallets.count == 1, !sorted.categories.isEmpty {
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
