import TallySyntax

/// Names, amounts and dated entries.
extension Lowering {
    // MARK: Amounts

    /// The exact value of `amount`, checked against the currency it must be in.
    mutating func money(_ amount: AmountSyntax, currency: String, file: String) -> Money? {
        guard let value = Money(utf8: amount.numberBytes) else {
            report(
                .numericOverflow, "`\(amount.number)` is too large to compute with exactly", file, amount.range,
                help: "amounts may have up to 18 significant digits")
            return nil
        }
        if let code = amount.currency, code != currency, !currency.isEmpty {
            report(
                .currencyMismatch, "this amount is in \(code), but it must be in \(currency) here", file, amount.range,
                help: "amounts are in their wallet's currency; move money between currencies with a transfer (`= AMOUNT CODE` or `@ RATE`)")
            return nil
        }
        let allowed = decimals(of: amount.currency ?? currency)
        if value.significantScale > allowed {
            let label = (amount.currency ?? currency).isEmpty ? "amounts" : amount.currency ?? currency
            let places = value.significantScale == 1 ? "1 decimal" : "\(value.significantScale) decimals"
            report(
                .tooManyDecimals, "`\(amount.number)` has \(places), but \(label) amounts have at most \(allowed)",
                file, amount.range, help: "declare more decimals with `currency \(label) decimals N` if this is right")
            return nil
        }
        return value
    }

    // MARK: Names

    mutating func resolve(_ name: NameSyntax, in index: [String: Int], kind: String, file: String) -> Int? {
        if let found = index[name.value] { return found }
        var message = "unknown \(kind) `\(name.value)`"
        var fixes: [Fix] = []
        if let suggestion = Suggestion.closest(to: name.value, among: Array(index.keys).sorted()) {
            message += "; did you mean `\(suggestion)`?"
            fixes = [Fix(title: "Replace with `\(suggestion)`", edits: [TextEdit(range: name.range, replacement: SourceWriter.name(suggestion))])]
        }
        report(
            .unknownName, message, file, name.range,
            help: "declare it with `\(Lowering.declaringKeyword(kind))`, or correct the spelling", fixes: fixes)
        return nil
    }

    static func declaringKeyword(_ kind: String) -> String {
        switch kind {
        case "category": return "income NAME` or `expense NAME"
        case "recurring entry": return "every ... as NAME"
        default: return kind + " NAME"
        }
    }

    mutating func resolveWallet(_ name: NameSyntax, file: String) -> Int? {
        let found = resolve(name, in: walletIndex, kind: "wallet", file: file)
        if let found { walletSeen[found] += 1 }
        return found
    }
    mutating func resolveCategory(_ name: NameSyntax, file: String) -> Int? { resolve(name, in: categoryIndex, kind: "category", file: file) }
    mutating func resolveEnvelope(_ name: NameSyntax, file: String) -> Int? { resolve(name, in: envelopeIndex, kind: "envelope", file: file) }
    mutating func resolveGoal(_ name: NameSyntax, file: String) -> Int? { resolve(name, in: goalIndex, kind: "goal", file: file) }
    mutating func resolveRule(_ name: NameSyntax, file: String) -> Int? { resolve(name, in: ruleIndex, kind: "recurring entry", file: file) }

    // MARK: Dated entries

    /// Lowers a dated entry (or the body of a recurring entry, with `date` its first day).
    mutating func lowerDated(_ node: SyntaxNode, date: CivilDate, file: String, order: Int) -> Entry? {
        let location = SourceLocation(file: file, range: node.contentRange)
        // The shared parts, transfers' wallets and clauses are read from the flat tree:
        // a view per part would cost more than the entry itself.
        let flat = FlatSyntax(node.tree)
        let common = datedParts(node.index, flat)
        var goal: Int?
        var rule: Int?
        var by: String?
        var paid: PaidAmount?
        let kind: EntryKind
        switch node.kind {
        case .transaction:
            guard let t = TransactionSyntax(node), let walletName = t.wallet, let wallet = resolveWallet(walletName, file: file) else { return nil }
            (goal, rule, by) = clauses(node, file: file)
            guard
                let (amount, postings) = lowerTransaction(
                    t, wallet: wallet, payee: common.payee, bankID: common.bankID, tags: common.tags,
                    file: file)
            else { return nil }
            kind = .transaction(wallet: wallet, amount: amount, postings: postings)
            paid = paidAmount(t, file: file)
        case .transfer:
            guard let transfer = lowerTransfer(node, flat, file: file) else { return nil }
            (kind, goal, rule, by) = transfer
        case .rate:
            guard let simple = SimpleDatedEntrySyntax(node), let base = simple.baseCurrency, let a = simple.amount,
                let quote = a.currency, let rate = Money(a.number)
            else { return nil }
            kind = .rate(base: base, rate: rate, quote: quote)
        case .fill, .move, .assertion, .skip, .contribution:
            guard let named = lowerNamedEntry(node, flat, file: file) else { return nil }
            (kind, goal, rule) = named
        default:
            return nil
        }
        return Entry(
            date: date, kind: kind, payee: common.payee, note: common.note, tags: common.tags,
            bankID: common.bankID, goal: goal, rule: rule, by: by, location: location, order: order, paid: paid)
    }

