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

/// How each payee is used, and who is named: built from the model in one pass over its
/// entries, without reading the syntax again. Payee completion and hover read it; the
/// counts other completions rank by are ``NameUses``, a cheaper table built first.
struct NameTallies {
    var payees: [String: PayeeUsage] = [:]
    var people: Set<String>

    init(model: BudgetModel) {
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
        // One copy of each entry, read through the accessors that build no posting array
        // (``Entry/kind`` makes one for a plain transaction, nine in ten entries).
        for (i, entry) in model.entries.enumerated() {
            // The payee's booking: the wallet, the amount and the single category, if any.
            var booked: (wallet: Int, amount: Money, category: Int?)?
            if let (wallet, amount) = entry.transaction {
                let single = entry.postingCount == 1
                booked = (wallet, amount, single ? entry.posting(0).category : nil)
            }
            if let by = entry.by { people.insert(by) }
            guard let payee = entry.payee else { continue }
            let date = entry.date
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
            guard let (wallet, amount, category) = booked else { continue }
            if let b = bookings[id].firstIndex(where: { $0.wallet == wallet && $0.category == category }) {
                bookings[id][b].count += 1
                bookings[id][b].last = i
            } else {
                bookings[id].append(Booking(wallet: wallet, category: category, count: 1, last: i))
            }
            let slot = id * walletCount + wallet
            if let sum = walletTotals[slot].adding(amount) { walletTotals[slot] = sum }
        }
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

}
