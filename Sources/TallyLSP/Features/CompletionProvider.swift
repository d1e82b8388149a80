import TallyCore
import TallySyntax

/// Completion of what may stand where the cursor is: names of wallets, categories,
/// envelopes, goals, recurring entries, payees and people, keywords, today's date at the
/// start of a line, currency codes, and diagnostic codes in `tally-ignore` and `option
/// severity`.
///
/// The slot is read from the words of the line up to the cursor, not from the syntax
/// tree, so that a line still being typed (which does not parse yet) completes too.
/// Candidates are filtered by the typed characters (in order, ignoring case) and ranked:
/// prefix matches first, then by kind, then by how often the name is used in the budget.
public enum CompletionProvider {
    /// What may be written in a slot.
    enum Slot: Hashable {
        case wallet, category, envelope, goal, rule, person, payee, currency, today, code
        case keywords([String])
    }

    /// The candidates at `offset` in `path`.
    public static func complete(in analysis: BudgetAnalysis, path: String, offset: Int) -> [CompletionInfo] {
        guard let tree = analysis.tree(path) else { return [] }
        let context = LineContext(bytes: tree.source.bytes, offset: offset)
        var slots: [Slot]
        if let comment = context.comment {
            guard comment.contains(Suppressions.marker) else { return [] }
            slots = [.code]
        } else {
            slots = self.slots(context)
            // A split line of a `match` rule gives a category and its part: no metadata.
            if context.isIndented, entryAbove(offset, in: tree.source.bytes, analysis: analysis, path: path)?.kind == .matchDirective {
                slots = slots.filter { $0 == .category }
            }
        }
        // Text in double quotes is a payee wherever it stands after a date.
        if context.partial?.kind == .text {
            slots = slots.contains(.payee) ? [.payee] : []
        }
        let wanted = Array(context.typed.lowercased())
        var result: [CompletionInfo] = []
        for (slotRank, slot) in slots.enumerated() {
            for candidate in candidates(slot, analysis, context) {
                guard let match = FuzzyMatch.rank(candidate.label, wanted) else { continue }
                let popularity = String(999_999 - min(candidate.uses, 999_999))
                let sortText = "\(match)\(min(slotRank, 9))" + String(repeating: "0", count: 6 - popularity.count) + popularity + candidate.label
                result.append(
                    CompletionInfo(
                        label: candidate.label, kind: candidate.kind, detail: candidate.detail, sortText: sortText,
                        edit: TextEdit(range: context.replaceRange, replacement: candidate.insert)))
            }
        }
        return result.sorted { $0.sortText < $1.sortText }
    }

    // MARK: Slots

    /// The entry an indented line at `offset` continues: the one holding the end of the
    /// line above (a line being typed is not part of the entry yet).
    static func entryAbove(_ offset: Int, in bytes: [UInt8], analysis: BudgetAnalysis, path: String) -> SyntaxNode? {
        var lineStart = min(max(0, offset), bytes.count)
        while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") && bytes[lineStart - 1] != UInt8(ascii: "\r") { lineStart -= 1 }
        guard lineStart > 0 else { return nil }
        return analysis.index.entry(in: path, at: lineStart - 1)
    }

    // The grammar's words offered in several places, read from the parser's one table of
    // keywords like the others (the order does not matter: candidates are sorted by rank
    // and label).
    static let periods = KeywordSet.periods.spellings
    static let units = KeywordSet.units.spellings
    static let scheduleAttributes = KeywordSet.scheduleAttributes.spellings
    static let weekdays = KeywordSet.weekdays.spellings
    static let clauses = KeywordSet.transactionClauses.spellings
    static let matchFilters = KeywordSet.matchFilters.spellings
    static let options = OptionName.allCases.map(\.rawValue)

