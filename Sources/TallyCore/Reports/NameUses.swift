/// How many interpreted entries name each declaration: what an editor ranks completions by.
///
/// One pass over the model's entries that reads each entry where it lies (a plain
/// transaction's wallet and category without building its posting), so that it stays cheap
/// enough to rebuild after every edit of a large budget.
public struct NameUses: Sendable, Equatable {
    /// Uses per wallet, by model index: transactions, both sides of transfers, assertions.
    public private(set) var wallets: [Int]
    /// Uses per category: each posting.
    public private(set) var categories: [Int]
    /// Uses per envelope: fills, and both sides of moves.
    public private(set) var envelopes: [Int]
    /// Uses per goal: contributions and `goal NAME` clauses (an entry counts once).
    public private(set) var goals: [Int]
    /// Uses per recurring rule: skips and `rule NAME` clauses (an entry counts once).
    public private(set) var rules: [Int]

    /// Counts the uses in `model`'s entries.
    public init(model: BudgetModel) {
        var wallets = [Int](repeating: 0, count: model.wallets.count)
        var categories = [Int](repeating: 0, count: model.categories.count)
        var envelopes = [Int](repeating: 0, count: model.envelopes.count)
        var goals = [Int](repeating: 0, count: model.goals.count)
        var rules = [Int](repeating: 0, count: model.rules.count)
        model.entries.withUnsafeBufferPointer { entries in
            for i in entries.indices {
                switch entries[i].stored {
                case .plain(let wallet, let category, _, _):
                    wallets[Int(wallet)] += 1
                    categories[Int(category)] += 1
                case .other(.transaction(let wallet, _, let postings)):
                    wallets[wallet] += 1
                    for posting in postings { categories[posting.category] += 1 }
                case .other(.transfer(let from, let to, _, _)):
                    wallets[from] += 1
                    wallets[to] += 1
                case .other(.fill(let envelope, _)):
                    envelopes[envelope] += 1
                case .other(.move(let from, let to, _)):
                    envelopes[from] += 1
                    envelopes[to] += 1
                case .other(.assertion(let wallet, _)):
                    wallets[wallet] += 1
                case .other(.skip), .other(.contribution), .other(.rate):
                    // A skip's rule and a contribution's goal are the entry's own `rule`
                    // and `goal`, counted below once.
                    break
                }
                if entries[i].goalIndex >= 0 { goals[Int(entries[i].goalIndex)] += 1 }
                if entries[i].ruleIndex >= 0 { rules[Int(entries[i].ruleIndex)] += 1 }
            }
        }
        self.wallets = wallets
        self.categories = categories
        self.envelopes = envelopes
        self.goals = goals
        self.rules = rules
    }
}
