import TallyCore
import TallySyntax

/// beancount's usual sale: `-4 HOOL {}` (or `{2024-01-05}`, `{"label"}`) reduces a lot
/// bought earlier, and the gains posting is left without an amount for beancount to work
/// out from the lot's cost. The converter books lots as beancount's default (`STRICT`)
/// does, in date order: a purchase with a cost adds a lot to its account; a reduction
/// whose braces give no number takes the cost of the one lot it matches (or of every
/// lot, when it sells them all), so that the missing amount can be worked out at cost.
/// Several lots with different costs and a partial sale are ambiguous to beancount too:
/// the reduction keeps its empty braces and its transaction is listed.
struct LotBooking {
    /// A lot held: units of a commodity at a cost per unit.
    struct Lot {
        var units: Money
        let cost: PeerAmount
        let date: CivilDate
        let label: String?
    }

    /// Per account and commodity (`Assets:Broker HOOL`), the lots in the order bought.
    private var lots: [String: [Lot]] = [:]

    /// Books the lots of `transactions` (those whose peer balances at cost), filling in
    /// the cost of each reduction a lot decides.
    static func book(_ transactions: inout [PeerTransaction]) {
        var booking = LotBooking()
        let order = transactions.indices.filter { transactions[$0].balancesAtCost && transactions[$0].postings.contains { $0.hasCost } }
            .sorted { (transactions[$0].date, $0) < (transactions[$1].date, $1) }
        for t in order {
            for p in transactions[t].postings.indices where transactions[t].postings[p].hasCost {
                booking.book(&transactions[t].postings[p], on: transactions[t].date)
            }
        }
    }

    /// Adds the posting's lot, or reduces the lots it matches.
    private mutating func book(_ posting: inout PeerPosting, on date: CivilDate) {
        guard let units = posting.amount, var cost = posting.cost, !units.number.isZero else { return }
        let key = posting.account + " " + units.commodity
        if !units.number.isNegative {
            guard let each = cost.total ? cost.amount.flatMap({ Self.perUnit($0, units.number) }) : cost.amount else { return }
            lots[key, default: []].append(Lot(units: units.number, cost: each, date: cost.lotDate ?? date, label: cost.label))
            return
        }
        let held = lots[key] ?? []
        let matching = held.indices.filter { i in
            (cost.lotDate.map { $0 == held[i].date } ?? true) && (cost.label.map { $0 == held[i].label } ?? true)
                && (cost.amount.map { cost.total || $0 == held[i].cost } ?? true)
        }
        let sold = units.number.negated
        if cost.amount == nil {
            guard let filled = Self.costOf(sold, from: matching.map { held[$0] }) else { return }
            cost.amount = filled.amount
            cost.total = filled.total
            posting.cost = cost
        }
        reduce(key, matching, by: sold)
    }

    /// The cost a reduction of `sold` units takes from `lots`: the one lot's (or the cost
    /// all share), per unit; the total of every lot when it sells them all; nil otherwise.
    static func costOf(_ sold: Money, from lots: [Lot]) -> (amount: PeerAmount, total: Bool)? {
        guard let first = lots.first else { return nil }
        if lots.allSatisfy({ $0.cost == first.cost }) {
            let held = lots.reduce(Money.zero) { $0.adding($1.units) ?? $0 }
            return sold <= held ? (first.cost, false) : nil
        }
        var units = Money.zero, total = Money.zero
        for lot in lots {
            guard lot.cost.commodity == first.cost.commodity, let u = units.adding(lot.units),
                let value = lot.units.multiplied(by: lot.cost.number, roundedTo: lot.units.scale + lot.cost.number.scale),
                let t = total.adding(value)
            else { return nil }
            units = u
            total = t
        }
        return units == sold ? (PeerAmount(number: total, commodity: first.cost.commodity), true) : nil
    }

    /// Takes `sold` units out of the matching lots, the first bought first.
    private mutating func reduce(_ key: String, _ matching: [Int], by sold: Money) {
        var left = sold
        for i in matching where left > .zero {
            guard let units = lots[key]?[i].units else { continue }
            let taken = min(units, left)
            lots[key]?[i].units = units.subtracting(taken) ?? units
            left = left.subtracting(taken) ?? .zero
        }
        lots[key]?.removeAll { $0.units.isZero }
    }

    /// A total cost divided among `units`, exactly (nil when it does not divide exactly).
    private static func perUnit(_ total: PeerAmount, _ units: Money) -> PeerAmount? {
        let scale = min(total.number.scale + 6, Money.maximumScale)
        guard let each = total.number.divided(by: units, roundedTo: scale),
            each.multiplied(by: units, roundedTo: total.number.scale) == total.number
        else { return nil }
        return PeerAmount(number: each, commodity: total.commodity)
    }
}
