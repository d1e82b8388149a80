import TallyCore
import TallySyntax

/// Stage 3, continued: money moved between two wallets.
extension BudgetBuilder {
    /// Two wallets and no category: a transfer, between currencies or within one.
    mutating func transfer(_ head: EntryHead, _ sorted: SortedPostings) throws(NotConverted) -> String {
        let byAmount = sorted.wallets.sorted { $0.posting.number < $1.posting.number }
        let from = byAmount[0], to = byAmount[1]
        guard from.posting.number.isNegative, !to.posting.number.isNegative else { throw NotConverted("a transfer Tally cannot read") }
        let line = try transferLine(
            head, from.wallet, to.wallet, sent: from.posting.number.negated, received: to.posting.number,
            written: to.posting.number)
        var head = head
        head.metadata += legMetadata(from.posting, leg: "from") + legMetadata(to.posting, leg: "to")
        return head.withMetadata(line)
    }

    /// Two wallets and categories on the sending side (a fee, or interest): a transfer
    /// of what arrives, and a transaction of the rest on the sending wallet.
    mutating func transferWithFee(
        _ head: EntryHead, from: (posting: KnownPosting, wallet: WalletInfo), to: (posting: KnownPosting, wallet: WalletInfo),
        _ categories: [(posting: KnownPosting, name: String)], tags: [String]
    ) throws(NotConverted) -> String {
        let source = from.wallet
        if source.currency != to.wallet.currency,
            categories.allSatisfy({ code($0.posting.amount.commodity) == to.wallet.currency && $0.posting.price == nil })
        {
            return try transferThenCategories(head, from: from, to: to, categories, tags: tags)
        }
        var rest = Money.zero
        for (p, _) in categories {
            guard code(p.amount.commodity) == source.currency, p.price == nil, let sum = rest.adding(p.number) else {
                throw NotConverted("a transfer with a fee in another commodity than the sending wallet's")
            }
            rest = sum
        }
        guard let sent = from.posting.number.adding(rest)?.negated, sent > .zero else { throw NotConverted("a transfer Tally cannot read") }
        let line = try transferLine(head, source, to.wallet, sent: sent, received: to.posting.number, written: sent)
        let legs = legMetadata(from.posting, leg: "from") + legMetadata(to.posting, leg: "to")
        return ([line] + head.metadata + legs + categoryLines(head, source, rest, categories, tags: tags)).joined(separator: "\n")
    }

    /// The transaction of `categories` (their peer amounts adding up to `rest`) on
    /// `wallet`: one category on its line, several as split lines.
    mutating func categoryLines(
        _ head: EntryHead, _ wallet: WalletInfo, _ rest: Money, _ categories: [(posting: KnownPosting, name: String)], tags: [String]
    ) -> [String] {
        let single = categories.count == 1 ? " " + categories[0].name : ""
        var fee = "\(head.header) \(tallyName(wallet.name))\(single) \(BudgetBuilder.signed(rest.negated))"
        var clauses = tags.map { SourceWriter.tag($0) }
        // A peer's signs are explicit: a gain given back (a loss) is meant (§3.10, "Signs").
        if categories.count == 1, let marker = marker(rest.negated, categories[0].posting.account, clauses) { clauses.append(marker) }
        if categories.count == 1 { clauses += categories[0].posting.tags.map { SourceWriter.tag($0) } }
        if !clauses.isEmpty { fee += " " + clauses.joined(separator: " ") }
        var parts = [fee]
        if categories.count == 1 {
            // The one category's note and metadata are its transaction's.
            let p = categories[0].posting
            for (key, value) in (p.note.map { [("note", $0)] } ?? []) + p.metadata {
                parts.append("    " + SourceWriter.metadata(key: key, value: SourceWriter.printable(value)))
            }
        }
        var splitMetadata: [String] = []
        for (i, (p, category)) in categories.enumerated() where single.isEmpty {
            parts.append(splitLine(p, category, p.number.negated, head: clauses, line: i + 1, metadata: &splitMetadata))
        }
        return parts + splitMetadata
    }

    /// `DATE … transfer FROM -> TO AMOUNT` within a currency (`written`, the side the
    /// journal's shape gives, when both sides agree), `SENT CUR = RECEIVED CUR` between
    /// two, with the entry's clauses.
    mutating func transferLine(
        _ head: EntryHead, _ source: WalletInfo, _ target: WalletInfo,
        sent: Money, received: Money, written: Money
    ) throws(NotConverted) -> String {
        let from = tallyName(source.name), to = tallyName(target.name)
        if source.currency == target.currency {
            guard sent == received else { throw NotConverted("a transfer whose two sides differ") }
            return head.line("transfer", from, "->", to, written.description, clauses: head.clauses)
        }
        return head.line(
            "transfer", from, "->", to, sent.description, source.currency, "=", received.description, target.currency,
            clauses: head.clauses)
    }
}
