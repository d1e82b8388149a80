import TallyCore
import TallySyntax

/// A peer transaction that moved several wallets at once, which `tally convert` wrote as
/// a transaction (or transfer) and the transfers that follow it (Grammar.md §3.11), each
/// later one marked `continues: "previous"`: hledger and ledger get it back as one
/// transaction. Its postings: the categories' in order, then the other wallets' in the
/// order they appear, each with its net amount, and the wallet the parts share (the
/// transaction's, else the one common to the transfers) first for money in and last
/// otherwise; or each wallet where `wallet-posting: "6 5"` puts it (the shared one's
/// place first, then the others').
extension JournalExporter {
    /// The entries after `index` that continue it (none for beancount, which keeps the
    /// parts).
    func continuations(after index: Int) -> [Int] {
        guard format != .beancount else { return [] }
        var parts: [Int] = []
        var next = index + 1
        while next < model.entries.count, model.entries[next].isTransfer,
            source.metadataValue(of: model.entries[next], AccountNames.continuesKey) != nil
        {
            parts.append(next)
            next += 1
        }
        return parts
    }

    /// Writes entries `group` (the first and its continuations) as one transaction.
    func writeJoined(_ out: inout JournalText, _ group: [Int], asserted: [Int: Money]) {
        let first = model.entries[group[0]]
        var net: [Int: Money] = [:]
        var wallets: [Int] = []
        func add(_ w: Int, _ amount: Money) {
            if net[w] == nil { wallets.append(w) }
            net[w] = (net[w] ?? .zero).adding(amount) ?? .zero
        }
        var main: Int?
        if case .transaction(let w, let total, _) = first.kind {
            main = w
            add(w, total)
        }
        var counts: [Int: Int] = [:]
        for index in group {
            guard case .transfer(let from, let to, let sent, let received) = model.entries[index].kind else { continue }
            add(from, sent.negated)
            add(to, received)
            counts[from, default: 0] += 1
            counts[to, default: 0] += 1
        }
        let shared = main ?? counts.max { $0.value < $1.value }?.key ?? wallets[0]
        let details = source.details(of: first)
        var metadata = details?.metadata ?? []
        let kept = metadata.firstIndex { $0.key == AccountNames.walletPostingKey }.map { metadata.remove(at: $0).value }
        let splitMetadata = PostingDetails.splitLines(&metadata)
        // Each wallet's posting details, kept per side of the transfers (`to-note:`).
        var walletDetails: [Int: PostingDetails] = [:]
        for index in group {
            guard case .transfer(let from, let to, _, _) = model.entries[index].kind else { continue }
            var partMetadata = index == group[0] ? metadata : source.details(of: model.entries[index])?.metadata ?? []
            let legs = PostingDetails.legs(&partMetadata)
            if index == group[0] { metadata = partMetadata }
            for (w, details) in [(from, legs.from), (to, legs.to)] where !details.isEmpty && walletDetails[w] == nil { walletDetails[w] = details }
        }
        header(&out, first, extra: metadata)
        typealias Line = (account: String, amount: String, details: PostingDetails)
        var categories: [Line] = []
        if case .transaction(let w, _, _) = first.kind {
            let splits = details?.splits.count == first.postingCount ? details?.splits : nil
            for p in 0 ..< first.postingCount {
                let part = first.posting(p)
                categories.append(
                    (names.categories[part.category], amount(part.amount.negated, model.wallets[w].currency), PostingDetails(note: splits?[p].note, tags: splits?[p].tags ?? [], metadata: splitMetadata[p + 1] ?? [])))
            }
        }
        let walletLines: [Line] = ([shared] + wallets.filter { $0 != shared }).map { w in
            (names.wallets[w], amount(net[w] ?? .zero, model.wallets[w].currency) + assertion(asserted, w), walletDetails[w] ?? PostingDetails())
        }
        let count = categories.count + walletLines.count
        // Each wallet's place: kept (`wallet-posting: "6 5"`, the shared one first), else
        // the others after the categories and the shared one first or last.
        var places = Array(categories.count ..< count - 1).map { $0 + (JournalExporter.walletFirst(net[shared] ?? .zero) ? 1 : 0) }
        places.insert(JournalExporter.walletFirst(net[shared] ?? .zero) ? 0 : count - 1, at: 0)
        if let kept {
            let listed = kept.split(separator: " ").compactMap { Int($0) }.map { $0 - 1 }
            if listed.count == walletLines.count, Set(listed).count == listed.count, listed.allSatisfy({ (0 ..< count).contains($0) }) {
                places = listed
            }
        }
        var lines: [Line?] = Array(repeating: nil, count: count)
        for (i, place) in places.enumerated() { lines[place] = walletLines[i] }
        var remaining = categories.makeIterator()
        for i in lines.indices where lines[i] == nil { lines[i] = remaining.next() }
        for case let line? in lines { posting(&out, line.account, line.amount, line.details) }
    }
}