    /// The kind of transfer `node` and its `goal`, `rule` and `by` clauses; nil when it is
    /// not lowered (reported). Its wallets are read before its clauses, so that their
    /// diagnostics come in the order of the text.
    @inline(__always)
    mutating func lowerTransfer(_ node: SyntaxNode, _ flat: FlatSyntax, file: String) -> (EntryKind, goal: Int?, rule: Int?, by: String?)? {
        guard let t = TransferSyntax(node), let fromRef = flat.child(.walletRef, of: node.index) else { return nil }
        var toRef = flat.subtreeEnd(fromRef)
        while toRef < flat.subtreeEnd(node.index) && flat.kind(toRef) != .walletRef { toRef = flat.subtreeEnd(toRef) }
        guard toRef < flat.subtreeEnd(node.index) else { return nil }
        let from = flatWallet(fromRef, flat, file: file)
        let to = flatWallet(toRef, flat, file: file)
        let (goal, rule, by) = flatClauses(node.index, flat, file: file)
        guard let from, let to, let amountNode = flat.child(.amount, of: node.index),
            let sent = Lowering.plainMoney(amountNode, flat, decimals: decimals(of: wallets[from].currency))
                ?? money(AmountSyntax(node: flat.node(amountNode)), currency: wallets[from].currency, file: file)
        else { return nil }
        let toCurrency = wallets[to].currency
        var received = sent
        if let r = t.received {
            guard let value = money(r, currency: toCurrency, file: file) else { return nil }
            received = value
        } else if let rate = t.rate {
            guard let factor = Money(rate.number) else { return nil }
            if let code = rate.currency, code != toCurrency {
                report(.currencyMismatch, "the rate is given in \(code), but \(wallets[to].name) holds \(toCurrency)", file, rate.range)
                return nil
            }
            guard let value = sent.multiplied(by: factor, roundedTo: decimals(of: toCurrency)) else {
                report(.numericOverflow, "converting \(sent) at \(factor) is too large to compute exactly", file, rate.range)
                return nil
            }
            received = value
        } else if wallets[from].currency != toCurrency {
            report(
                .missingConversion,
                "a transfer from \(wallets[from].currency) to \(toCurrency) needs the amount received or a rate",
                file, node.contentRange,
                help: "add `= AMOUNT \(toCurrency)` (what arrived) or `@ RATE` (\(toCurrency) per \(wallets[from].currency))")
            return nil
        }
        return (.transfer(from: from, to: to, sent: sent, received: received), goal, rule, by)
    }

    /// The kind of a fill, move, assertion, skip or contribution `node`, with the goal a
    /// contribution is to or the rule a skip dismisses; nil when it is not lowered
    /// (reported).
    @inline(__always)
    mutating func lowerNamedEntry(_ node: SyntaxNode, _ flat: FlatSyntax, file: String) -> (kind: EntryKind, goal: Int?, rule: Int?)? {
        // The names (as `SimpleDatedEntrySyntax.names` lists them) and the amount, read
        // from the flat tree; names found by their bytes, else resolved and reported.
        let n = node.index
        var first = -1, second = -1, nameCount = 0
        var child = n + 1
        while child < flat.subtreeEnd(n) {
            if flat.kind(child).isName {
                if nameCount == 0 { first = child } else if nameCount == 1 { second = child }
                nameCount += 1
            }
            child = flat.subtreeEnd(child)
        }
        let amountNode = flat.child(.amount, of: n)
        switch node.kind {
        case .fill:
            guard first >= 0, let envelope = flatEnvelope(first, flat, file: file), let amountNode,
                let amount = flatMoney(amountNode, flat, currency: defaultCurrency, file: file)
            else { return nil }
            return (.fill(envelope: envelope, amount: amount), nil, nil)
        case .move:
            guard nameCount == 2 else { return nil }
            let from = flatEnvelope(first, flat, file: file)
            let to = flatEnvelope(second, flat, file: file)
            guard let from, let to, let amountNode,
                let amount = flatMoney(amountNode, flat, currency: defaultCurrency, file: file)
            else { return nil }
            return (.move(from: from, to: to, amount: amount), nil, nil)
        case .assertion:
            guard first >= 0, let wallet = flatWallet(first, flat, file: file), let amountNode,
                let amount = flatMoney(amountNode, flat, currency: wallets[wallet].currency, file: file)
            else { return nil }
            return (.assertion(wallet: wallet, amount: amount), nil, nil)
        case .skip:
            guard first >= 0, let r = Lowering.find(first, flat, in: tables.rules) ?? resolveRule(NameSyntax(node: flat.node(first)), file: file) else { return nil }
            return (.skip(rule: r), nil, r)
        default:
            guard first >= 0, let g = Lowering.find(first, flat, in: tables.goals) ?? resolveGoal(NameSyntax(node: flat.node(first)), file: file),
                let amountNode
            else { return nil }
            let currency = goals[g].wallet.map { wallets[$0].currency } ?? defaultCurrency
            guard let amount = flatMoney(amountNode, flat, currency: currency, file: file) else { return nil }
            return (.contribution(goal: g, amount: amount), g, nil)
        }
    }

