import TallyCore
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

    private var matchRules: [MatchRule] = []

    private var rulesExact: [String: Int] = [:]
    /// Payee rules by the ids of their words.
    private var rulesByWords: [(words: [Int32], category: Int)] = []
    /// Each distinct word of payee rules and history texts, as a small number: a row's
    /// words are looked up once, and everything after compares numbers.
    private var wordIDs: [Substring: Int32] = [:]
    /// The history, one slot per distinct normalized text: the text, its words, the text
    /// with a space around it (as bytes), and how often each category books it.
    private var slotOfKey: [String: Int] = [:]
    private var keys: [String] = []
    private var keyWords: [[Int32]] = []
    private var keyPadded: [[UInt8]] = []
    private var counts: [[Int: Int]] = []
    /// A word id → the slots whose text holds the word.
    private var keysByWord: [[Int]] = []

    /// A categorizer for `model`'s payee rules and history, trying `rules` first (the
    /// wallet's, from ``WalletImport``).
    public init(model: BudgetModel, rules: [MatchRule] = []) {
        // Transfer rules book no category: the import plan applies them (``ImportPlan``).
        matchRules = rules.filter { $0.transfer == nil }
        for rule in model.payeeRules {
            // The last rule of a payee is the one that books it (``BudgetModel/payeeRule(for:)``).
            rulesExact[rule.payee] = rule.category
            let words = MovementText.words(MovementText.normalize(rule.payee)).map { wordID($0) }
            if !words.isEmpty { rulesByWords.append((words, rule.category)) }
        }
        // Notes repeat: each distinct text is normalized and hashed into its slot once,
        // then counted by its slot.
        var slotOfText: [String: Int] = [:]
        func count(_ text: String, _ category: Int, _ times: Int) {
            let slot: Int
            if let known = slotOfText[text] {
                slot = known
            } else {
                slot = self.slot(MovementText.normalize(text))
                slotOfText[text] = slot
            }
            if slot >= 0 { counts[slot][category, default: 0] += times }
        }
        // The payees' single-category transactions, as their habits count them
        // (``PayeeHabit/categories``), and the notes of such transactions.
        for (payee, habit) in model.payeeHabits() {
            for (category, times) in habit.categoryCounts { count(payee, category, times) }
        }
        for i in model.entries.indices where model.entries[i].postingCount == 1 {
            guard let note = model.entries[i].note, model.entries[i].transaction != nil else { continue }
            count(note, model.entries[i].posting(0).category, 1)
        }
    }

    /// The id of a word, given one when new.
    private mutating func wordID(_ word: Substring) -> Int32 {
        if let id = wordIDs[word] { return id }
        let id = Int32(keysByWord.count)
        wordIDs[word] = id
        keysByWord.append([])
        return id
    }

    /// The history slot of a normalized text, made when new; -1 for an empty text.
    private mutating func slot(_ key: String) -> Int {
        guard !key.isEmpty else { return -1 }
        if let slot = slotOfKey[key] { return slot }
        let slot = keys.count
        slotOfKey[key] = slot
        let words = MovementText.words(key).map { wordID($0) }
        for word in Set(words) { keysByWord[Int(word)].append(slot) }
        keys.append(key)
        keyWords.append(words)
        keyPadded.append(Array(" \(key) ".utf8))
        counts.append([:])
        return slot
    }

    /// What `choose` learns about a statement text (its normalized form and the ids of its
    /// known words), kept across the rows of an import: banks repeat their descriptions
    /// (`Kartenzahlung`, `SEPA-Lastschrift`) on row after row.
    public struct TextMemo {
        var texts: [String: (normalized: String, words: [Int32])] = [:]
        /// The known word ids of each normalized text: texts that differ only in digits
        /// (`CARD 4821 …`, `… REF 2026031500017`) normalize alike and are cut into words once.
        var words: [String: [Int32]] = [:]
        public init() {}
    }

    /// The category for a movement, or nil.
    public func choose(_ row: StatementRow) -> Choice? {
        var memo = TextMemo()
        return choose(row, memo: &memo)
    }

    /// The normalized text and known word ids of a statement text, through `memo`.
    private func read(_ text: String, _ memo: inout TextMemo) -> (normalized: String, words: [Int32]) {
        if let known = memo.texts[text] { return known }
        let normalized = MovementText.normalize(text)
        let words: [Int32]
        if let known = memo.words[normalized] {
            words = known
        } else {
            words = MovementText.words(normalized).compactMap { wordIDs[$0] }
            memo.words[normalized] = words
        }
        let result = (normalized, words)
        memo.texts[text] = result
        return result
    }

    /// The category for a movement, or nil, reading texts through `memo`.
    public func choose(_ row: StatementRow, memo: inout TextMemo) -> Choice? {
        // The row's texts are folded once for all the rules.
        let folded = matchRules.isEmpty ? [] : MatchRule.foldedTexts(of: row)
        if let rule = matchRules.first(where: { $0.matches(row, folded: folded) }), let category = rule.category {
            return Choice(
                category: category, source: .matchRule, ruleApplies: false, payee: rule.payee, note: rule.note, tags: rule.tags,
                split: rule.splitLines(of: row.amount) ?? [])
        }
        if let payee = row.payee ?? row.description, let category = rulesExact[payee] {
            return Choice(category: category, source: .payeeRule, ruleApplies: true)
        }
        var texts: [String] = []
        var allWords = Set<Int32>()
        for text in [row.payee, row.description] {
            guard let text else { continue }
            let (normalized, words) = read(text, &memo)
            guard !normalized.isEmpty else { continue }
            texts.append(normalized)
            // Words no rule or history text holds cannot help: only known ones are kept.
            allWords.formUnion(words)
        }
        for rule in rulesByWords where rule.words.allSatisfy(allWords.contains) {
            return Choice(category: rule.category, source: .payeeRule, ruleApplies: false)
        }
        for text in texts {
            if let slot = slotOfKey[text], let best = Self.mostCommon(counts[slot]) { return Choice(category: best, source: .history, ruleApplies: false) }
        }
        // The known payee all of whose words the movement's text contains: one that
        // stands in it as written (`tesco metro` in `card tesco metro berlin`) before one
        // whose words are scattered (`metro card`), then the one of more words.
        var best: (slot: Int, rank: (Int, Int))?
        var seen: Set<Int> = []
        // The texts with a space around, as bytes: a key stands in one as written when
        // ` key ` occurs in it.
        let padded = texts.map { Array(" \($0) ".utf8) }
        for word in allWords {
            for slot in keysByWord[Int(word)] where seen.insert(slot).inserted {
                let words = keyWords[slot]
                guard words.allSatisfy(allWords.contains) else { continue }
                let asWritten = padded.contains { Self.occurs(keyPadded[slot], in: $0) }
                let rank = (asWritten ? 1 : 0, words.count)
                if best == nil || rank > best!.rank || (rank == best!.rank && keys[slot] < keys[best!.slot]) { best = (slot, rank) }
            }
        }
        if let best, let category = Self.mostCommon(counts[best.slot]) {
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
            guard let id = wordIDs[word] else { continue }
            for slot in keysByWord[Int(id)] { for (category, n) in counts[slot] { score[category, default: 0] += n } }
        }
        return score.sorted { ($0.value, -$0.key) > ($1.value, -$1.key) }.prefix(limit).map(\.key)
    }

    /// True when `pattern` occurs in `haystack`.
    static func occurs(_ pattern: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = pattern.first, pattern.count <= haystack.count else { return pattern.isEmpty }
        var i = 0
        let last = haystack.count - pattern.count
        while i <= last {
            if haystack[i] == first && haystack[i ..< i + pattern.count].elementsEqual(pattern) { return true }
            i += 1
        }
        return false
    }

    /// The category with the highest count; the lower index on a tie, so the choice is stable.
    static func mostCommon(_ counts: [Int: Int]) -> Int? {
        counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
    }
}
