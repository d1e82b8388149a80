import TallyCore
import TallySyntax

/// The query after a report's file, as hledger users write it (`tally register food
/// amt:>50 not:tag:work`), read by one parser for every report that lists entries. The
/// grammar, in docs/reports.md ("Queries"):
///
///     query = term { term }
///     term  = ["not:"] (TEXT | field ":" VALUE)
///     field = cat | category | wallet | tag | payee | desc | note | amt | date | envelope
///
/// Plain TEXT matches the payee, note, category or wallet, any case and any accents
/// (``SearchText``: `doner` finds `Döner`) (`Food:Groceries`
/// is plain text too: only the fields above are fields). A category or wallet is also
/// matched by its account name in an hledger export (`Expenses:Food:Groceries`,
/// `Income:Salary`, `Assets:Joint`, `Liabilities:Visa`), so `tally bal expenses` keeps
/// what `hledger bal expenses` keeps. Terms of one field match any of
/// their values; terms of different fields must all match; `not:` inverts one term.
/// `envelope:NAME` keeps the lines an envelope counts as its spending, by the envelope's
/// own selection (``Envelope/countsSpending(in:from:of:)``): what a page's "Spent" links to.
/// Read before the budget is loaded, so mistakes are usage errors; an envelope name the
/// budget lacks is one once it is loaded (``unknownEnvelope(in:)``).
public struct EntryQuery: Equatable, Sendable {
    /// What a term looks at.
    public enum Field: String, CaseIterable, Sendable {
        case text, category = "cat", account = "acct", wallet, tag, payee, description = "desc", note, status, amount = "amt", date
        case envelope
    }

    /// How `amt:` compares.
    public enum Comparison: String, CaseIterable, Sendable {
        case lessOrEqual = "<=", greaterOrEqual = ">=", less = "<", greater = ">", equal = "="
    }

    /// One word of the query.
    public struct Term: Equatable, Sendable {
        /// What the term looks at.
        public var field: Field
        /// `not:`: the term keeps what it does not match.
        public var negated = false
        /// Text fields' text folded (``SearchText/folded(_:)``); the tag without `#` for `tag:`; the name as
        /// written for `envelope:`; the mark for `status:` (`*`, `!` or empty).
        public var text = ""
        /// `tag:NAME=VALUE`: the value, folded; nil for any value.
        public var value: String?
        /// How `amt:` compares.
        public var comparison: Comparison = .equal
        /// The amount `amt:` compares with.
        public var amount = Money.zero
        /// `amt:>-50` compares the signed amount; `amt:>50` its size, as hledger does.
        public var signed = false
        /// The period of `date:`.
        public var period: PeriodSpec?
    }

    /// The terms, in the order written.
    public var terms: [Term] = []

    /// The field names a term may start with, aliases included.
    public static let spellings: [String: Field] = [
        "cat": .category, "category": .category, "acct": .account, "wallet": .wallet,
        "tag": .tag, "payee": .payee, "desc": .description, "note": .note, "status": .status, "amt": .amount, "date": .date,
        "envelope": .envelope
    ]

    /// hledger's query fields Tally does not read: a usage error rather than plain text.
    static let unread: Set<String> = ["cur", "real", "depth", "code", "expr", "date2", "empty"]

    /// ledger's query words Tally does not read (its boolean operators and value
    /// expressions): a usage error rather than text to match, since `food and dining`
    /// would otherwise keep either, where ledger keeps both.
    static let ledgerOperators: Set<String> = ["and", "or", "(", ")", "expr"]

    /// ledger's short forms of fields (`@PAYEE`, `%TAG`, `%TAG=VALUE`, `=NOTE`), read as
    /// the fields they stand for.
    static let ledgerPrefixes: [Character: String] = ["@": "payee:", "%": "tag:", "=": "note:"]

    /// The shapes of terms, for error messages.
    public static let shapes =
        "TEXT, acct:NAME, cat:NAME, wallet:NAME, tag:NAME[=VALUE], payee:TEXT, desc:TEXT, note:TEXT, status:*|!|(empty), amt:>50 (also <, <=, >=, =), date:PERIOD, envelope:NAME, not:TERM"

