import TallyCore
import TallySyntax

/// How a payee is used in the budget: what completion and hover say about it.
public struct PayeeUsage: Sendable {
    /// How many interpreted entries name it.
    public var count: Int
    /// The latest date it appears on.
    public var lastDate: CivilDate
    /// The wallet its transactions most often come from (model index), if it has any.
    public var usualWallet: Int?
    /// The category its single-category transactions with that wallet most often book
    /// (model index), if any.
    public var usualCategory: Int?
    /// What its transactions add up to, by currency code (negative for spending).
    public var totals: [String: Money]
}

/// How often each name is used by the interpreted entries, and how each payee is used:
/// built from the model in one pass over its entries, without reading the syntax again.
/// This is what completion ranks by, so it stays cheap to build (about 10 ms on 100k
/// entries in a release build, a fifth of the table of every written occurrence).
struct NameTallies {
    var wallets: [Int]
    var categories: [Int]
    var envelopes: [Int]
    var goals: [Int]
    var rules: [Int]
    var payees: [String: PayeeUsage] = [:]
    var people: Set<String>

    init(model: BudgetModel) {
        // Counted in local arrays, which the loop can update in place.
        var wallets = [Int](repeating: 0, count: model.wallets.count)
        var categories = [Int](repeating: 0, count: model.categories.count)
        var envelopes = [Int](repeating: 0, count: model.envelopes.count)
        var goals = [Int](repeating: 0, count: model.goals.count)
        var rules = [Int](repeating: 0, count: model.rules.count)
        var people = Set<String>()
        // Per payee: how often each (wallet, category) pair books it, the latest first on a tie.
        struct Booking { var wallet: Int; var category: Int?; var count: Int; var last: Int }
        var ids: [String: Int] = [:]
        var names: [String] = []
        var counts: [Int] = []
        var lastDates: [CivilDate] = []
        var bookings: [[Booking]] = []
        // What each payee's transactions add up to, by wallet: payee * walletCount + wallet.
        let walletCount = model.wallets.count
        var walletTotals: [Money] = []
        // Fields are read in place: copying whole entries would retain each of their
        // strings and arrays, which costs more than the counting.
        model.entries.withUnsafeBufferPointer { entries in
            for i in entries.indices {
                switch entries[i].kind {
                case .transaction(let wallet, _, let postings):
                    wallets[wallet] += 1
                    for posting in postings { categories[posting.category] += 1 }
                case .transfer(let from, let to, _, _):
                    wallets[from] += 1
                    wallets[to] += 1
                case .fill(let envelope, _):
                    envelopes[envelope] += 1
                case .move(let from, let to, _):
                    envelopes[from] += 1
                    envelopes[to] += 1
                case .assertion(let wallet, _):
                    wallets[wallet] += 1
                case .skip(let rule):
                    rules[rule] += 1
                case .contribution(let goal, _):
                    goals[goal] += 1
                case .rate:
                    break
                }
                if let goal = entries[i].goal { goals[goal] += 1 }
                if let rule = entries[i].rule { rules[rule] += 1 }
                if let by = entries[i].by { people.insert(by) }
                guard let payee = entries[i].payee else { continue }
                let date = entries[i].date
                let id: Int
                if let known = ids[payee] {
                    id = known
                } else {
                    id = names.count
                    ids[payee] = id
                    names.append(payee)
                    counts.append(0)
                    lastDates.append(date)
                    bookings.append([])
                    walletTotals.append(contentsOf: repeatElement(Money.zero, count: walletCount))
                }
                counts[id] += 1
                lastDates[id] = max(lastDates[id], date)
                guard case .transaction(let wallet, let amount, let postings) = entries[i].kind else { continue }
                let category = postings.count == 1 ? postings[0].category : nil
                if let b = bookings[id].firstIndex(where: { $0.wallet == wallet && $0.category == category }) {
                    bookings[id][b].count += 1
                    bookings[id][b].last = i
                } else {
                    bookings[id].append(Booking(wallet: wallet, category: category, count: 1, last: i))
                }
                let slot = id * walletCount + wallet
                if let sum = walletTotals[slot].adding(amount) { walletTotals[slot] = sum }
            }
        }
        self.wallets = wallets
        self.categories = categories
        self.envelopes = envelopes
        self.goals = goals
        self.rules = rules
        for (id, name) in names.enumerated() {
            var totals: [String: Money] = [:]
            for w in 0 ..< walletCount where !walletTotals[id * walletCount + w].isZero {
                let currency = model.wallets[w].currency
                if let sum = (totals[currency] ?? .zero).adding(walletTotals[id * walletCount + w]) { totals[currency] = sum }
            }
            let usual = bookings[id].max { ($0.count, $0.last) < ($1.count, $1.last) }
            payees[name] = PayeeUsage(count: counts[id], lastDate: lastDates[id], usualWallet: usual?.wallet,
                                      usualCategory: usual?.category, totals: totals)
        }
        for wallet in model.wallets { people.formUnion(wallet.owners) }
        self.people = people
    }

    /// How many entries name `index` of `kind`.
    func uses(_ kind: NameKind, _ index: Int) -> Int {
        let table: [Int]
        switch kind {
        case .wallet: table = wallets
        case .category: table = categories
        case .envelope: table = envelopes
        case .goal: table = goals
        case .rule: table = rules
        }
        return table.indices.contains(index) ? table[index] : 0
    }
}
