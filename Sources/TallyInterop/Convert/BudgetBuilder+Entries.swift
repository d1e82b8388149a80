import TallyCore
import TallySyntax

/// A posting whose amount is known: entries are written from these only (a transaction
/// with a posting whose amount neither the journal gives nor ``BudgetBuilder/inferMissing(_:)``
/// works out is listed). A class whose properties never change, so that it keeps value
/// semantics: an entry's writing passes each posting around several times, and copying a
/// posting's strings and arrays each time cost 4 % of converting the 100k journal
/// (`Benchmarks/interop_bench.py`, 2026-11-26).
final class KnownPosting {
    let posting: PeerPosting
    let amount: PeerAmount

    init?(_ posting: PeerPosting) {
        guard let amount = posting.amount else { return nil }
        self.posting = posting
        self.amount = amount
    }

    var number: Money { amount.number }
    var account: String { posting.account }
    var price: PeerAmount? { posting.price }
    var note: String? { posting.note }
    var tags: [String] { posting.tags }
    var metadata: [(String, String)] { posting.metadata }
    var source: SourceLine { posting.source }
}

/// A transaction's postings by what their accounts became, every amount known.
struct SortedPostings {
    /// Postings to wallets, each in the wallet's currency, with the wallet.
    var wallets: [(posting: KnownPosting, wallet: BudgetBuilder.WalletInfo)] = []
    /// Postings to income and expense categories, with the category's Tally name.
    var categories: [(posting: KnownPosting, name: String)] = []
    var equity: [KnownPosting] = []
}

/// Why a transaction is not converted, as it is listed.
struct NotConverted: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Stage 3: the entries.
extension BudgetBuilder {
    /// The Tally text of one transaction, "" when it only opens wallets, nil when it is
    /// left out (and listed).
    mutating func entry(
        _ t: PeerTransaction, _ postings: [PeerPosting], _ wallets: inout [String: WalletInfo],
        _ categoryNames: [String: String]
    ) -> String? {
        do {
            return try entryText(t, postings, &wallets, categoryNames)
        } catch {
            leftOut.append(LeftOut(source: t.source, reason: error.reason, isWhole: true))
            for p in postings { noteUnconverted(p, t.date, t.source) }
            return nil
        }
    }

    private mutating func entryText(
        _ t: PeerTransaction, _ postings: [PeerPosting], _ wallets: inout [String: WalletInfo],
        _ categoryNames: [String: String]
    ) throws(NotConverted) -> String {
        if let problem = t.problem { throw NotConverted(problem) }
        let sorted = try sort(postings, wallets, categoryNames)
        if !sorted.equity.isEmpty {
            // An opening is a wallet's attribute: its transaction's secondary date, status
            // and code are the wallet's (`opening-date2:`, …) where the export writes
            // journals' shapes back; other metadata has no place. Its tags say nothing of
            // the figures (the apps' `reconciled`), so they are not listed.
            let kept = t.metadata.compactMap { m in AccountNames.openingDetailKeys[m.0].map { (key: $0, value: m.1) } }
            try open(sorted, on: t.date, entry: [t.payee, t.note].compactMap { $0 }.joined(separator: " | "), details: keepsShapes ? kept : [], &wallets)
            let listed = t.metadata.filter { !["status", "code"].contains($0.0) && !(keepsShapes && $0.0 == "date2") }
            let details = listed.map { "\($0.0): \($0.1)" }
            if !details.isEmpty {
                leftOut.append(LeftOut(source: t.source, reason: "metadata of an opening transaction (\(details.joined(separator: ", "))): the wallets open with its amounts only"))
            }
            return ""
        }
        for i in sorted.wallets.indices where sorted.wallets[i].wallet.firstUse == nil { wallets[sorted.wallets[i].posting.account]?.firstUse = t.date }
        var head = EntryHead(t, &self)
        if let kept = shapeMetadata(sorted, postings) { head.metadata.append(kept) }
        switch sorted.wallets.count {
        case 1... where sorted.categories.isEmpty && sorted.wallets.allSatisfy({ $0.posting.number.isZero }): return ""  // assertions only
        case 1 where !sorted.categories.isEmpty: return try transaction(head, sorted)
        case 2 where sorted.categories.isEmpty: return try transfer(head, sorted)
        case 2:
            guard let from = sorted.wallets.first(where: { $0.posting.number.isNegative }),
                let to = sorted.wallets.first(where: { !$0.posting.number.isNegative })
            else { break }
            return try transferWithFee(head, from: from, to: to, sorted.categories, tags: t.tags)
        case 0: throw NotConverted("a transaction that touches no asset or liability account")
        default: break
        }
        return try severalWallets(head, sorted)
    }