    /// The help section every command that takes a query shows.
    public static let help = """
        QUERY
          Words after the file narrow the entries, as in hledger: plain TEXT matches
          the payee, note, category or wallet (any case and accents: doner finds
          Döner), a category also as
          expenses:NAME or income:NAME and a wallet as assets:NAME or
          liabilities:NAME (its name in an hledger export), or by the account name
          a converted journal kept (assets:bank:mbank); acct:NAME (a wallet or
          category by name or account name, as hledger's), cat:NAME, wallet:NAME,
          tag:NAME[=VALUE] (tags and value tags), payee:TEXT, desc:TEXT (payee |
          note), note:TEXT, status:* (cleared), status:! (pending), status:
          (unmarked), amt:>50 (<, <=, >=, =; without a sign
          the size of the amount is compared), date:PERIOD, envelope:NAME (the
          lines that envelope counts as spending); not:TERM inverts a term. Terms
          of one kind match any of them; different kinds must all match. ledger's
          short forms are read too: @PAYEE (payee:), %TAG and %TAG=VALUE (tag:),
          =NOTE (note:), not TERM (not:TERM).

        """

    /// The empty query, which keeps every line.
    public init() {}

    /// Reads the words after the file; a word that is no term is a usage error.
    public init(_ words: [String]) throws(UsageError) {
        var negateNext = false
        for word in words {
            let lowered = word.lowercased()
            if Self.ledgerOperators.contains(lowered) {
                throw UsageError(
                    "query `\(word)`: Tally does not read ledger's `\(lowered)`: terms of one kind match any of them, different kinds all; not:TERM inverts one (write payee:\(word) to find the text)"
                )
            }
            // ledger's `not WORD` is hledger's `not:WORD`.
            if lowered == "not" {
                negateNext = true
                continue
            }
            var spelled = word
            if word.count > 1, let first = word.first, let field = Self.ledgerPrefixes[first] { spelled = field + word.dropFirst() }
            terms.append(try EntryQuery.term(negateNext ? "not:" + spelled : spelled))
            negateNext = false
        }
        if negateNext { throw UsageError("query `not`: nothing to invert; write not:TERM") }
    }

    private static func term(_ word: String) throws(UsageError) -> Term {
        var rest = Substring(word)
        var negated = false
        if rest.lowercased().hasPrefix("not:") {
            negated = true
            rest = rest.dropFirst(4)
        }
        var term = Term(field: .text, negated: negated)
        if let colon = rest.firstIndex(of: ":"), let field = spellings[rest[..<colon].lowercased()] {
            term.field = field
            rest = rest[rest.index(after: colon)...]
        } else if let colon = rest.firstIndex(of: ":"), unread.contains(rest[..<colon].lowercased()) {
            // hledger's fields Tally does not read: refused, never matched as text.
            throw UsageError("query `\(word)`: Tally does not read hledger's `\(rest[..<colon]):` field; write \(shapes)")
        }
        let value = String(rest)
        if term.field == .status {
            guard ["*", "!", ""].contains(value) else { throw UsageError("query `\(word)`: write status:* (cleared), status:! (pending) or status: (unmarked)") }
            term.text = value
            return term
        }
        guard !value.isEmpty else { throw UsageError("query `\(word)`: nothing to match; write \(shapes)") }
        switch term.field {
        case .amount:
            var text = Substring(value)
            for comparison in Comparison.allCases where text.hasPrefix(comparison.rawValue) {
                term.comparison = comparison
                text = text.dropFirst(comparison.rawValue.count)
                break
            }
            term.signed = text.hasPrefix("-") || text.hasPrefix("+")
            let digits = text.hasPrefix("+") ? text.dropFirst() : text
            guard let amount = Money(String(digits)) else {
                throw UsageError("query `\(word)`: `\(value)` is not an amount test; write amt:>50, amt:<=-20 or amt:=12.50")
            }
            term.amount = amount
        case .date:
            term.period = try PeriodSpec(value, flag: "date:")
        case .tag:
            let name = value.hasPrefix("#") ? value.dropFirst() : Substring(value)
            if let equals = name.firstIndex(of: "=") {
                term.text = String(name[..<equals])
                term.value = SearchText.folded(String(name[name.index(after: equals)...]))
            } else {
                term.text = String(name)
            }
        case .envelope:
            term.text = value
        default:
            term.text = SearchText.folded(value)
        }
        return term
    }

    /// True without terms.
    public var isEmpty: Bool { terms.isEmpty }

    /// How much of the budget's metadata the terms read: the declarations' account names
    /// for plain words, every entry's for `tag:`, `desc:` and `status:`.
    public var metadataScope: KeptMetadata.Scope {
        if terms.contains(where: { [.tag, .description, .status].contains($0.field) }) { return .entries }
        return terms.contains { $0.field == .text || $0.field == .account } ? .declarations : .none
    }

