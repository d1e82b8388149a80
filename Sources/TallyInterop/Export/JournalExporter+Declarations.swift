import TallyCore
import TallySyntax

/// The top of the journal: options, currencies and accounts with their Tally attributes.
extension JournalExporter {
    func writeHeader(_ out: inout JournalText) {
        out.line("; Exported by `tally export --to \(format.rawValue)`. Wallets are Assets: or Liabilities: accounts,")
        out.line("; categories Income: or Expenses: accounts; see docs/interop.md for the whole mapping.")
        if format == .beancount {
            out.blank()
            let operating = currency(model.defaultCurrency)
            if !operating.isEmpty { out.line("option \"operating_currency\" \(quoted(operating))") }
        }
        out.blank()
    }

    /// Every currency the budget uses, default first, in order of first use.
    var currencies: [String] {
        var seen = Set<String>()
        var list: [String] = []
        func add(_ c: String) { if !c.isEmpty, seen.insert(c).inserted { list.append(c) } }
        add(model.defaultCurrency)
        for wallet in model.wallets { add(wallet.currency) }
        for entry in model.entries {
            if case .rate(let base, _, let quote) = entry.kind { add(base); add(quote) }
        }
        for c in source.declaredCurrencies { add(c) }
        return list
    }

    func writeCommodities(_ out: inout JournalText) {
        let list = currencies
        if format == .hledger && model.wallets.contains(where: { $0.currency.isEmpty }) {
            // Amounts without a currency: hledger's strict check wants that declared too.
            out.line("commodity 1000." + String(repeating: "0", count: model.decimals(of: "")))
            if list.isEmpty { out.blank() }
        }
        guard !list.isEmpty else { return }
        for code in list {
            let decimals = model.decimals(of: code)
            switch format {
            case .hledger:
                // The directive's sample amount sets the display precision.
                out.line("commodity 1000." + String(repeating: "0", count: decimals) + " " + commodity(code))
            case .ledger:
                out.line("commodity \(commodity(code))")
            case .beancount:
                out.line("\(firstDate) commodity \(code)")
            }
        }
        out.blank()
    }

    /// ledger `tag` declarations for every metadata key and tag the journal uses, so that
    /// `ledger --pedantic` accepts it.
    func writeLedgerTags(_ out: inout JournalText) {
        var seen = Set<String>()
        var list: [String] = []
        func add(_ t: String) { if seen.insert(t).inserted { list.append(t) } }
        for entry in model.entries {
            if entry.note != nil && entry.payee != nil { add("note") }
            if entry.by != nil { add("person") }
            if entry.goal != nil { add("goal") }
            if entry.rule != nil { add("rule") }
            if entry.bankID != nil { add("id") }
            for tag in entry.tags { add(tagName(tag)) }
            guard entry.transaction != nil || entry.isTransfer, let details = source.details(of: entry) else { continue }
            for (key, _) in details.metadata { add(metadataKey(key)) }
            for split in details.splits { for tag in split.tags { add(tagName(tag)) } }
        }
        for tag in list { out.line("tag \(tag)") }
        if !list.isEmpty { out.blank() }
    }

    func writeAccounts(_ out: inout JournalText) {
        for (index, wallet) in model.wallets.enumerated() {
            var meta: [(String, String)] = [("wallet", wallet.name), ("kind", wallet.kind.rawValue)]
            if !wallet.currency.isEmpty { meta.append(("currency", wallet.currency)) }
            if let limit = wallet.limit { meta.append(("limit", amount(limit, wallet.currency))) }
            if let closed = wallet.closed { meta.append(("closed", closed.description)) }
            if wallet.hidden { meta.append(("hidden", "true")) }
            if !wallet.owners.isEmpty { meta.append(("owners", wallet.owners.joined(separator: " & "))) }
            let opened = wallet.openingDate ?? firstDate
            writeAccount(&out, names.wallets[index], opened: opened, currency: currency(wallet.currency), meta: meta, type: wallet.kind == .credit || wallet.kind == .loan ? "L" : "A")
        }
        writeAccount(&out, names.openingBalances, opened: firstDate, currency: "", meta: [], type: "E")
        for (index, category) in model.categories.enumerated() {
            var meta: [(String, String)] = [("category", category.name)]
            if category.isImplicit { meta.append(("implicit", "true")) }
            writeAccount(&out, names.categories[index], opened: firstDate, currency: "", meta: meta, type: category.isIncome ? "R" : "X")
        }
        if model.entries.contains(where: { $0.transaction != nil && $0.postingCount == 0 }) {
            writeAccount(&out, names.uncategorized.spending, opened: firstDate, currency: "", meta: [("uncategorized", "true")], type: "X")
            writeAccount(&out, names.uncategorized.income, opened: firstDate, currency: "", meta: [("uncategorized", "true")], type: "R")
        }
        out.blank()
    }

    private func writeAccount(
        _ out: inout JournalText, _ account: String, opened: CivilDate, currency: String,
        meta: [(String, String)], type: String
    ) {
        switch format {
        case .hledger:
            // hledger reads `type:` to classify accounts; the rest are plain tags.
            let tags = ([("type", type)] + meta).map { "\($0.0): \(metadataValue($0.1))" }.joined(separator: ", ")
            out.line("account \(account)  ; \(tags)")
        case .ledger:
            if !meta.isEmpty { out.line("; " + meta.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) }
            out.line("account \(account)")
        case .beancount:
            out.line("\(opened) open \(account)" + (currency.isEmpty ? "" : " " + currency))
            for (key, value) in meta where key != "currency" { out.line("  \(key): \(quoted(value))") }
        }
    }

    /// Beancount `close` on Tally's closing day: beancount sorts a `close` after the
    /// entries of its day and refuses postings only after it, as Tally refuses bookings
    /// after `closed`. A `balance` after the close is allowed (and checked), so an
    /// assertion at the end of the closing day, a `balance` the next day, stays valid.
    func writeClosings(_ out: inout JournalText) {
        var wrote = false
        for (index, wallet) in model.wallets.enumerated() {
            guard let closed = wallet.closed else { continue }
            if !wrote { out.blank() }
            wrote = true
            out.line("\(closed.iso) close \(names.wallets[index])")
        }
    }
}
