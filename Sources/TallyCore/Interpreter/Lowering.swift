import TallySyntax

/// Turns the syntax trees of a budget into resolved model tables: declarations first (so
/// entries may use names declared further down or in other files), then dated entries.
/// Problems with names, amounts and currencies become diagnostics; an entry that cannot
/// be resolved is left out of the model rather than guessed at.
struct Lowering {
    var diagnostics: [Diagnostic] = []
    var defaultCurrency = ""
    var decimals: [String: Int] = [:]
    var weekStart = Weekday.monday
    var overlapPolicy = "warn"

    var wallets: [Wallet] = []
    var walletIndex: [String: Int] = [:]
    var categories: [Category] = []
    var categoryIndex: [String: Int] = [:]
    var envelopes: [Envelope] = []
    var envelopeIndex: [String: Int] = [:]
    var goals: [Goal] = []
    var goalIndex: [String: Int] = [:]
    var rules: [RecurringRule] = []
    var ruleIndex: [String: Int] = [:]
    /// The `payee` rules whose category resolved, in file order.
    var payeeRules: [PayeeRule] = []
    /// The category each payee's rule books (the last rule of a payee).
    var payeeCategory: [String: Int] = [:]
    /// Each wallet's import profile (the first; a second is E0601), in file order.
    var importProfiles: [ImportProfile] = []
    /// The `match` rules `tally import` may apply, in file order.
    var matchRules: [MatchRule] = []
    /// The account each profile names (as ``ImportProfile/account(_:)`` writes it), with
    /// its wallet and where: two wallets cannot share a bank account.
    var importAccounts: [String: (wallet: Int, location: SourceLocation)] = [:]
    var entries: [Entry] = []
    /// Wallet names written in entries that could not be lowered, with how often, for
    /// the unused-declaration check. Counts (not flags), so that an edit's entries can be
    /// taken out again (see `Lowering+Reuse.swift`).
    var walletUsed: [String: Int] = [:]
    /// Per wallet: how many resolved names refer to it.
    var walletSeen: [Int] = []
    /// Start offsets of syntax errors per file, sorted: entries with one are not lowered,
    /// so that one mistake is reported once, not again as a model problem.
    var syntaxErrors: [String: [Int]] = [:]
    /// Whether plain transactions take the flat path (``lowerTransactionFlat``); tests
    /// turn it off to check that both paths lower every entry alike.
    var usesFlatPath = true
    /// Budgets with at least this many syntax nodes have their entries lowered in two
    /// halves at once (see `Lowering+Concurrent.swift`); tests lower small files so.
    var concurrentLoweringThreshold = 100_000
    /// Where tests cut the entries into two parts lowered apart (file, top-level node).
    var cutForTesting: (file: Int, node: Int)?
    /// True when the trees are read for the last time, by their only holder: lowering
    /// then gives back the memory of what it has read as it goes
    /// (``SyntaxTree/discardStorage(nodes:tokens:pageSize:giveBack:)``, `Interpreter.run(releasing:)`).
    var discardsTrees = false
    /// How many nodes ``lowerEntries(_:order:)`` reads between two gives of memory back
    /// (``discardsTrees``): a megabyte of nodes, and about as much of tokens. Tests give
    /// back more often.
    var discardStep = 1 << 16
    /// When set, ``lowerEntries(_:order:)`` moves `entries` to ``sealedEntries`` each
    /// time it holds this many: the second part of a budget lowered in two, so that its
    /// join appends and frees a block at a time (`Lowering+Concurrent.swift`).
    var entryBlock: Int?
    /// The blocks of entries lowered before `entries`, in order (``entryBlock``).
    var sealedEntries: [[Entry]] = []
    /// Names and texts by their bytes, for reading entries from the flat tree; filled
    /// once the declarations are known.
    var tables = FlatTables()