    /// The first `envelope:` name `model` has no envelope of, nil when all are there.
    public func unknownEnvelope(in model: BudgetModel) -> String? {
        terms.first { term in term.field == .envelope && !model.envelopes.contains { $0.name == term.text } }?.text
    }

    /// The test of one line, with names and periods resolved against the budget, and
    /// the account names, status and value tags a converted journal kept read from
    /// `metadata`.
    public func predicate(model: BudgetModel, today: CivilDate, metadata: KeptMetadata = KeptMetadata()) -> @Sendable (EntryLine) -> Bool {
        let dates = model.entries.lazy.map(\.date)
        let earliest = dates.min(), latest = dates.max()
        let walletNames = model.wallets.map { SearchText.folded($0.name) }
        let categoryNames = model.categories.map { SearchText.folded($0.name) }
        let walletAccounts = Self.accountNames(model, metadata).wallets
        let categoryAccounts = Self.accountNames(model, metadata).categories
        // Payees and notes folded once each, not once a line.
        let needsTexts = terms.contains { [.text, .payee, .description, .note].contains($0.field) }
        let folded = needsTexts ? SearchText.table(model.entries.lazy.flatMap { [$0.payee, $0.note] }) : [:]
        @Sendable func holds(_ text: String?, _ needle: String) -> Bool {
            guard let text else { return false }
            return (folded[text] ?? text.lowercased()).contains(needle)
        }
        let envelopeIndex = Dictionary(model.envelopes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Terms grouped by field: any of a group, all groups; each `not:` term is a group
        // of its own, so `not:tag:a not:tag:b` leaves out both.
        var groups: [[Term]] = []
        var byField: [Field: Int] = [:]
        for term in terms {
            if !term.negated, let index = byField[term.field] {
                groups[index].append(term)
            } else {
                if !term.negated { byField[term.field] = groups.count }
                groups.append([term])
            }
        }
        let resolved: [[(Term, ClosedRange<CivilDate>?)]] = groups.map { group in
            group.map { ($0, $0.period?.resolve(today: today, weekStart: model.weekStart, earliest: earliest, latest: latest)) }
        }
        return { line in
            func matches(_ term: Term, _ range: ClosedRange<CivilDate>?) -> Bool {
                let entry = line.entry
                switch term.field {
                case .text, .account:
                    // `acct:` is hledger's account: a wallet's or category's name or
                    // account name, never the payee or note.
                    func named(_ names: [String]) -> Bool { names.contains { $0.contains(term.text) } }
                    return (term.field == .text && (holds(entry.payee, term.text) || holds(entry.note, term.text)))
                        || (line.category.map { named(categoryAccounts[$0]) } ?? false)
                        || named(walletAccounts[line.wallet])
                        || (line.counterpart.map { named(walletAccounts[$0]) } ?? false)
                case .category: return line.category.map { categoryNames[$0].contains(term.text) } ?? false
                case .wallet:
                    return walletNames[line.wallet].contains(term.text)
                case .tag:
                    if term.value == nil, entry.tags.contains(where: { $0.caseInsensitiveCompare(term.text) }) { return true }
                    // A peer's `person:` value tag is the entry's `by` once converted.
                    if term.text.caseInsensitiveCompare("person"), let by = entry.by,
                        term.value.map({ SearchText.folded(by).contains($0) }) ?? true
                    {
                        return true
                    }
                    return Self.valueTags(metadata.lines(at: entry.location)).contains { name, value in
                        name.caseInsensitiveCompare(term.text) && (term.value.map { SearchText.folded(value).contains($0) } ?? true)
                    }
                case .payee: return holds(entry.payee, term.text)
                case .description:
                    // hledger's description is `payee | note`, unless the note was a comment.
                    let lines = metadata.lines(at: entry.location)
                    let payee = entry.payee.map { folded[$0] ?? $0.lowercased() }
                    let note = lines.contains { $0.key == "note-from" } ? nil : entry.note.map { folded[$0] ?? $0.lowercased() }
                    return [payee, note].compactMap { $0 }.joined(separator: " | ").contains(term.text)
                case .status:
                    let status = metadata.lines(at: entry.location).first { $0.key == "status" }?.value
                    return (status == "cleared" ? "*" : status == "pending" ? "!" : "") == term.text
                case .note: return holds(entry.note, term.text)
                case .date: return range?.contains(entry.date) ?? false
                case .envelope:
                    // Spending a goal pays is the goal's (Grammar.md §4), as the walk counts it.
                    guard let e = envelopeIndex[term.text], let category = line.category, !model.isPaidByGoal(entry) else { return false }
                    return model.envelopes[e].countsSpending(in: model.categories[category], from: line.wallet, of: model.wallets)
                case .amount:
                    let value = term.signed ? line.amount : (line.amount.isNegative ? line.amount.negated : line.amount)
                    switch term.comparison {
                    case .less: return value < term.amount
                    case .lessOrEqual: return !(term.amount < value)
                    case .greater: return term.amount < value
                    case .greaterOrEqual: return !(value < term.amount)
                    case .equal: return !(value < term.amount) && !(term.amount < value)
                    }
                }
            }
            return resolved.allSatisfy { group in group.contains { term, range in matches(term, range) != term.negated } }
        }
    }
}

extension EntryQuery {
    /// Metadata keys `tally convert` writes for the entry's shape, not the peer's tags.
    static let shapeKeys: Set<String> = [
        "id", "status", "code", "date2", "note", "note-from", "wallet-posting", "continues", "entry", "zero-posting"
    ]

