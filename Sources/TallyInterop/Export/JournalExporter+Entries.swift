import TallyCore
import TallySyntax

/// Dated entries, in the model's order: date order, file order within a day, assertions
/// last in their day. hledger and ledger check a balance assertion right after its
/// posting, in that order, so an assertion written after the day's transactions checks
/// the balance at the end of the day, as Tally's does.
extension JournalExporter {
    func writeDated(_ out: inout JournalText) {
        // Opening balances, booked on the wallet's opening day (or the journal's first
        // day) before anything else of that day. Those a converted journal opened in one
        // transaction (the same `opening-entry:`) are one again, zero amounts included.
        let entries = model.wallets.map { format == .beancount ? nil : source.declaredAccount($0.location, AccountNames.openingEntryKey) }
        var openings: [(date: CivilDate, wallet: Int)] = model.wallets.indices.compactMap { w in
            model.wallets[w].opening.isZero && entries[w] == nil ? nil : (model.wallets[w].openingDate ?? firstDate, w)
        }
        openings.sort { ($0.date, $0.wallet) < ($1.date, $1.wallet) }
        let places = AssertionPlaces(model: model, format: format, source: source)
        var nextOpening = 0
        let envelopes = format == .beancount ? EnvelopeAllocations(exporter: self) : nil
        var nextAllocation = 0
        func flush(through date: CivilDate?) {
            while nextOpening < openings.count, date.map({ openings[nextOpening].date <= $0 }) ?? true {
                let (day, first) = openings[nextOpening]
                var group = [first]
                nextOpening += 1
                while let entry = entries[first], nextOpening < openings.count, openings[nextOpening].date == day, entries[openings[nextOpening].wallet] == entry {
                    group.append(openings[nextOpening].wallet)
                    nextOpening += 1
                }
                var asserted: [Int: Money] = [:]
                for w in group { asserted.merge(places.balances(entry: AssertionPlaces.opening(w))) { _, later in later } }
                writeOpening(&out, wallets: group, date: day, description: entries[first], asserted: asserted)
            }
            if let allocations = envelopes?.allocations {
                while nextAllocation < allocations.count, date.map({ allocations[nextAllocation].date <= $0 }) ?? true {
                    out.line(allocations[nextAllocation].line)
                    nextAllocation += 1
                }
            }
        }
        var joinedThrough = -1
        var nextKept = 0
        let kept = kept.dated
        for (index, entry) in model.entries.enumerated() where index > joinedThrough && !places.attached.contains(index) {
            // What `tally convert` kept as comments before the entry, at its place.
            while nextKept < kept.count, let day = kept[nextKept].date,
                day < entry.date || (day == entry.date && kept[nextKept].file == entry.location.file && kept[nextKept].offset < entry.location.range.start)
            {
                flush(through: day)
                writeKept(&out, kept[nextKept])
                nextKept += 1
            }
            flush(through: entry.date)
            // Several wallets at once, written by `tally convert` as parts: one again; a
            // sale and its gain, for beancount, too.
            let sale = entry.isTransfer ? gainJoined(to: index) : nil
            let parts = sale.map { [$0] } ?? (entry.transaction != nil || entry.isTransfer ? continuations(after: index) : [])
            let group = [index] + parts
            joinedThrough = parts.last ?? index
            // Balances asserted on the wallets' postings (almost always none: no closure
            // that copies the exporter per entry).
            var asserted = places.balances(entry: index)
            for part in parts { asserted.merge(places.balances(entry: part)) { _, later in later } }
            if let sale {
                writeSale(&out, index, gain: sale, asserted: asserted)
            } else if parts.isEmpty {
                write(&out, index, envelopes: envelopes, asserted: asserted)
            } else {
                writeJoined(&out, group, asserted: asserted)
            }
            for (w, balance) in group.flatMap(places.zeroPostings) {
                posting(&out, names.wallets[w], amount(.zero, model.wallets[w].currency) + " = " + amount(balance, model.wallets[w].currency))
            }
        }
        for block in kept[nextKept...] {
            flush(through: block.date)
            writeKept(&out, block)
        }
        flush(through: nil)
    }

