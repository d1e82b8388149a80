import TallyCore
import TallySyntax

/// Dated entries, in the model's order: date order, file order within a day, assertions
/// last in their day. hledger and ledger check a balance assertion right after its
/// posting, in that order, so an assertion written after the day's transactions checks
/// the balance at the end of the day, as Tally's does.
extension JournalExporter {
    func writeDated(_ out: inout JournalText) {
        // Opening balances, booked on the wallet's opening day (or the journal's first
        // day) before anything else of that day.
        var openings: [(date: CivilDate, wallet: Int)] = model.wallets.indices.compactMap { w in
            model.wallets[w].opening.isZero ? nil : (model.wallets[w].openingDate ?? firstDate, w)
        }
        openings.sort { ($0.date, $0.wallet) < ($1.date, $1.wallet) }
        var nextOpening = 0
        let envelopes = format == .beancount ? EnvelopeAllocations(exporter: self) : nil
        var nextAllocation = 0
        func flush(through date: CivilDate?) {
            while nextOpening < openings.count, date.map({ openings[nextOpening].date <= $0 }) ?? true {
                writeOpening(&out, wallet: openings[nextOpening].wallet, date: openings[nextOpening].date)
                nextOpening += 1
            }
            if let allocations = envelopes?.allocations {
                while nextAllocation < allocations.count, date.map({ allocations[nextAllocation].date <= $0 }) ?? true {
                    out.line(allocations[nextAllocation].line)
                    nextAllocation += 1
                }
            }
        }
        for entry in model.entries {
            flush(through: entry.date)
            write(&out, entry, envelopes: envelopes)
        }
        flush(through: nil)
    }

    private func writeOpening(_ out: inout JournalText, wallet index: Int, date: CivilDate) {
        let wallet = model.wallets[index]
        out.blank()
        switch format {
        case .hledger, .ledger: out.line("\(date) Opening balance")
        case .beancount: out.line("\(date) * \(quoted("Opening balance"))")
        }
        posting(&out, names.wallets[index], amount(wallet.opening, wallet.currency))
        posting(&out, names.openingBalances, amount(wallet.opening.negated, wallet.currency))
    }

    private func posting(_ out: inout JournalText, _ account: String, _ amount: String) {
        out.line("    \(account)  \(amount)")
    }

