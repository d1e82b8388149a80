import TallyCore
import TallySyntax

/// Stage 3, continued: holdings (Grammar.md §3.11, "Holdings"). A sale of units, such as
/// `-24 ITOT {86.51 USD} @ 83.87 USD` into a cash wallet with a commission and a gain or
/// loss, moves two wallets of different currencies and books categories in the receiving
/// wallet's: it becomes a transfer of the units at what they are worth in the cash
/// wallet's currency (what arrives plus the categories' part: their cost when the peer
/// balances at cost), then a transaction of the categories on the cash wallet. Each
/// wallet's balance and each category's total are the peer's.
extension BudgetBuilder {
    /// `from` sends units, `to` receives money; `categories` are in `to`'s currency.
    mutating func transferThenCategories(
        _ head: EntryHead, from: (posting: KnownPosting, wallet: WalletInfo), to: (posting: KnownPosting, wallet: WalletInfo),
        _ categories: [(posting: KnownPosting, name: String)], tags: [String]
    ) throws(NotConverted) -> String {
        var rest = Money.zero
        for (p, _) in categories {
            guard let sum = rest.adding(p.number) else { throw NotConverted("a transfer Tally cannot read") }
            rest = sum
        }
        guard let received = to.posting.number.adding(rest), received > .zero else {
            throw NotConverted("a sale whose categories take more than it brings")
        }
        let sent = from.posting.number.negated
        let line = try transferLine(head, from.wallet, to.wallet, sent: sent, received: received, written: sent)
        let legs = legMetadata(from.posting, leg: "from") + legMetadata(to.posting, leg: "to")
        return ([line] + head.metadata + legs + categoryLines(head, to.wallet, rest, categories, tags: tags)).joined(separator: "\n")
    }
}