    /// One transaction opening `wallets`; with a kept description (hledger, ledger), the
    /// opening balances' posting without an amount, as such journals write it.
    private func writeOpening(_ out: inout JournalText, wallets: [Int], date: CivilDate, description: String?, asserted: [Int: Money]) {
        out.blank()
        // The secondary date, status and code its transaction had (`opening-date2:`, …).
        // `tally convert` writes them on the first wallet of the transaction.
        func kept(_ key: String) -> String? {
            wallets.lazy.compactMap { source.declaredAccount(model.wallets[$0].location, AccountNames.openingDetailKeys[key] ?? key) }.first
        }
        let mark = JournalExporter.mark(kept("status"))
        switch format {
        case .hledger, .ledger:
            var first = date.iso
            if let date2 = kept("date2").flatMap({ CivilDate(iso: $0) }) { first += "=" + date2.iso }
            if let mark { first += " " + mark }
            if let code = kept("code") { first += " (\(lineText(code)))" }
            let text = lineText(description ?? "Opening balance")
            out.line(text.isEmpty ? first : "\(first) \(text)")
        case .beancount: out.line("\(date) \(mark == "!" ? "!" : "*") \(quoted("Opening balance"))")
        }
        var atCost = false
        for w in wallets {
            let cost = openingCost(w)
            atCost = atCost || cost != nil
            let note = source.declaredAccount(model.wallets[w].location, AccountNames.openingNoteKey)
            posting(
                &out, names.wallets[w], amount(model.wallets[w].opening, model.wallets[w].currency) + (cost ?? "") + assertion(asserted, w),
                note: note, tags: [])
        }
        // At a cost the peer balances the opening in the cost's currency: it works the
        // equity posting out.
        if description != nil || atCost {
            out.line("    " + names.openingBalances)
        } else {
            for w in wallets { posting(&out, names.openingBalances, amount(model.wallets[w].opening.negated, model.wallets[w].currency)) }
        }
    }