    /// A split's posting with its note and tags: a comment on the posting in hledger and
    /// ledger (hledger reads `name:` in it as a tag, ledger `:name:`), metadata below
    /// it in beancount.
    private func posting(_ out: inout JournalText, _ account: String, _ amount: String, note: String?, tags: [String]) {
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

    /// The first line of a transaction with its payee, note and tags, and the metadata
    /// lines below it.
    private func header(_ out: inout JournalText, _ entry: Entry, extra: [(String, String)] = []) {
        var meta: [(String, String)] = []
        if let by = entry.by { meta.append(("person", by)) }
        if let goal = entry.goal { meta.append(("goal", model.goals[goal].name)) }
        if let rule = entry.rule { meta.append(("rule", model.rules[rule].name ?? "")) }
        if let id = entry.bankID { meta.append(("id", id)) }
        let tags = entry.tags
        if format == .beancount && tags.contains(where: { tagName($0) != $0 }) { meta.append(("tally-tags", tags.joined(separator: " "))) }
        // The status mark and code a converted journal kept (`status:`, `code:`) go back
        // where the peer writes them.
        let mark = JournalExporter.mark(extra.first { $0.0 == "status" }?.1)
        var code = extra.first { $0.0 == "code" }?.1
        if format == .beancount { code = nil }
        meta += extra.filter { ($0.0 != "status" || mark == nil) && ($0.0 != "code" || code == nil) }.map { (metadataKey($0.0), $0.1) }
        let date = entry.date.iso + (format == .beancount ? "" : (mark.map { " " + $0 } ?? "") + (code.map { " (\(lineText($0)))" } ?? ""))
        out.blank()
        switch format {
        case .hledger:
            var description = ""
            if let payee = entry.payee { description = lineText(payee) }
            if let note = entry.note { description = description.isEmpty ? lineText(note) : description + " | " + lineText(note) }
            out.line(description.isEmpty ? date : "\(date) \(description)")
            for tag in tags { out.line("    ; \(tagName(tag)):") }
            for (key, value) in meta { out.line("    ; \(key): \(metadataValue(value))") }
        case .ledger:
            let description = (entry.payee ?? entry.note).map(lineText) ?? ""
            out.line(description.isEmpty ? date : "\(date) \(description)")
            if entry.payee != nil, let note = entry.note { out.line("    ; note: \(metadataValue(note))") }
            if !tags.isEmpty { out.line("    ; :" + tags.map(tagName).joined(separator: ":") + ":") }
            for (key, value) in meta { out.line("    ; \(key): \(metadataValue(value))") }
        case .beancount:
            var line = "\(entry.date.iso) \(mark == "!" ? "!" : "*")"
            switch (entry.payee, entry.note) {
            case let (payee?, note?): line += " \(quoted(payee)) \(quoted(note))"
            case let (payee?, nil): line += " \(quoted(payee)) \"\""
            case let (nil, note?): line += " \(quoted(note))"
            case (nil, nil): break
            }
            for tag in tags { line += " #" + tagName(tag) }
            out.line(line)
            for (key, value) in meta { out.line("    \(key): \(quoted(value))") }
        }
    }

    /// The peer's status mark for a kept `status:` value (`cleared` `*`, `pending` `!`).
    static func mark(_ status: String?) -> String? {
        switch status {
        case "cleared": "*";
        case "pending": "!";
        default: nil
        }
    }

    private func write(_ out: inout JournalText, _ entry: Entry, envelopes: EnvelopeAllocations?) {
        switch entry.kind {
        case .transaction(let w, let total, _):
            let wallet = model.wallets[w]
            let details = source.details(of: entry)
            header(&out, entry, extra: details?.metadata ?? [])
            let splits = details?.splits.count == entry.postingCount ? details?.splits : nil
            let paid = entry.postingCount == 1 ? details?.paid.map { paidAmount($0, charged: total, in: wallet.currency) } : nil
            let perPart = details?.paid.flatMap { paidParts($0, (0 ..< entry.postingCount).map { entry.posting($0).amount }, in: wallet.currency) }
            for p in 0 ..< entry.postingCount {
                let part = entry.posting(p)
                posting(
                    &out, names.categories[part.category], paid ?? perPart?[p] ?? amount(part.amount.negated, wallet.currency),
                    note: splits?[p].note, tags: splits?[p].tags ?? [])
            }
            if entry.postingCount == 0 {
                // A bank movement with no category yet (I0601) balances against an
                // account that says so.
                posting(
                    &out, total.isNegative ? names.uncategorized.spending : names.uncategorized.income,
                    amount(total.negated, wallet.currency))
            }
            posting(&out, names.wallets[w], amount(total, wallet.currency))
        case .transfer(let from, let to, let sent, let received):
            let source = model.wallets[from], target = model.wallets[to]
            header(&out, entry, extra: self.source.details(of: entry)?.metadata ?? [])
            var arriving = amount(received, target.currency)
            if currency(source.currency) != currency(target.currency) {
                // The total price makes the two currencies balance exactly.
                arriving += " @@ " + amount(sent, source.currency)
            }
            posting(&out, names.wallets[to], arriving)
            posting(&out, names.wallets[from], amount(sent.negated, source.currency))
        case .assertion(let w, let balance):
            let wallet = model.wallets[w]
            switch format {
            case .hledger, .ledger:
                header(&out, entry)
                let zero = Money.zero
                posting(&out, names.wallets[w], amount(zero, wallet.currency) + " = " + amount(balance, wallet.currency))
            case .beancount:
                // `balance` checks the start of its day: the end of the day before.
                guard let next = entry.date.adding(days: 1) else { return }
                out.blank()
                out.line("\(next) balance \(names.wallets[w])  \(amount(balance, wallet.currency))")
            }
        case .rate(let base, let rate, let quote):
            switch format {
            case .hledger, .ledger: out.line("P \(entry.date.iso) \(commodity(base)) \(rate) \(commodity(quote))")
            case .beancount: out.line("\(entry.date.iso) price \(base) \(rate) \(quote)")
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

    /// A goal's amounts are in its wallet's currency, else the default one.
    func goalCurrency(_ goal: Int) -> String {
        model.goals[goal].wallet.map { model.wallets[$0].currency } ?? model.defaultCurrency
    }
}