    /// The slots the cursor may be in, most likely first.
    static func slots(_ c: LineContext) -> [Slot] {
        let words = c.texts
        if c.isIndented {
            // A split line starts with its category; metadata with a key.
            return words.isEmpty ? [.category, .keywords(["id:"])] : []
        }
        guard let first = words.first else {
            let directives = Slot.keywords(KeywordSet.directives.spellings)
            return c.typed.first?.isNumber == true || c.typed.isEmpty ? [.today, directives] : [directives, .today]
        }
        let last = words.last!
        if first.looksLikeDate { return datedSlots(c) }
        switch first {
        case "currency":
            return words.count == 1 ? [.currency] : words.count == 2 ? [.keywords(["decimals"])] : []
        case "wallet":
            if words.count == 1 { return [] }
            if last == "currency" { return [.currency] }
            if last == "owner" || (last == "," && words.contains("owner")) { return [.person] }
            if ["opening", "limit", "closed", "on"].contains(last) { return last == "on" || last == "closed" ? [.today] : [] }
            let used = Set(words)
            let kinds = words.count == 2 ? KeywordSet.walletKinds.spellings : []
            return [.keywords((kinds + KeywordSet.walletAttributes.spellings).filter { !used.contains($0) })]
        case "income", "expense":
            return words.count == 1 || last == "," ? [.category] : []
        case "envelope":
            if words.count == 1 { return [] }
            if last == "for" || (last == "," && words.lastIndex(of: "for").map { i in !words[i...].contains("in") } == true) {
                return [.category, .keywords(["*"])]
            }
            if last == "in" || (last == "," && words.contains("in")) { return [.wallet] }
            if last == "alert" { return [] }
            let hasPeriod = words.contains { periods.contains($0) || $0.contains("..") }
            if !hasPeriod { return [.keywords(periods)] }
            let used = Set(words)
            return [.keywords(KeywordSet.envelopeAttributes.spellings.filter { !used.contains($0) })]
        case "goal":
            if words.count == 1 { return [] }
            if last == "in" { return [.wallet] }
            if last == "by" || last == "reached" { return [.today] }
            let used = Set(words)
            return [.keywords(KeywordSet.goalAttributes.spellings.filter { !used.contains($0) })]
        case "payee":
            if words.count == 1 { return c.partial?.kind == .text ? [.payee] : [] }
            return words.count == 2 && c.words[1].kind == .text ? [.category] : []
        case "import":
            if words.count == 1 { return [.wallet] }
            switch last {
            case "encoding": return [.keywords(StatementEncoding.allCases.map(\.rawValue))]
            case "dates": return [.keywords(DateFormat.allCases.map(\.rawValue))]
            case "decimal": return [.keywords(DecimalMark.allCases.map(\.rawValue))]
            case "feed": return [.keywords(FeedKind.allCases.map(\.rawValue))]
            case "account", "separator", "skip", "token", "app": return []
            default:
                let used = Set(words)
                return [.keywords(KeywordSet.importAttributes.spellings.filter { !used.contains($0) })]
            }
        case "match":
            // match "TEXT" [in WALLET] (CATEGORY | transfer WALLET) {clause}
            if words.count == 1 { return [] }
            if last == "in" || last == "transfer" { return [.wallet] }
            if words.count == 2 && c.words[1].kind == .text { return [.category, .keywords(["in", "transfer"])] }
            if words.count == 4 && words[2] == "in" { return [.category, .keywords(["transfer"])] }
            if matchFilters.contains(last) { return [] }
            let used = Set(words)
            return [.keywords(matchFilters.filter { !used.contains($0) })]
        case "every":
            return recurringSlots(c)
        case "option":
            if words.count == 1 { return [.keywords(options)] }
            switch words[1] {
            case OptionName.severity.rawValue: return words.count == 2 ? [.code] : words.count == 3 ? [.keywords(OptionName.severity.values)] : []
            case OptionName.weekStart.rawValue: return words.count == 2 ? [.keywords(weekdays)] : []
            case OptionName.overlappingEnvelopes.rawValue: return words.count == 2 ? [.keywords(OptionName.overlappingEnvelopes.values)] : []
            default: return []
            }
        default:
            return []
        }
    }

    /// Slots after a date: the entry's kind or wallet, then what that kind takes.
    static func datedSlots(_ c: LineContext) -> [Slot] {
        // Drop the date and the payee and note texts that may follow it.
        var rest = Array(c.words.dropFirst())
        var texts = 0
        while let w = rest.first, w.kind == .text, texts < 2 { rest.removeFirst(); texts += 1 }
        let words = rest.map(\.raw)
        if words.isEmpty {
            return texts == 0 && c.partial?.kind == .text ? [.payee] : [.wallet, .keywords(KeywordSet.datedKeywords.spellings)]
        }
        let last = words.last!
        switch words[0] {
        case "transfer":
            if words.count == 1 || last == "->" { return [.wallet] }
            if words.count == 2 { return [.keywords(["->"])] }
            // `transfer A -> B` is followed by the amount, then `=`/`@` and the clauses.
            return words.count >= 5 ? clauseSlots(last, afterAmount: true) : []
        case "fill": return words.count == 1 ? [.envelope] : []
        case "move": return words.count == 1 || last == "->" ? [.envelope] : words.count == 2 ? [.keywords(["->"])] : []
        case "assert": return words.count == 1 ? [.wallet] : words.count == 3 && last.looksLikeNumber ? [.currency] : []
        case "skip": return words.count == 1 ? [.rule] : []
        case "goal": return words.count == 1 ? [.goal] : []
        case "rate": return words.count == 1 || (words.count == 3 && last.looksLikeNumber) ? [.currency] : []
        default:
            // A transaction: wallet, category, amount, then clauses.
            if words.count == 1 { return [.category] }
            let hasAmount = words.dropFirst().contains { $0.looksLikeNumber }
            return hasAmount ? clauseSlots(last, afterAmount: true) : []
        }
    }

