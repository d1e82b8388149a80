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
                // The directive's sample amount sets the display precision (and the
                // symbol's side and digit groups, as a converted journal had them).
                out.line("commodity " + (styles[code]?.format ?? "1000." + String(repeating: "0", count: decimals) + " " + commodity(code)))
            case .ledger:
                out.line("commodity \(commodity(code))")
                if let style = styles[code] { out.line("    format \(style.ledgerFormat)") }
            case .beancount:
                out.line("\(firstDate) commodity \(currency(code))")
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
            var metadata = details.metadata
            for line in PostingDetails.splitLines(&metadata).values { for (key, _) in line { add(metadataKey(key)) } }
            // A transfer's sides' details are their postings' tags and metadata.
            if entry.isTransfer {
                let legs = PostingDetails.legs(&metadata)
                for side in [legs.from, legs.to] {
                    for (key, _) in side.metadata { add(metadataKey(key)) }
                    for tag in side.tags { add(tagName(tag)) }
                }
            }
            for (key, _) in metadata where key != AccountNames.noteFromKey { add(metadataKey(key)) }
            for split in details.splits { for tag in split.tags { add(tagName(tag)) } }
        }
        for tag in list { out.line("tag \(tag)") }
        if !list.isEmpty { out.blank() }
    }

    /// One `account` (`open`) declaration per wallet, category and the opening balances'
    /// account. A converted budget's (its wallets keep their peer accounts) are in the
    /// order hledger lists accounts it was not told of, by name, so that `hledger bal`
    /// lists them as it did for the original journal.
    func writeAccounts(_ out: inout JournalText) {
        var accounts: [(name: String, opened: CivilDate, currency: String, meta: [(String, String)], type: String)] = []
        for (index, wallet) in model.wallets.enumerated() {
            var meta: [(String, String)] = [("wallet", wallet.name), ("kind", wallet.kind.rawValue)]
            if !wallet.currency.isEmpty { meta.append(("currency", wallet.currency)) }
            if let limit = wallet.limit { meta.append(("limit", amount(limit, wallet.currency))) }
            if let closed = wallet.closed { meta.append(("closed", closed.description)) }
            if wallet.hidden { meta.append(("hidden", "true")) }
            if !wallet.owners.isEmpty { meta.append(("owners", wallet.owners.joined(separator: " & "))) }
            let opened = wallet.openingDate ?? firstDate
            accounts.append((names.wallets[index], opened, currency(wallet.currency), meta, wallet.kind == .credit || wallet.kind == .loan ? "L" : "A"))
        }
        accounts.append((names.openingBalances, firstDate, "", [], "E"))
        for (index, category) in model.categories.enumerated() {
            var meta: [(String, String)] = [("category", category.name)]
            if category.isImplicit { meta.append(("implicit", "true")) }
            accounts.append((names.categories[index], firstDate, "", meta, category.isIncome ? "R" : "X"))
        }
        if model.entries.contains(where: { $0.transaction != nil && $0.postingCount == 0 }) {
            accounts.append((names.uncategorized.spending, firstDate, "", [("uncategorized", "true")], "X"))
            accounts.append((names.uncategorized.income, firstDate, "", [("uncategorized", "true")], "R"))
        }
        if format == .hledger, model.wallets.contains(where: { source.declaredAccount($0.location, AccountNames.originalKey) != nil }) {
            // hledger lists declared accounts first, level by level: every parent is
            // declared too, all by name.
            var known = Set(accounts.map(\.name))
            // The accounts of what is written back as it was are declared with the others
            // (hledger lists declared accounts before the rest).
            for block in kept.undated + kept.dated where block.formats.contains(format) {
                for name in block.postingAccounts where known.insert(name).inserted { accounts.append((name, firstDate, "", [], "")) }
            }
            for a in accounts {
                var parent = a.name
                while let colon = parent.lastIndex(of: ":") {
                    parent = String(parent[..<colon])
                    if known.insert(parent).inserted { accounts.append((parent, firstDate, "", [], "")) }
                }
            }
            // Those the journal declared, in its order (hledger lists them first), then
            // the others by name.
            let places = declarationPlaces()
            accounts.sort {
                let (a, b) = (places[$0.name] ?? .max, places[$1.name] ?? .max)
                return a != b ? a < b : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)
            }
        }
        if format == .beancount { openForKeptBlocks(&accounts) }
        // A goal on all spending (`for *`) is on `Expenses` itself: ledger's `--pedantic`
        // wants it declared.
        if format == .ledger, model.envelopes.indices.contains(where: { goalAccount($0) == "Expenses" }), !accounts.contains(where: { $0.name == "Expenses" }) {
            accounts.append(("Expenses", firstDate, "", [], ""))
        }
        for a in accounts {
            if a.type.isEmpty { out.line("account \(a.name)") } else { writeAccount(&out, a.name, opened: a.opened, currency: a.currency, meta: a.meta, type: a.type) }
        }
        out.blank()
    }

    /// beancount: the accounts opened early enough and in every commodity the blocks
    /// written back as they were book on them, and those only they name opened too
    /// (``KeptAccountNeeds``).
    private func openForKeptBlocks(_ accounts: inout [(name: String, opened: CivilDate, currency: String, meta: [(String, String)], type: String)]) {
        let needs = KeptAccountNeeds(kept.dated)
        for i in accounts.indices {
            accounts[i].opened = needs.opened(accounts[i].name, planned: accounts[i].opened)
            accounts[i].currency = needs.currencies(accounts[i].name, planned: accounts[i].currency)
        }
        var known = Set(accounts.map(\.name))
        for (name, need) in needs.needs.sorted(by: { $0.key < $1.key }) where known.insert(name).inserted {
            accounts.append((name, need.day, "", [], name.hasPrefix("Income") ? "R" : name.hasPrefix("Expenses") ? "X" : "A"))
        }
    }

    /// The place of each account among the converted journal's account declarations
    /// (`declared: 3`, `declared-parent: "2 expenses"` on the budget's declarations).
    private func declarationPlaces() -> [String: Int] {
        var places: [String: Int] = [:]
        func note(_ location: SourceLocation, _ name: String) {
            if let n = source.declaredAccount(location, AccountNames.declaredKey).flatMap({ Int($0) }) { places[name] = min(places[name] ?? n, n) }
            for value in source.declaredAccounts(location, AccountNames.declaredParentKey) {
                guard let space = value.firstIndex(of: " "), let n = Int(value[..<space]) else { continue }
                places[String(value[value.index(after: space)...])] = n
            }
        }
        for (index, wallet) in model.wallets.enumerated() { note(wallet.location, names.wallets[index]) }
        for (index, category) in model.categories.enumerated() where !category.isImplicit { note(category.location, names.categories[index]) }
        return places
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