    /// An entry's value tags and the tags of its sides and split lines, from its metadata:
    /// `trip: "japan"` is (trip, japan), `from-tags: "a b"` (a, "") and (b, ""),
    /// `split-2-for: "ana"` and `to-for: "ana"` (for, ana).
    static func valueTags(_ lines: [(key: String, value: String)]) -> [(name: String, value: String)] {
        lines.flatMap { line -> [(name: String, value: String)] in
            var key = Substring(line.key)
            for prefix in ["from-", "to-"] where key.hasPrefix(prefix) { key = key.dropFirst(prefix.count) }
            if key.hasPrefix("split-"), let dash = key.dropFirst(6).firstIndex(of: "-"),
                key.dropFirst(6)[..<dash].allSatisfy(\.isNumber)
            {
                key = key[key.index(after: dash)...]
            }
            if key == "tags" { return line.value.split(separator: " ").map { (String($0), "") } }
            return shapeKeys.contains(String(key)) ? [] : [(String(key), line.value)]
        }
    }

    /// Each wallet's and category's account names, folded for a search: the one of an
    /// hledger export and those a converted journal kept (`account:` metadata).
    static func accountNames(_ model: BudgetModel, _ metadata: KeptMetadata) -> (wallets: [[String]], categories: [[String]]) {
        let kept = { (location: SourceLocation) in metadata.accounts(at: location).map(SearchText.folded) }
        return (
            model.wallets.map { [accountName($0)] + kept($0.location) },
            model.categories.map { [accountName($0)] + kept($0.location) }
        )
    }

    /// The plain words that name nothing in the budget: no wallet, category, payee, note
    /// or account name holds them. A report that keeps nothing names them, so a typo is
    /// never a silent empty answer.
    public func unmatchedWords(model: BudgetModel, metadata: KeptMetadata = KeptMetadata()) -> [String] {
        let words = terms.filter { ($0.field == .text || $0.field == .account) && !$0.negated }.map(\.text)
        guard !words.isEmpty else { return [] }
        let accounts = Self.accountNames(model, metadata)
        var names = Set(accounts.wallets.joined()).union(accounts.categories.joined())
        names.formUnion(model.wallets.map { SearchText.folded($0.name) })
        names.formUnion(model.categories.map { SearchText.folded($0.name) })
        let unnamed = words.filter { word in !names.contains { $0.contains(word) } }
        guard !unnamed.isEmpty else { return [] }
        // Payees and notes only for the words no name holds, each text folded once.
        let texts = Set(Set(model.entries.lazy.flatMap { [$0.payee, $0.note] }.compactMap { $0 }).map(SearchText.folded))
        return unnamed.filter { word in !texts.contains { $0.contains(word) } }
    }

    /// A wallet's account name in an hledger export, folded for a search: `liabilities:visa` for a
    /// credit or loan wallet, `assets:joint` for the others (TallyInterop's
    /// `AccountNames`, before its changes for the peer's characters).
    static func accountName(_ wallet: Wallet) -> String {
        (wallet.kind == .credit || wallet.kind == .loan ? "liabilities:" : "assets:") + SearchText.folded(wallet.name)
    }

    /// A category's account name in an hledger export, folded for a search: `expenses:food:lunch`,
    /// `income:salary`.
    static func accountName(_ category: Category) -> String {
        (category.isIncome ? "income:" : "expenses:") + SearchText.folded(category.name)
    }
}

private extension String {
    func caseInsensitiveCompare(_ other: String) -> Bool { SearchText.folded(self) == SearchText.folded(other) }
}
