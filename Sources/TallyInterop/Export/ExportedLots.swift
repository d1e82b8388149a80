import TallyCore
import TallySyntax

#if canImport(FoundationEssentials)
    import FoundationEssentials
    import Glibc
#else
    import Foundation
#endif

/// Holdings written as lots for beancount and ledger (Grammar.md §3.2, "Holdings"; docs/interop.md):
/// a purchase, `transfer Checking -> Broker 1000.00 USD = 10 ACME`, becomes `10 ACME
/// {100.00 USD}`, and a sale, a transfer back at what the units cost, one posting per lot
/// it takes with the lot's cost and date, `-10 ACME {100.00 USD, 2024-01-05}`, so that
/// beancount books the sale against the very lot (a `{}` sale a block written back
/// holds then finds the lot too) and a round trip keeps the cost basis.
///
/// The lots are booked here once, in the model's order, and a sale takes the lots whose
/// costs add up to what the transfer says the units cost: the first bought first, else
/// the last bought first, else only those of the one cost per unit the sale has. A
/// wallet where that fails anywhere (a sale no set of lots explains, a cost that does not
/// give the units' total within its decimals, units opened without a cost and sold) is written as
/// before, at a total price (`@@`) throughout: beancount then holds its units without a
/// cost, which it accepts, rather than lots that a later sale would not match.
///
/// ledger gets the same lots, `10 ACME {$100.00}` and `-10 ACME {$100.00}` (it matches a
/// lot by its price; `ledger bal --lots` shows what is left), where each cost is exact:
/// ledger balances without beancount's tolerance. hledger (1.25) reads braces and
/// ignores them: it keeps the price form.
struct ExportedLots {
    /// A lot held: units at a cost per unit, bought on a day.
    struct Lot: Equatable {
        var units: Money
        let cost: Money
        let currency: String
        let date: CivilDate
    }

    /// Per transfer (the entry's index in the model): the units' postings, each with the
    /// units (negative for a sale) and the lot they add to or take from.
    private(set) var postings: [Int: [Lot]] = [:]
    /// Per sale of one lot (beancount): the price per unit it was sold at (``salePrice(_:in:)``).
    private(set) var salePrices: [Int: Money] = [:]

    /// The lots of every wallet that holds units (``Wallet/holdsUnits(defaultCurrency:)``)
    /// in `model`, for `format` (beancount only: the other peers keep the price form).
    /// `openingCost` reads a wallet's `opening-cost:` (`{30.00 USD}`) as a cost per unit.
    init(model: BudgetModel, format: PeerFormat, openingCost: (Int) -> String?) {
        guard format != .hledger else { return }
        // ledger checks a transaction's balance without beancount's tolerance: exact costs only.
        let exact = format == .ledger
        let holding = model.wallets.indices.filter { model.wallets[$0].holdsUnits(defaultCurrency: model.defaultCurrency) }
        guard !holding.isEmpty else { return }
        var lots: [Int: [Lot]] = [:]
        var failed = Set<Int>()
        for w in holding where !model.wallets[w].opening.isZero {
            let date = model.wallets[w].openingDate ?? model.entries.first?.date ?? model.today
            // Units opened without a cost (or at a price) are no lot: selling them fails.
            guard let (cost, currency) = openingCost(w).flatMap({ Self.cost($0, of: model.wallets[w].opening) }) else { continue }
            lots[w] = [Lot(units: model.wallets[w].opening, cost: cost, currency: currency, date: date)]
        }
        for (index, entry) in model.entries.enumerated() {
            // Units that come or go without a cost (a transaction in units, a move between
            // two holdings) would sit beside the lots without one: no lots in that wallet.
            if case .transaction(let w, _, _) = entry.kind, holding.contains(w) { failed.insert(w) }
            guard case .transfer(let from, let to, let sent, let received) = entry.kind else { continue }
            if model.wallets[from].currency == model.wallets[to].currency {
                failed.formUnion([from, to].filter(holding.contains))
                continue
            }
            let buys = holding.contains(to), sells = holding.contains(from)
            if buys && sells {
                failed.formUnion([from, to])
            } else if buys {
                guard let each = Self.perUnit(sent, received, exact: exact) else {
                    failed.insert(to)
                    continue
                }
                let lot = Lot(units: received, cost: each, currency: model.wallets[from].currency, date: entry.date)
                lots[to, default: []].append(lot)
                postings[index] = [lot]
            } else if sells {
                let held = lots[from] ?? []
                guard let taken = Self.taking(sent, costing: received, in: model.wallets[to].currency, from: held, exact: exact) else {
                    failed.insert(from)
                    continue
                }
                lots[from] = taken.left
                postings[index] = taken.parts.map { Lot(units: $0.units.negated, cost: $0.cost, currency: $0.currency, date: $0.date) }
            }
        }
        // A wallet booked in part would mix lots and units without a cost: none of it.
        postings = postings.filter { index, _ in
            guard case .transfer(let from, let to, _, _) = model.entries[index].kind else { return false }
            return !failed.contains(from) && !failed.contains(to)
        }
        guard format == .beancount else { return }
        // A sale of one lot: `tally convert` reads several lot postings at one price as
        // several wallets (listed), so a sale over several lots keeps its cost only.
        for (index, lots) in postings where lots.count == 1 && lots[0].units.isNegative {
            salePrices[index] = Self.salePrice(index, in: model)
        }
    }