    /// The postings by role, or why the transaction cannot be converted at all (the
    /// first reason of: an account outside the five roots, an amount missing, a
    /// wallet in another commodity). One pass: each account's role is looked up once.
    private mutating func sort(
        _ postings: [PeerPosting], _ wallets: [String: WalletInfo],
        _ categoryNames: [String: String]
    ) throws(NotConverted) -> SortedPostings {
        var sorted = SortedPostings()
        var unknown: String?, noCategory: String?
        var amountMissing = false
        var otherCommodity: String?
        for i in postings.indices {  // by index: a posting is copied only into its group
            let account = postings[i].account
            let (role, category) = roleAndCategory(account, categoryNames)
            if role == .unknown {
                if unknown == nil { unknown = account }
                continue
            }
            guard let known = KnownPosting(postings[i]) else { amountMissing = true; continue }
            if known.amount.commodity.isEmpty && code("") == nil {
                throw NotConverted(
                    "an amount without a commodity (`\(known.number)` on line \(known.source.line)): hledger and ledger keep it without a unit, and a Tally amount is always in a currency (`--commodity '=CODE'` names one)"
                )
            }
            switch role {
            case .wallet:
                if let w = wallets[account], code(known.amount.commodity) == w.currency { sorted.wallets.append((known, w)) } else { otherCommodity = known.amount.commodity }
            case .income, .expense:
                if let name = category { sorted.categories.append((known, name)) } else if noCategory == nil { noCategory = account }
            case .equity: sorted.equity.append(known)
            case .unknown: break
            }
        }
        if let unknown { throw NotConverted("a posting to `\(unknown)`, outside Assets, Liabilities, Income, Expenses and Equity") }
        if amountMissing { throw NotConverted("a posting whose amount cannot be worked out") }
        if let otherCommodity {
            throw NotConverted(
                "a posting in `\(otherCommodity)`, a commodity that is no currency code (a wallet holds one currency; `--commodity '\(otherCommodity)=CODE'` names it)"
            )
        }
        if let noCategory { throw NotConverted("a posting to `\(noCategory)`, which no category stands for") }
        return sorted
    }

    /// One wallet and one category (a transaction) or several (a split).
    mutating func transaction(_ head: EntryHead, _ sorted: SortedPostings) throws(NotConverted) -> String {
        let (wp, w) = sorted.wallets[0]
        let foreign = try foreignAmount(wp, sorted.categories, w)
        let abroad = try foreignSplit(wp, sorted.categories, w)
        for (p, _) in sorted.categories where foreign == nil && abroad == nil && (code(p.amount.commodity) != w.currency || p.price != nil) {
            throw NotConverted("an income or expense in another commodity than the wallet's")
        }
        let name = tallyName(w.name)
        if sorted.categories.count == 1 {
            let (p, category) = sorted.categories[0]
            // Most postings have no tags: the entry's clauses are taken as they are.
            var clauses = wp.tags.isEmpty && p.tags.isEmpty ? head.clauses : head.clauses + (wp.tags + p.tags).map { SourceWriter.tag($0) }
            if let marker = marker(wp.number, p.account, clauses) { clauses.append(marker) }
            let amount = foreign ?? BudgetBuilder.signed(wp.number)
            // The postings' comments and metadata are the entry's (one category, one
            // wallet): the wallet's first, as the wallet's posting is the entry; a key of the
            // category's that the entry has already is its line's (`split-1-note:`, written
            // back on the category's posting); a key taken both ways is listed.
            var head = head
            if p.note != nil || wp.note != nil || !p.metadata.isEmpty || !wp.metadata.isEmpty {
                var keys = Set(head.metadata.map { $0.trimmedSpaces.prefix { $0 != ":" } })
                let wallet = (wp.note.map { [("note", $0)] } ?? []) + wp.metadata
                let other = (p.note.map { [("note", $0)] } ?? []) + p.metadata
                for (key, value, source, isCategory) in wallet.map({ ($0.0, $0.1, wp.source, false) }) + other.map({ ($0.0, $0.1, p.source, true) }) {
                    var written = key
                    if !keys.insert(Substring(key)).inserted {
                        written = PostingDetails.splitKey(1, key)
                        guard isCategory, keys.insert(Substring(written)).inserted else {
                            leftOut.append(LeftOut(source: source, reason: "`\(key)` on a posting, which its entry has already (Tally keeps metadata per entry)"))
                            continue
                        }
                    }
                    head.metadata.append("    " + SourceWriter.metadata(key: written, value: SourceWriter.printable(value)))
                }
            }
            return head.transaction(name, category, amount, clauses: clauses)
        }
        var head = head
        walletDetails(wp, &head)
        let line = head.line(name, abroad?.header ?? BudgetBuilder.signed(wp.number), clauses: head.clauses)
        var parts: [String] = []
        parts.reserveCapacity(sorted.categories.count)
        var splitMetadata: [String] = []
        for (i, (p, category)) in sorted.categories.enumerated() {
            parts.append(splitLine(p, category, abroad?.parts[i] ?? p.number.negated, head: head.clauses, line: i + 1, metadata: &splitMetadata))
        }
        head.metadata += splitMetadata  // after the entry's own
        return head.withMetadata(line, below: parts)
    }