    /// True when a syntax error lies inside `node`.
    func isBroken(_ node: SyntaxNode, _ file: String) -> Bool {
        guard let starts = syntaxErrors[file] else { return false }
        let range = node.range
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < range.start { low = mid + 1 } else { high = mid }
        }
        return low < starts.count && starts[low] < max(range.end, range.start + 1)
    }

    /// Counts the wallets named in a broken entry as used, so that leaving the entry out
    /// does not make them look unused.
    mutating func markNamesUsed(_ node: SyntaxNode) {
        for part in node.descendants where part.kind == .walletRef {
            walletUsed[NameSyntax(node: part).value, default: 0] += 1
        }
    }

    func decimals(of currency: String) -> Int { decimals[currency] ?? BudgetModel.defaultDecimals(of: currency) }

    mutating func report(
        _ code: DiagnosticCode, _ message: String, _ file: String, _ range: ByteRange,
        help: String? = nil, notes: [DiagnosticNote] = [], fixes: [Fix] = []
    ) {
        diagnostics.append(Diagnostic(code, message, file: file, range: range, notes: notes, help: help, fixes: fixes))
    }

    // MARK: Driver

    /// Lowers `budget`: its declarations, then its entries.
    mutating func lower(_ budget: Budget) {
        lowerDeclarations(budget)
        lowerAllEntries(budget)
    }

    /// Start offsets of the syntax errors of `budget`, sorted, per file.
    static func syntaxErrorStarts(of budget: Budget) -> [String: [Int]] {
        var starts: [String: [Int]] = [:]
        for d in budget.diagnostics where d.code.isSyntaxError && d.severity == .error {
            starts[d.file, default: []].append(d.range.start)
        }
        for key in starts.keys { starts[key]?.sort() }
        return starts
    }

    /// Reads every declaration of `budget` into the tables, in the order they depend on
    /// each other; afterwards entries can be lowered in any grouping.
    mutating func lowerDeclarations(_ budget: Budget) {
        syntaxErrors = Lowering.syntaxErrorStarts(of: budget)
        // Declarations are a few dozen nodes among (possibly) a million entries: each pass
        // reads kinds from the flat arrays and makes a view only for a declaration.
        let flats = budget.files.map { FlatSyntax($0.tree) }
        func declarations(_ body: (inout Lowering, SyntaxNode, String) -> Void) {
            for (file, flat) in zip(budget.files, flats) {
                var node = 1
                while node < flat.nodeCount {
                    if !flat.kind(node).isDatedEntry { body(&self, flat.node(node), file.path) }
                    node = flat.subtreeEnd(node)
                }
            }
        }
        // Options and currencies first: they decide how everything else is read.
        declarations { lowering, node, file in
            switch node.kind {
            case .currencyDirective: lowering.lowerCurrency(node, file)
            case .optionDirective: lowering.lowerOption(node)
            default: break
            }
        }
        declarations { lowering, node, file in
            switch node.kind {
            case .walletDirective: lowering.lowerWallet(node, file)
            case .categoryDirective: lowering.lowerCategories(node, file)
            default: break
            }
        }
        declarations { lowering, node, file in
            switch node.kind {
            case .envelopeDirective where !lowering.isBroken(node, file): lowering.lowerEnvelope(node, file)
            case .goalDirective where !lowering.isBroken(node, file): lowering.lowerGoal(node, file)
            case .payeeDirective: lowering.lowerPayee(node, file)
            case .importDirective: lowering.lowerImportProfile(node, file)
            case .matchDirective: lowering.lowerMatchRule(node, file)
            default: break
            }
        }
        // Recurring entries last: their bodies name goals and may rely on payee rules.
        declarations { lowering, node, file in
            guard node.kind == .recurringDirective else { return }
            if lowering.isBroken(node, file) { lowering.markNamesUsed(node) } else { lowering.lowerRule(node, file) }
        }
        tables = makeFlatTables()
    }

    /// Lowers every dated entry of `budget`, once its declarations are read.
    mutating func lowerAllEntries(_ budget: Budget) {
        if let later = lowerEntriesLeavingJoin(budget) { join(later) }
    }

    /// Lowers every dated entry of `budget` as ``lowerAllEntries(_:)`` does, but returns
    /// the second part of a budget lowered in two (see `Lowering+Concurrent.swift`) for the
    /// caller to ``join(_:)``: the part holds no tree, so a caller that needs the trees no
    /// more lets them go first, and the join's one and a half arrays of entries are never
    /// held together with the trees.
    mutating func lowerEntriesLeavingJoin(_ budget: Budget) -> LoweredPart? {
        entries.reserveCapacity(budget.files.reduce(0) { $0 + $1.tree.nodeCount / 4 })
        if let cut = cutForTesting {
            let (first, second) = EntryRange.split(budget, file: cut.file, node: cut.node)
            return lowerInParts(first, second)
        } else if let (first, second) = EntryRange.halves(of: budget, minimumNodes: concurrentLoweringThreshold) {
            return lowerConcurrently(first, second)
        }
        var order = 0
        for part in EntryRange.whole(budget) { lowerEntries(part, order: &order) }
        return nil
    }

    /// Lowers the dated entries among the top-level nodes `part.nodes` of `part.file`,
    /// numbering them in reading order from `order`.
    mutating func lowerEntries(_ part: EntryRange, order: inout Int) {
        let file = part.file
        // Entries are read by index from the flat arrays: a view per entry would retain
        // the tree, and this loop runs once per dated line.
        let flat = FlatSyntax(file.tree)
        let errors = syntaxErrors[part.path] ?? []
        var node = part.nodes.lowerBound
        var kept = node  // nodes before this one are given back (``discardsTrees``)
        while node < part.nodes.upperBound {
            defer { node = flat.subtreeEnd(node) }
            if let block = entryBlock, entries.count >= block {
                sealedEntries.append(entries)
                entries = []
                entries.reserveCapacity(block)
            }
            if discardsTrees && node - kept >= discardStep {
                file.tree.discardStorage(
                    nodes: kept ..< node, tokens: flat.tokens(kept).lowerBound ..< flat.tokens(node).lowerBound,
                    pageSize: FreedMemory.pageSize, giveBack: FreedMemory.givePagesBack)
                kept = node
            }
            let kind = flat.kind(node)
            guard kind.isDatedEntry else { continue }
            let date = flat.directToken(.date, of: node).flatMap { token -> CivilDate? in
                let r = flat.range(ofToken: token)
                return CivilDate(utf8: flat.bytes[r.start ..< r.end])
            }
            guard let date, errors.isEmpty || !Lowering.isBroken(flat, node, errors) else {
                markNamesUsed(flat.node(node))
                continue
            }
            if usesFlatPath, kind == .transaction {
                switch lowerTransactionFlat(node, flat, file: part.path, date: date, order: order) {
                case .appended: order += 1; continue
                case .dropped: continue
                case .unhandled: break
                }
            }
            if let entry = lowerDated(flat.node(node), date: date, file: part.path, order: order) {
                entries.append(entry)
                order += 1
            }
        }
    }

    /// True when one of the syntax errors starting at `starts` (sorted) lies inside node
    /// `node`; the same test as ``isBroken(_:_:)``.
    static func isBroken(_ flat: FlatSyntax, _ node: Int, _ starts: [Int]) -> Bool {
        let range = flat.range(node)
        let start = range.start
        let end = range.end
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] < start { low = mid + 1 } else { high = mid }
        }
        return low < starts.count && starts[low] < max(end, start + 1)
    }

    // MARK: Declarations

    /// Reports `name` as declared twice when `first` is where it was declared before.
    /// Returns true when the name is new.
    mutating func isNew(_ name: NameSyntax, kind: String, first: SourceLocation?, file: String) -> Bool {
        guard let first else { return true }
        report(
            .duplicateDeclaration, "the \(kind) `\(name.value)` is declared twice", file, name.range,
            notes: [DiagnosticNote(file: first.file, range: first.range, message: "first declared here")])
        return false
    }

    mutating func lowerCurrency(_ node: SyntaxNode, _ file: String) {
        guard let directive = CurrencyDirectiveSyntax(node), let code = directive.code else { return }
        if defaultCurrency.isEmpty { defaultCurrency = code }
        if let places = directive.decimals { decimals[code] = places }
    }

    mutating func lowerOption(_ node: SyntaxNode) {
        guard let option = OptionDirectiveSyntax(node), let name = option.name else { return }
        switch name {
        case "week-start": if let day = option.values.first.flatMap(Weekday.init(name:)) { weekStart = day }
        case "overlapping-envelopes": if let value = option.values.first { overlapPolicy = value }
        default: break
        }
    }

    mutating func lowerWallet(_ node: SyntaxNode, _ file: String) {
        guard let w = WalletDirectiveSyntax(node), let name = w.name else { return }
        guard isNew(name, kind: "wallet", first: walletIndex[name.value].map { wallets[$0].location }, file: file) else { return }
        walletIndex[name.value] = wallets.count
        walletSeen.append(0)
        let currency = w.currency ?? defaultCurrency
        let opening = w.opening?.amount.flatMap { money($0, currency: currency, file: file) } ?? Money.zero
        let limit = w.limit.flatMap { money($0, currency: currency, file: file) }
        wallets.append(
            Wallet(
                name: name.value, kind: w.kind.flatMap(WalletKind.init(rawValue:)) ?? .bank, currency: currency,
                opening: opening, openingDate: w.opening?.date, limit: limit.map { $0.isNegative ? $0.negated : $0 },
                closed: w.closed, hidden: w.isHidden, owners: w.owners,
                location: SourceLocation(file: file, range: name.range)))
    }

    mutating func lowerCategories(_ node: SyntaxNode, _ file: String) {
        guard let directive = CategoryDirectiveSyntax(node) else { return }
        for name in directive.names {
            let location = SourceLocation(file: file, range: name.range)
            if let existing = categoryIndex[name.value] {
                if categories[existing].isImplicit {
                    // An explicit declaration of a parent seen before as implicit.
                    categories[existing] = Category(name: name.value, isIncome: directive.isIncome, isImplicit: false, location: location)
                    continue
                }
                report(
                    .duplicateDeclaration, "the category `\(name.value)` is declared twice", file, name.range,
                    notes: [DiagnosticNote(file: categories[existing].location.file, range: categories[existing].location.range, message: "first declared here")])
                continue
            }
            categoryIndex[name.value] = categories.count
            categories.append(Category(name: name.value, isIncome: directive.isIncome, isImplicit: false, location: location))
            // Parents exist implicitly, so that `Food` covers `Food:Groceries`.
            var parts = name.value.split(separator: ":", omittingEmptySubsequences: false)
            while parts.count > 1 {
                parts.removeLast()
                let parent = parts.joined(separator: ":")
                if categoryIndex[parent] == nil {
                    categoryIndex[parent] = categories.count
                    categories.append(Category(name: parent, isIncome: directive.isIncome, isImplicit: true, location: location))
                }
            }
        }
    }

    mutating func lowerEnvelope(_ node: SyntaxNode, _ file: String) {
        guard let e = EnvelopeDirectiveSyntax(node), let name = e.name else { return }
        guard isNew(name, kind: "envelope", first: envelopeIndex[name.value].map { envelopes[$0].location }, file: file) else { return }
        let period: EnvelopePeriod
        switch e.periodKeyword {
        case "weekly": period = .weekly
        case "monthly": period = .monthly
        case "quarterly": period = .quarterly
        case "yearly": period = .yearly
        default:
            guard let range = e.periodRange else { return }
            period = .range(range.start, range.end)
        }
        envelopeIndex[name.value] = envelopes.count
        let coversAll = e.categories.count == 1 && e.categories[0].value == "*"
        if e.categories.isEmpty, categoryIndex[name.value] != nil {
            // `envelope Food 300 monthly` most likely means `for Food`: as written, no
            // spending reaches it.
            let end = node.child(.period)?.range.end ?? name.range.end
            let clause = " for " + SourceWriter.name(name.value)
            report(
                .envelopeCountsNothing, "the envelope `\(name.value)` counts no spending: it names no category", file, name.range,
                help: "an envelope counts the spending of the categories after `for`; did you mean `for \(SourceWriter.name(name.value))`?",
                fixes: [Fix(title: "Add `\(clause.dropFirst())`", edits: [TextEdit(range: .empty(at: end), replacement: clause)])])
        }
        var categoryNames: [String] = []
        if !coversAll {
            for ref in e.categories {
                if let index = resolveCategory(ref, file: file) { categoryNames.append(categories[index].name) }
            }
        }
        let scope = e.wallets.compactMap { resolveWallet($0, file: file) }
        let alert = e.alert.flatMap { Money(String($0.dropLast())) }
        envelopes.append(
            Envelope(
                name: name.value, planned: e.amount.flatMap { money($0, currency: defaultCurrency, file: file) },
                period: period, categories: categoryNames, coversAll: coversAll, wallets: scope,
                rollover: e.rollsOver, unspentOnly: e.rollsOverUnspentOnly, alert: alert, from: e.from, until: e.until,
                location: SourceLocation(file: file, range: name.range)))
    }

    mutating func lowerGoal(_ node: SyntaxNode, _ file: String) {
        guard let g = GoalDirectiveSyntax(node), let name = g.name else { return }
        guard isNew(name, kind: "goal", first: goalIndex[name.value].map { goals[$0].location }, file: file) else { return }
        goalIndex[name.value] = goals.count
        let wallet = g.wallet.flatMap { resolveWallet($0, file: file) }
        let currency = wallet.map { wallets[$0].currency } ?? defaultCurrency
        goals.append(
            Goal(
                name: name.value, target: g.target.flatMap { money($0, currency: currency, file: file) }, by: g.by,
                periodic: g.period == "monthly" ? .monthly : g.period == "yearly" ? .yearly : nil,
                wallet: wallet, reached: g.isReached, reachedOn: g.reachedOn,
                location: SourceLocation(file: file, range: name.range)))
    }

    mutating func lowerPayee(_ node: SyntaxNode, _ file: String) {
        guard let p = PayeeDirectiveSyntax(node), let payee = p.payee, let category = p.category else { return }
        guard let index = resolveCategory(category, file: file) else { return }
        payeeCategory[payee] = index
        payeeRules.append(PayeeRule(payee: payee, category: index, location: SourceLocation(file: file, range: node.contentRange)))
    }

    mutating func lowerRule(_ node: SyntaxNode, _ file: String) {
        guard let r = RecurringDirectiveSyntax(node), let from = r.from, let unitText = r.unit, r.interval >= 1 else { return }
        if let name = r.name {
            guard isNew(name, kind: "recurring entry", first: ruleIndex[name.value].map { rules[$0].location }, file: file) else { return }
            ruleIndex[name.value] = rules.count
        }
        let unit: RecurrenceUnit
        switch unitText.hasSuffix("s") ? String(unitText.dropLast()) : unitText {
        case "day": unit = .day
        case "week": unit = .week
        case "month": unit = .month
        case "quarter": unit = .quarter
        default: unit = .year
        }
        var dayOfMonth: Int?
        var weekday: Weekday?
        if let on = r.on {
            if on == "last" { dayOfMonth = 0 } else if let day = Int(on) { dayOfMonth = day } else { weekday = Weekday(name: on) }
        }
        let body = node.child(.transaction) ?? node.child(.transfer)
        let template = body.flatMap { lowerDated($0, date: from, file: file, order: -1) }
        rules.append(
            RecurringRule(
                name: r.name?.value, interval: r.interval, unit: unit, dayOfMonth: dayOfMonth, weekday: weekday,
                from: from, until: r.until, times: r.times, template: template,
                location: SourceLocation(file: file, range: r.name?.range ?? node.child(.schedule)?.contentRange ?? node.contentRange)))
    }
}
