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
/// This is what completion ranks by, so it stays cheap to build (a few milliseconds on
/// 100k entries) where the table of every written occurrence is not.
struct NameTallies {
    var wallets: [Int]
    var categories: [Int]
    var envelopes: [Int]
    var goals: [Int]
    var rules: [Int]
    var payees: [String: PayeeUsage] = [:]
    var people = Set<String>()

    init(model: BudgetModel) {
        wallets = [Int](repeating: 0, count: model.wallets.count)
        categories = [Int](repeating: 0, count: model.categories.count)
        envelopes = [Int](repeating: 0, count: model.envelopes.count)
        goals = [Int](repeating: 0, count: model.goals.count)
        rules = [Int](repeating: 0, count: model.rules.count)
        // Per payee: how often each (wallet, category) pair books it, the latest first on a tie.
        struct Booking { var wallet: Int; var category: Int?; var count: Int; var last: Int }
        var ids: [String: Int] = [:]
        var names: [String] = []
        var counts: [Int] = []
        var lastDates: [CivilDate] = []
        var bookings: [[Booking]] = []
        var totals: [[String: Money]] = []
        for (i, entry) in model.entries.enumerated() {
            switch entry.kind {
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
            if let goal = entry.goal { goals[goal] += 1 }
            if let rule = entry.rule { rules[rule] += 1 }
            if let by = entry.by { people.insert(by) }
            guard let payee = entry.payee else { continue }
            let id: Int
            if let known = ids[payee] {
                id = known
            } else {
                id = names.count
                ids[payee] = id
                names.append(payee)
                counts.append(0)
                lastDates.append(entry.date)
                bookings.append([])
                totals.append([:])
            }
            counts[id] += 1
            lastDates[id] = max(lastDates[id], entry.date)
            guard case .transaction(let wallet, let amount, let postings) = entry.kind else { continue }
            let category = postings.count == 1 ? postings[0].category : nil
            if let b = bookings[id].firstIndex(where: { $0.wallet == wallet && $0.category == category }) {
                bookings[id][b].count += 1
                bookings[id][b].last = i
            } else {
                bookings[id].append(Booking(wallet: wallet, category: category, count: 1, last: i))
            }
            let currency = model.wallets[wallet].currency
            if let sum = (totals[id][currency] ?? .zero).adding(amount) { totals[id][currency] = sum }
        }
        for (id, name) in names.enumerated() {
            let usual = bookings[id].max { ($0.count, $0.last) < ($1.count, $1.last) }
            payees[name] = PayeeUsage(count: counts[id], lastDate: lastDates[id], usualWallet: usual?.wallet,
                                      usualCategory: usual?.category, totals: totals[id])
        }
        for wallet in model.wallets { people.formUnion(wallet.owners) }
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