    /// `goal NAME`, `rule NAME` and `by NAME`, read in one pass over the attributes.
    mutating func clauses(_ node: SyntaxNode, file: String) -> (goal: Int?, rule: Int?, by: String?) {
        guard node.child(.attribute) != nil else { return (nil, nil, nil) }
        var result: (goal: Int?, rule: Int?, by: String?) = (nil, nil, nil)
        for attribute in node.attributes {
            guard let name = attribute.name else { continue }
            switch attribute.keyword {
            case "goal": result.goal = resolveGoal(name, file: file)
            case "rule": result.rule = resolveRule(name, file: file)
            case "by": result.by = name.value
            default: break
            }
        }
        return result
    }

    mutating func reportMissingCategory(payee: String?, file: String, range: ByteRange) {
        report(
            .missingCategory, "this transaction has no category", file, range,
            help: "write the category before the amount, split it over categories, or add `payee \(SourceWriter.text(payee ?? "Payee")) CATEGORY`")
    }

    /// A bank movement without a category (Grammar.md §3.10, "No category yet"): kept,
    /// counted in its wallet only, and reported as an info.
    mutating func reportNeedsCategory(file: String, range: ByteRange) {
        report(
            .needsCategory, "this transaction needs a category", file, range,
            help: "write the category before the amount; until then it counts in its wallet only")
    }

    /// The amount and postings of a transaction, from its header and split lines.
    mutating func lowerTransaction(
        _ t: TransactionSyntax, wallet: Int, payee: String?, bankID: String?, tags: [String],
        file: String
    ) -> (Money, [Posting])? {
        let currency = wallets[wallet].currency
        let header = SourceLocation(
            file: file,
            range: t.node.firstContentToken.map { _ in
                ByteRange(start: t.node.contentRange.start, end: t.amount?.range.end ?? t.wallet?.range.end ?? t.node.contentRange.end)
            } ?? t.node.contentRange)
        var total: Money?
        if let a = t.amount {
            if t.converted != nil || t.rate != nil {
                guard let value = convertedAmount(t, a, wallet: wallet, file: file) else { return nil }
                total = value
            } else {
                guard let value = money(a, currency: currency, file: file) else { return nil }
                total = value
            }
        }
        let splits = t.splits
        if splits.isEmpty {
            var category = t.category.flatMap { resolveCategory($0, file: file) }
            if t.category == nil, let payee, let ruled = payeeCategory[payee] { category = ruled }
            if t.category == nil && category == nil {
                guard bankID != nil, let total else {
                    reportMissingCategory(payee: payee, file: file, range: header.range)
                    return nil
                }
                reportNeedsCategory(file: file, range: header.range)
                return (total, [])
            }
            guard let category, let total else { return nil }
            checkSign(
                total, category: category, wallet: wallet, marked: tags.contains(where: SignRule.isMarker),
                at: SignedAmount(number: t.amount?.node.token(.number)?.range, line: header.range), file: file)
            return (total, [Posting(category: category, amount: total, location: header)])
        }
        if let c = t.category {
            report(
                .splitMismatch, "a split transaction takes its categories from its split lines", file, c.range,
                help: "remove the category from the first line, or remove the split lines")
            return nil
        }
        return lowerSplits(
            t.node.index, FlatSyntax(t.node.tree), categories: nil, wallet: wallet, tags: tags,
            currency: currency, total: total, totalRange: t.amount?.range ?? header.range, file: file)
    }
}

/// The parts every dated entry may have.
struct DatedParts {
    var payee: String?
    var note: String?
    var tags: [String]
    var bankID: String?
}

/// A dated entry of any kind, for the accessors shared by all.
struct AnyDated: DatedEntrySyntax {
    let node: SyntaxNode
}