    /// What a sale's units brought per unit, which beancount shows as its price (`-4 HOOL
    /// {300.00 USD, 2024-01-05} @ 350.00 USD`) and weighs at the cost all the same: their
    /// cost (the transfer's amount) and the gain (loss) of the transaction that follows it
    /// in the model on the receiving wallet, the same day under the same payee and note,
    /// as a sale is written (Grammar.md §3.2, "Holdings"), divided by the units: (1200.00 +
    /// 200.00) ÷ 4 = 350.00. The gain is that transaction's lines in income categories.
    /// Nil without such a transaction (no price is guessed), or when the division has no
    /// exact result within six more decimals.
    static func salePrice(_ index: Int, in model: BudgetModel) -> Money? {
        let sale = model.entries[index]
        guard case .transfer(_, let to, let units, let cost) = sale.kind, sale.payee != nil, index + 1 < model.entries.count else { return nil }
        let next = model.entries[index + 1]
        guard case .transaction(to, _, _) = next.kind, next.date == sale.date, next.payee == sale.payee, next.note == sale.note else { return nil }
        var total = cost, gains = 0
        for p in 0 ..< next.postingCount where model.categories[next.posting(p).category].isIncome {
            guard let sum = total.adding(next.posting(p).amount) else { return nil }
            total = sum
            gains += 1
        }
        return gains == 0 ? nil : perUnit(total, units)
    }

    /// The cost per unit of an opening's `units` that `opening-cost:` keeps as a lot,
    /// `{30.00 USD}` or `{{1500.00 USD}}` (a price, `@ 30.00 USD`, is no lot).
    static func cost(_ kept: String, of units: Money) -> (Money, String)? {
        let braces = kept.prefix { $0 == "{" }.count
        guard braces == 1 || braces == 2 else { return nil }
        let words = kept.dropFirst(braces).dropLast(braces).split(separator: " ")
        guard words.count == 2, let number = Money(String(words[0])) else { return nil }
        let each = braces == 1 ? number : perUnit(number, units)
        return each.map { ($0, String(words[1])) }
    }

    /// The cost per unit of `units` bought for `total`: the one with the fewest decimals
    /// (from the total's) whose product, rounded to the total's decimals, is the total,
    /// as beancount balances it within the precision of the cash posting
    /// (`8.107 RGAGX {133.22 USD}` for 1080.01 USD: 1080.01454 → 1080.01); nil when
    /// none within six more decimals is.
    static func perUnit(_ total: Money, _ units: Money, exact: Bool = false) -> Money? {
        guard !units.isZero, !units.isNegative, !total.isNegative else { return nil }
        for decimals in total.scale ... min(total.scale + 6, Money.maximumScale - units.scale) {
            guard let each = total.divided(by: units, roundedTo: decimals) else { return nil }
            let product = each.multiplied(by: units, roundedTo: exact ? decimals + units.scale : total.scale)
            if product == total { return each }
        }
        return nil
    }

    /// The lots a sale of `units` at a cost of `cost` (in `currency`) takes from `held`,
    /// and those left: the first bought first, else the last bought first, else the lots
    /// of the sale's one cost per unit, first bought first; nil when none adds up exactly.
    static func taking(_ units: Money, costing cost: Money, in currency: String, from held: [Lot], exact: Bool = false) -> (parts: [Lot], left: [Lot])? {
        let each = perUnit(cost, units, exact: exact)
        let orders: [[Int]] = [
            Array(held.indices), held.indices.reversed(),
            held.indices.filter { held[$0].cost == each && held[$0].currency == currency }
        ]
        for order in orders {
            var left = held, parts: [Lot] = []
            var wanted = units, total = Money.zero
            for i in order where wanted > .zero {
                guard held[i].currency == currency else { break }
                let n = min(held[i].units, wanted)
                guard let rest = wanted.subtracting(n), let value = n.multiplied(by: held[i].cost, roundedTo: n.scale + held[i].cost.scale),
                    let sum = total.adding(value), let kept = left[i].units.subtracting(n)
                else { break }
                wanted = rest
                total = sum
                left[i].units = kept
                parts.append(Lot(units: n, cost: held[i].cost, currency: currency, date: held[i].date))
            }
            // At the cost's decimals, as the transfer's amount was rounded.
            if wanted.isZero, exact ? total == cost : total.multiplied(by: Money(units: 1, scale: 0), roundedTo: cost.scale) == cost {
                return (parts, left.filter { !$0.units.isZero })
            }
        }
        return nil
    }
}

extension JournalExporter {
    /// `{100.00 USD}` on a purchase (beancount dates the lot with the transaction), and
    /// `{100.00 USD, 2024-01-05}` on a sale, which names the one lot it takes; ledger's
    /// `{$100.00}` both ways (it matches a lot by its price).
    func lotText(_ lot: ExportedLots.Lot, sale: Bool) -> String {
        "{" + price(lot.cost, lot.currency) + (sale && format == .beancount ? ", \(lot.date.iso)}" : "}")
    }

    /// A sale's postings of wallet `w`, one per lot it takes, each with the price it was
    /// sold at when known (`@ 350.00 USD`); the side's details (and an assertion, which
    /// beancount writes apart) on the first.
    func writeLots(_ out: inout JournalText, _ w: Int, _ lots: [ExportedLots.Lot], _ details: PostingDetails, soldAt: Money? = nil) {
        for (i, lot) in lots.enumerated() {
            var text = amount(lot.units, model.wallets[w].currency) + " " + lotText(lot, sale: true)
            if let soldAt { text += " @ " + price(soldAt, lot.currency) }
            posting(&out, names.wallets[w], text, i == 0 ? details : PostingDetails())
        }
    }
}
