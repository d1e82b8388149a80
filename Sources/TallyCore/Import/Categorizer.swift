import TallySyntax

/// Chooses a category for an imported movement, in this order:
/// 0. the first `match` rule that applies (it may also rename the payee, add a note and
///    tags, or share the movement out over split lines);
/// 1. the budget's `payee` rules: a rule whose payee is the movement's payee exactly
///    books it by itself (the entry is written without a category, as a hand-written one
///    would be); a rule whose payee's words all appear in the movement's text gives its
///    category;
/// 2. the budget's history: the category most often booked for the same normalized
///    payee (or note) on transactions of a single category; failing that, for a
///    history payee whose words all appear in the movement's text (one standing there
///    as written first, then the one of most words);
/// 3. none.
public struct Categorizer: Sendable {
    /// Why a category was chosen.
    public enum Source: String, Sendable { case matchRule = "match rule", payeeRule = "payee rule", history }

    public struct Choice: Sendable, Equatable {
        /// The category's index in the model.
        public let category: Int
        public let source: Source
        /// True when a `payee` rule books the entry by itself (write no category).
        public let ruleApplies: Bool
        /// What a `match` rule writes besides the category.
        public var payee: String? = nil
        public var note: String? = nil
        public var tags: [String] = []
        /// The lines of a split entry, when a `match` rule shares the movement out (then
        /// `category` is its rest line's, and the header names no category).
        public var split: [RuleSplit.Line] = []
    }

    private var matchRules: [ImportProfile.MatchRule] = []

    private var rulesExact: [String: Int] = [:]
    private var rulesByWords: [(words: [Substring], category: Int)] = []
    /// Normalized text → category → count.
    private var history: [String: [Int: Int]] = [:]
    /// A word → the history keys holding it.
    private var keysByWord: [Substring: [String]] = [:]

    public init(model: BudgetModel, budget: Budget, rules: [ImportProfile.MatchRule] = []) {
        matchRules = rules
        let index = Dictionary(model.categories.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        for file in budget.files {
            for node in file.tree.entries(of: .payeeDirective) {
                guard let rule = PayeeDirectiveSyntax(node), let payee = rule.payee,
                      let name = rule.category?.value, let category = index[name] else { continue }
                if rulesExact[payee] == nil { rulesExact[payee] = category }
                let words = MovementText.words(MovementText.normalize(payee))
                if !words.isEmpty { rulesByWords.append((words, category)) }
            }
        }
        // Payees repeat: normalize each distinct text once.
        var normalized: [String: String] = [:]
        for entry in model.entries where entry.postingCount == 1 {
            guard entry.transaction != nil else { continue }
            let category = entry.posting(0).category
            for text in [entry.payee, entry.note].compactMap({ $0 }) {
                let key: String
                if let known = normalized[text] { key = known } else { key = MovementText.normalize(text); normalized[text] = key }
                guard !key.isEmpty else { continue }
                if history[key] == nil {
                    for word in Set(MovementText.words(key)) { keysByWord[word, default: []].append(key) }
                }
                history[key, default: [:]][category, default: 0] += 1
            }
        }
    }

    /// The category for a movement, or nil.
    public func choose(_ row: StatementRow) -> Choice? {
        if let rule = matchRules.first(where: { $0.matches(row) }) {
            return Choice(category: rule.category, source: .matchRule, ruleApplies: false, payee: rule.payee, note: rule.note, tags: rule.tags,
                          split: rule.splitLines(of: row.amount) ?? [])
        }
        if let payee = row.payee ?? row.description, let category = rulesExact[payee] {
            return Choice(category: category, source: .payeeRule, ruleApplies: true)
        }
        let texts = [row.payee, row.description].compactMap { $0 }.map(MovementText.normalize).filter { !$0.isEmpty }
        let allWords = Set(texts.flatMap(MovementText.words))
        for rule in rulesByWords where rule.words.allSatisfy(allWords.contains) {
            return Choice(category: rule.category, source: .payeeRule, ruleApplies: false)
        }
        for text in texts {
            if let counts = history[text], let best = Self.mostCommon(counts) { return Choice(category: best, source: .history, ruleApplies: false) }
        }
        // The known payee all of whose words the movement's text contains: one that
        // stands in it as written (`tesco metro` in `card tesco metro berlin`) before one
        // whose words are scattered (`metro card`), then the one of more words.
        var best: (key: String, rank: (Int, Int))?
        for word in allWords {
            for key in keysByWord[word] ?? [] {
                let words = MovementText.words(key)
                guard words.allSatisfy(allWords.contains) else { continue }
                let rank = (texts.contains { " \($0) ".contains(" \(key) ") } ? 1 : 0, words.count)
                if best == nil || rank > best!.rank || (rank == best!.rank && key < best!.key) { best = (key, rank) }
            }
        }
        if let best, let counts = history[best.key], let category = Self.mostCommon(counts) {
            return Choice(category: category, source: .history, ruleApplies: false)
        }
        return nil
    }

    /// The likeliest categories for a movement nothing decides, most likely first: those
    /// booked for payees sharing a word with it.
    public func suggestions(_ row: StatementRow, limit: Int = 3) -> [Int] {
        let words = Set([row.payee, row.description].compactMap { $0 }.map(MovementText.normalize).flatMap(MovementText.words))
        var score: [Int: Int] = [:]
        for word in words where word.count > 2 {
            for key in keysByWord[word] ?? [] { for (category, n) in history[key] ?? [:] { score[category, default: 0] += n } }
        }
        return score.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(limit).map(\.key)
    }

    /// The category with the highest count; the lower index on a tie, so the choice is stable.
    static func mostCommon(_ counts: [Int: Int]) -> Int? {
        counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }
}
