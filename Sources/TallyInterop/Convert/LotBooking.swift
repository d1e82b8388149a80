import TallyCore
import TallySyntax

/// beancount's usual sale: `-4 HOOL {}` (or `{2024-01-05}`, `{"label"}`) reduces a lot
/// bought earlier, and the gains posting is left without an amount for beancount to work
/// out from the lot's cost. The converter books lots as beancount does, in date order: a
/// purchase with a cost adds a lot to its account; a reduction whose braces give no
/// number takes the cost of the one lot it matches (or of every lot, when it sells them
/// all), so that the missing amount can be worked out at cost. Several lots with
/// different costs and a partial sale are ambiguous to beancount's default method
/// (`STRICT`) too: the reduction keeps its empty braces and its transaction is listed,
/// never a lot picked. Where the account's `open` (`open Assets:Broker HOOL "FIFO"`) or
/// `option "booking_method"` says `FIFO`, `LIFO` or `HIFO`, the sale takes the lots in
/// that order (the first bought, the last bought, the dearest first), as beancount does.
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
    /// The booking method per account, and for the others.
    private let methods: [String: String]
    private let otherwise: String

    /// Books the lots of `transactions` (those whose peer balances at cost), filling in
    /// the cost of each reduction a lot decides, by each account's booking method.
    static func book(_ transactions: inout [PeerTransaction], methods: [String: String] = [:], otherwise: String = "STRICT") {
        var booking = LotBooking(methods: methods, otherwise: otherwise)
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
        var matching = held.indices.filter { i in
            (cost.lotDate.map { $0 == held[i].date } ?? true) && (cost.label.map { $0 == held[i].label } ?? true)
                && (cost.amount.map { cost.total || $0 == held[i].cost } ?? true)
        }
        let sold = units.number.negated
        // The order the account's method takes the lots in; nil for STRICT (and the
        // methods Tally does not follow), where only an unambiguous match decides.
        let ordered = Self.ordered(matching, held, method: methods[posting.account] ?? otherwise)
        if let ordered { matching = Self.taking(sold, from: ordered, held) }
        if cost.amount == nil {
            guard let filled = Self.costOf(sold, from: matching.map { held[$0] }, inOrder: ordered != nil) else { return }
            cost.amount = filled.amount
            cost.total = filled.total
            posting.cost = cost
        }
        reduce(key, matching, by: sold)
    }

    /// `matching` in the order `method` takes lots (`FIFO`: the first bought first;
    /// `LIFO`: the last; `HIFO`: the dearest), nil for any other method.
    static func ordered(_ matching: [Int], _ held: [Lot], method: String) -> [Int]? {
        switch method.uppercased() {
        case "FIFO": return matching
        case "LIFO": return matching.reversed()
        case "HIFO":
            guard Set(matching.map { held[$0].cost.commodity }).count <= 1 else { return nil }
            return matching.sorted { (held[$1].cost.number, $0) < (held[$0].cost.number, $1) }
        default: return nil
        }
    }

    /// The lots of `ordered` a sale of `sold` units takes, taking each in turn until it
    /// has them all (all of them when they are too few: the cost then stays unknown).
    static func taking(_ sold: Money, from ordered: [Int], _ held: [Lot]) -> [Int] {
        var left = sold, taken: [Int] = []
        for i in ordered where left > .zero {
            taken.append(i)
            left = left.subtracting(min(held[i].units, left)) ?? .zero
        }
        return left > .zero ? ordered : taken
    }

    /// The cost a reduction of `sold` units takes from `lots`: the one lot's (or the cost
    /// all share), per unit; else the total of the units it takes, taken in turn, when
    /// `inOrder` (a booking method orders them) or when it sells them all; nil otherwise.
    static func costOf(_ sold: Money, from lots: [Lot], inOrder: Bool = false) -> (amount: PeerAmount, total: Bool)? {
        guard let first = lots.first else { return nil }
        if lots.allSatisfy({ $0.cost == first.cost }) {
            let held = lots.reduce(Money.zero) { $0.adding($1.units) ?? $0 }
            return sold <= held ? (first.cost, false) : nil
        }
        var left = sold, total = Money.zero
        for lot in lots {
            let n = min(lot.units, left)
            guard lot.cost.commodity == first.cost.commodity, let rest = left.subtracting(n),
                let value = n.multiplied(by: lot.cost.number, roundedTo: n.scale + lot.cost.number.scale),
                let t = total.adding(value)
            else { return nil }
            // STRICT: several costs are ambiguous unless the sale takes every lot.
            guard inOrder || n == lot.units else { return nil }
            left = rest
            total = t
        }
        return left.isZero ? (PeerAmount(number: total, commodity: first.cost.commodity), true) : nil
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