    /// After a transaction's or transfer's amount: a currency code right after the number,
    /// then the clauses and what they name.
    static func clauseSlots(_ last: String, afterAmount: Bool) -> [Slot] {
        switch last {
        case "goal": return [.goal]
        case "rule": return [.rule]
        case "by": return [.person]
        case "=", "@": return []
        default:
            guard afterAmount else { return [] }
            return last.looksLikeNumber ? [.keywords(clauses), .currency] : [.keywords(clauses)]
        }
    }

    /// Slots in a recurring entry: the schedule, then the entry it repeats.
    static func recurringSlots(_ c: LineContext) -> [Slot] {
        let words = c.texts
        let last = words.last!
        if words.count == 1 || (words.count == 2 && last.looksLikeNumber) { return [.keywords(units)] }
        switch last {
        case "on": return [.keywords(weekdays + ["last"])]
        case "from", "until": return [.today]
        case "times", "as": return []
        case "transfer", "->": return [.wallet]
        default: break
        }
        // Once `from` and its date are written, the body may start.
        guard let from = words.firstIndex(of: "from") else { return [.keywords(scheduleAttributes)] }
        if from + 1 >= words.count { return [] }
        let scheduleWords = Set(scheduleAttributes)
        var i = 1
        while i < words.count {
            if scheduleWords.contains(words[i]) { i += 2 } else if i == 1 || units.contains(words[i]) { i += 1 } else { break }
        }
        let body = c.words[min(i, words.count)...].filter { $0.kind != .text }.map(\.raw)
        if body.isEmpty {
            let used = Set(words)
            return [.wallet, .keywords(["transfer"] + scheduleAttributes.filter { !used.contains($0) })]
        }
        if body[0] == "transfer" { return body.count >= 4 ? clauseSlots(last, afterAmount: true) : body.count == 2 ? [.keywords(["->"])] : [] }
        if body.count == 1 { return [.category] }
        return body.dropFirst().contains { $0.looksLikeNumber } ? clauseSlots(last, afterAmount: true) : []
    }

    // MARK: Candidates

    struct Candidate {
        var label: String
        var kind: CompletionKind
        var detail: String?
        var insert: String
        var uses: Int
    }

    static func candidates(_ slot: Slot, _ analysis: BudgetAnalysis, _ context: LineContext) -> [Candidate] {
        let model = analysis.model
        let index = analysis.index
        func uses(_ kind: NameKind, _ name: String) -> Int { index.uses(of: NamedSymbol(kind: kind, name: name)) }
        switch slot {
        case .wallet:
            return model.wallets.enumerated().map { w, wallet in
                let balance = analysis.text(model.balance(of: w, at: analysis.today), wallet.currency)
                return Candidate(
                    label: wallet.name, kind: .wallet, detail: "\(wallet.kind.rawValue) · \(balance)",
                    insert: SourceWriter.name(wallet.name), uses: uses(.wallet, wallet.name))
            }
        case .category:
            return model.categories.map { category in
                Candidate(
                    label: category.name, kind: .category, detail: category.isIncome ? "income" : "expense",
                    insert: SourceWriter.name(category.name), uses: uses(.category, category.name))
            }
        case .envelope:
            return model.envelopes.enumerated().map { e, envelope in
                let detail = analysis.index.envelope(e, through: analysis.today).map { status -> String in
                    let left = InlayHintProvider.envelopeLabel(envelope.name, status, analysis).dropFirst(envelope.name.count + 2)
                    return "\(left) in \(envelope.period.label(status.start))"
                }
                return Candidate(
                    label: envelope.name, kind: .envelope, detail: detail ?? "envelope",
                    insert: SourceWriter.name(envelope.name), uses: uses(.envelope, envelope.name))
            }
        case .goal:
            return model.goals.enumerated().map { g, goal in
                Candidate(
                    label: goal.name, kind: .goal, detail: CodeLensProvider.goalTitle(g, analysis),
                    insert: SourceWriter.name(goal.name), uses: uses(.goal, goal.name))
            }
        case .rule:
            return ruleCandidates(analysis)
        case .person:
            return index.people.sorted().map { Candidate(label: $0, kind: .person, detail: "person", insert: SourceWriter.name($0), uses: 0) }
        case .payee:
            return payeeCandidates(analysis, context)
        case .currency:
            return currencyCandidates(model)
        case .today:
            let today = analysis.today.description
            return [Candidate(label: today, kind: .date, detail: "today", insert: today, uses: 0)]
        case .code:
            return DiagnosticCode.all.map { Candidate(label: $0.rawValue, kind: .diagnosticCode, detail: $0.title, insert: $0.rawValue, uses: 0) }
        case .keywords(let words):
            return words.map { Candidate(label: $0, kind: .keyword, detail: keywordDetail[$0], insert: $0, uses: 0) }
        }
    }