    /// ` @ $30.00`: what the units a wallet opened with cost (`opening-cost:`), in the
    /// peer's spelling; nil for none (or one the export cannot read).
    private func openingCost(_ w: Int) -> String? {
        guard let kept = source.declaredAccount(model.wallets[w].location, AccountNames.openingCostKey) else { return nil }
        let braces = kept.prefix { $0 == "{" }
        let words = kept.dropFirst(braces.count).dropLast(braces.count).split(separator: " ")
        let mark = braces.isEmpty ? words.first.map(String.init) : nil
        let rest = braces.isEmpty ? words.dropFirst() : words[...]
        guard rest.count == 2, braces.isEmpty ? mark == "@" || mark == "@@" : braces.count <= 2, let number = Money(String(rest.first!)) else { return nil }
        let written = amount(number, String(rest.last!))
        return braces.isEmpty ? " \(mark!) \(written)" : " \(braces)\(written)\(String(repeating: "}", count: braces.count))"
    }

    func posting(_ out: inout JournalText, _ account: String, _ amount: String) {
        out.line("    \(account)  \(amount)")
    }

    /// A split's posting with its note and tags: a comment on the posting in hledger and
    /// ledger (hledger reads `name:` in it as a tag, ledger `:name:`), metadata below
    /// it in beancount.
    func posting(_ out: inout JournalText, _ account: String, _ amount: String, note: String?, tags: [String]) {
        guard note != nil || !tags.isEmpty else { return posting(&out, account, amount) }
        switch format {
        case .hledger:
            let words = (note.map { [metadataValue($0)] } ?? []) + tags.map { tagName($0) + ":" }
            out.line("    \(account)  \(amount)  ; " + words.joined(separator: ", "))
        case .ledger:
            out.line("    \(account)  \(amount)" + (note.map { "  ; " + metadataValue($0) } ?? ""))
            if !tags.isEmpty { out.line("        ; :" + tags.map(tagName).joined(separator: ":") + ":") }
        case .beancount:
            posting(&out, account, amount)
            if let note { out.line("      note: \(quoted(note))") }
            if !tags.isEmpty { out.line("      tags: \(quoted(tags.joined(separator: " ")))") }
        }
    }

    /// Whether a transaction's wallet posting comes first where nothing says (money in,
    /// as journals write a paycheck) rather than last (spending).
    static func walletFirst(_ total: Money) -> Bool { !total.isNegative && !total.isZero }

    /// One dated entry, the way the peer writes its kind.
    private func write(_ out: inout JournalText, _ index: Int, envelopes: EnvelopeAllocations?, asserted: [Int: Money]) {
        let entry = model.entries[index]
        switch entry.kind {
        case .transaction(let w, let total, _):
            writeTransaction(&out, entry, wallet: w, total: total, asserted: asserted)
        case .transfer(let from, let to, let sent, let received):
            writeTransfer(&out, entry, from: from, to: to, sent: sent, received: received, asserted: asserted, lots: lots.postings[index])
        case .assertion(let w, let balance):
            writeAssertion(&out, entry, wallet: w, balance: balance)
        case .rate(let base, let rate, let quote):
            switch format {
            case .hledger, .ledger: out.line("P \(entry.date.iso) \(commodity(base)) \(price(rate, quote))")
            case .beancount: out.line("\(entry.date.iso) price \(currency(base)) \(rate) \(currency(quote))")
            }
        case .fill(let e, let value):
            if envelopes?.covers(e) == true { return }
            out.line(comment("\(entry.date) fill \(model.envelopes[e].name) \(amount(value, model.defaultCurrency))"))
        case .move(let from, let to, let value):
            if envelopes?.covers(from) == true && envelopes?.covers(to) == true { return }
            out.line(comment("\(entry.date) move \(model.envelopes[from].name) -> \(model.envelopes[to].name) \(amount(value, model.defaultCurrency))"))
        case .skip(let rule):
            switch format {
            case .beancount: out.line("\(entry.date) custom \"tally-skip\" \(quoted(model.rules[rule].name ?? ""))")
            case .hledger, .ledger: out.line(comment("\(entry.date) skip \(model.rules[rule].name ?? "")"))
            }
        case .contribution(let goal, let value):
            let currency = goalCurrency(goal)
            switch format {
            case .beancount: out.line("\(entry.date) custom \"tally-goal\" \(quoted(model.goals[goal].name)) \(amount(value, currency))")
            case .hledger, .ledger: out.line(comment("\(entry.date) goal \(model.goals[goal].name) \(amount(value, currency))"))
            }
        }
    }

    /// A transaction of wallet `w`: its header, a posting per category (an uncategorized
    /// account when it has none yet), and the wallet's posting among them.
    private func writeTransaction(_ out: inout JournalText, _ entry: Entry, wallet w: Int, total: Money, asserted: [Int: Money]) {
        let wallet = model.wallets[w]
        let details = source.details(of: entry)
        var metadata = details?.metadata ?? []
        let kept = metadata.firstIndex { $0.key == AccountNames.walletPostingKey }.map { metadata.remove(at: $0).value }
        let splitMetadata = PostingDetails.splitLines(&metadata)
        header(&out, entry, extra: metadata)
        let splits = details?.splits.count == entry.postingCount ? details?.splits : nil
        // What was paid in another currency, as the interpreter read it.
        let paid = entry.postingCount == 1 ? entry.paid.map { paidAmount($0, charged: total, in: wallet.currency) } : nil
        let perPart = entry.paid.flatMap { paidParts($0, (0 ..< entry.postingCount).map { entry.posting($0).amount }, in: wallet.currency) }
        // The wallet's posting where the peer had it (`wallet-posting:`), else first
        // for money in, last otherwise.
        let count = max(entry.postingCount, 1) + 1
        var walletAt = JournalExporter.walletFirst(total) && format != .beancount ? 0 : count - 1
        if let kept { walletAt = kept == "first" ? 0 : kept == "last" ? count - 1 : min(max((Int(kept) ?? count) - 1, 0), count - 1) }
        func walletPosting() { posting(&out, names.wallets[w], amount(total, wallet.currency) + assertion(asserted, w)) }
        if walletAt == 0 { walletPosting() }
        for p in 0 ..< entry.postingCount {
            let part = entry.posting(p)
            // A one-category transaction keeps its category posting's note as `split-1-note:`.
            var lineMetadata = splitMetadata[p + 1] ?? []
            let keptNote = lineMetadata.firstIndex { $0.key == "note" }.map { lineMetadata.remove(at: $0).value }
            posting(
                &out, names.categories[part.category], paid ?? perPart?[p] ?? amount(part.amount.negated, wallet.currency),
                PostingDetails(note: splits?[p].note ?? keptNote, tags: splits?[p].tags ?? [], metadata: lineMetadata))
            if walletAt == p + 1 { walletPosting() }
        }
        if entry.postingCount == 0 {
            // A bank movement with no category yet (I0601) balances against an
            // account that says so.
            posting(
                &out, total.isNegative ? names.uncategorized.spending : names.uncategorized.income,
                amount(total.negated, wallet.currency))
            if walletAt == 1 { walletPosting() }
        }
    }

    /// A transfer: the receiving wallet's posting, and the sending one's before or after
    /// it; between currencies, a total price that makes the two balance, or the units'
    /// lots (``ExportedLots``): a posting per lot a sale takes.
    private func writeTransfer(
        _ out: inout JournalText, _ entry: Entry, from: Int, to: Int, sent: Money, received: Money, asserted: [Int: Money],
        lots: [ExportedLots.Lot]? = nil
    ) {
        let source = model.wallets[from], target = model.wallets[to]
        var metadata = self.source.details(of: entry)?.metadata ?? []
        // The sending wallet's posting first where the peer had it so (`wallet-posting: first`).
        let sendingFirst = metadata.firstIndex { $0.key == AccountNames.walletPostingKey }.map { metadata.remove(at: $0).value == "first" } ?? false
        let legs = PostingDetails.legs(&metadata)
        header(&out, entry, extra: metadata)
        var arriving = amount(received, target.currency)
        var sending = amount(sent.negated, source.currency)
        if let lots, lots.first?.units.isNegative == true {
            if sendingFirst { writeLots(&out, from, lots, legs.from) }
            posting(&out, names.wallets[to], arriving + assertion(asserted, to), legs.to)
            if !sendingFirst { writeLots(&out, from, lots, legs.from) }
            return
        } else if let lot = lots?.first {
            arriving += " " + lotText(lot, sale: false)
        } else if currency(source.currency) != currency(target.currency) {
            // The total price makes the two currencies balance exactly. Beancount
            // balances within the precision of the weight's amounts: on the side
            // with fewer decimals (units), its weight is in the other currency.
            if format == .beancount && model.decimals(of: source.currency) < model.decimals(of: target.currency) {
                sending += " @@ " + amount(received, target.currency)
            } else {
                arriving += " @@ " + amount(sent, source.currency)
            }
        }
        if sendingFirst { posting(&out, names.wallets[from], sending + assertion(asserted, from), legs.from) }
        posting(&out, names.wallets[to], arriving + assertion(asserted, to), legs.to)
        if !sendingFirst { posting(&out, names.wallets[from], sending + assertion(asserted, from), legs.from) }
    }

    /// A balance assertion on wallet `w` on its own: a zero posting that asserts
    /// (hledger, ledger), a `balance` directive on the next day (beancount).
    private func writeAssertion(_ out: inout JournalText, _ entry: Entry, wallet w: Int, balance: Money) {
        let wallet = model.wallets[w]
        switch format {
        case .hledger, .ledger:
            // A posting of zero that only asserts: in the transaction it was, if kept.
            out.blank()
            let kept = source.metadataValue(of: entry, AccountNames.assertionEntryKey).map(lineText) ?? ""
            out.line(kept.isEmpty ? entry.date.iso : "\(entry.date) \(kept)")
            let zero = Money.zero
            posting(&out, names.wallets[w], amount(zero, wallet.currency) + " = " + amount(balance, wallet.currency))
        case .beancount:
            // `balance` checks the start of its day: the end of the day before.
            guard let next = entry.date.adding(days: 1) else { return }
            out.blank()
            out.line("\(next) balance \(names.wallets[w])  \(amount(balance, wallet.currency))")
        }
    }
}