    /// `#refund` (or `#reversal` for income) when `amount`, as Tally writes it, goes
    /// against the sign of the category `account` becomes and none of `clauses` marks it
    /// already: a peer's signs are explicit, so such a posting is a refund written on
    /// purpose, and Tally's sign rule asks for the tag (Grammar.md §3.10, "Signs").
    func marker(_ amount: Money, _ account: String, _ clauses: [String]) -> String? {
        let income = role(account) == .income
        guard SignRule.isAgainst(amount, income: income),
            !clauses.contains(where: { $0.hasPrefix("#") && SignRule.isMarker($0.dropFirst()) })
        else { return nil }
        return SourceWriter.tag(SignRule.marker(income: income))
    }

    /// A split line: the category, the amount, tags and a note. A split line has no
    /// metadata of its own: `note` and `tags` become its note and tags, the rest the
    /// entry's metadata lines `split-N-KEY:` (N its place, from 1), added to `metadata`.
    mutating func splitLine(_ p: KnownPosting, _ category: String, _ amount: Money, head: [String], line: Int, metadata: inout [String]) -> String {
        var tags = p.tags.map { SourceWriter.tag($0) }
        // A `tags:` line is how an export keeps a split line's tags: they join the line's
        // own before the sign marker is weighed, so a `#reversal` written out and read
        // back stays one tag.
        for (key, value) in p.metadata where key == "tags" {
            for tag in value.split(separator: " ") where !tags.contains(SourceWriter.tag(String(tag))) { tags.append(SourceWriter.tag(String(tag))) }
        }
        if let marker = marker(amount, p.account, head + tags) { tags.append(marker) }
        var note = p.note
        for (key, value) in p.metadata where key != "tags" {
            if key == "note" && note == nil { note = value; continue }
            metadata.append(EntryHead.metadataLine(key: PostingDetails.splitKey(line, key), value: value))
        }
        // Written at once: `    CATEGORY AMOUNT`, the tags and the note, one space apart.
        let signed = BudgetBuilder.signed(amount)
        let text = note.map { SourceWriter.text(SourceWriter.printable($0)) }
        let size = 5 + category.utf8.count + signed.utf8.count + TextWriter.size(tags) + (text.map { 1 + $0.utf8.count } ?? 0)
        return String.written(size: size) { part in
            part.write("    ")
            part.write(category)
            part.write(ASCII.space)
            part.write(signed)
            part.write(tags, after: ASCII.space)
            if let text {
                part.write(ASCII.space)
                part.write(text)
            }
        }
    }

    /// `+12.50` or `-12.50`: an amount as an entry writes it, always signed.
    static func signed(_ m: Money) -> String { m.isNegative ? m.description : "+" + m.description }
}