    /// The recurring entries that have a name, with their schedule and open occurrences.
    static func ruleCandidates(_ analysis: BudgetAnalysis) -> [Candidate] {
        let (model, index) = (analysis.model, analysis.index)
        // Entries with an occurrence neither recorded nor skipped come first: the one
        // being recorded is most likely among them.
        let open = index.openOccurrences
        return model.rules.enumerated().compactMap { r, rule in
            guard let name = rule.name else { return nil }
            let unit = rule.interval == 1 ? rule.unit.rawValue : "\(rule.interval) \(rule.unit.rawValue)s"
            var detail = "every \(unit) from \(rule.from)"
            let dates = open.indices.contains(r) ? open[r] : []
            if dates.count == 1 { detail += " · open \(dates[0])" }
            if dates.count > 1 { detail += " · \(dates.count) open from \(dates[0])" }
            return Candidate(
                label: name, kind: .rule, detail: detail, insert: SourceWriter.name(name),
                uses: dates.isEmpty ? min(index.uses(of: NamedSymbol(kind: .rule, name: name)), 499_999) : 500_000 + min(index.uses(of: NamedSymbol(kind: .rule, name: name)), 499_999))
        }
    }

    /// The payees met, each with its usual wallet and category.
    static func payeeCandidates(_ analysis: BudgetAnalysis, _ context: LineContext) -> [Candidate] {
        let (model, index) = (analysis.model, analysis.index)
        return index.payeeHabits.map { payee, usage in
            var detail = usage.count == 1 ? "payee, used once" : "payee, used \(usage.count) times"
            var insert = SourceWriter.text(payee)
            // Like a budgeting app, a known payee brings its usual wallet and category
            // onto an empty line; the amount is left to type.
            if let w = usage.usualWallet {
                let wallet = model.wallets[w].name
                let category = usage.usualCategory.map { SourceWriter.name(model.categories[$0].name) }
                let booking = SourceWriter.name(wallet) + (category.map { " " + $0 } ?? "")
                detail += " · usually " + booking
                // A `payee` rule takes the category alone.
                if context.restOfLineIsBlank {
                    if context.words.first?.raw == "payee" {
                        if let category { insert += " " + category }
                    } else {
                        insert += " " + booking + " "
                    }
                }
            }
            return Candidate(label: payee, kind: .payee, detail: detail, insert: insert, uses: usage.count)
        }
    }

    /// The currencies of the budget, then common ones.
    static func currencyCandidates(_ model: BudgetModel) -> [Candidate] {
        var codes = Set(model.wallets.map(\.currency)).union([model.defaultCurrency])
        codes.remove("")
        let inBudget = codes
        codes.formUnion(["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "CZK", "CNY", "INR", "BTC"])
        return codes.sorted().map { code in
            Candidate(
                label: code, kind: .currency, detail: inBudget.contains(code) ? "used in this budget" : "currency",
                insert: code, uses: inBudget.contains(code) ? 1 : 0)
        }
    }

    /// A few words on each keyword, shown beside it.
    static let keywordDetail: [String: String] = [
        "currency": "the default currency, or another one", "wallet": "where money lives",
        "income": "income categories", "expense": "expense categories", "envelope": "a budget for categories over a period",
        "goal": "a saving goal", "payee": "a category for a payee", "every": "a recurring entry", "option": "a setting",
        "include": "another file of this budget", "import": "how a wallet's bank statements are read",
        "match": "a category for imported movements", "transfer": "money between wallets", "fill": "money into an envelope",
        "move": "money between envelopes", "assert": "a wallet's balance on a day", "rate": "an exchange rate",
        "skip": "dismiss an occurrence", "rule": "records a recurring entry", "by": "who spent it"
    ]
}
