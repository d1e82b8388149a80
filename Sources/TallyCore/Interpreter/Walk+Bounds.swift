import TallySyntax

/// The bound that keeps every total exact.
///
/// Reports add amounts in many ways (per category, per month, per person, converted
/// balances across wallets, envelope periods), and a sum that overflowed 64 bits must
/// never silently drop an addend. Rather than check every addition, the walk checks once
/// that the amounts cannot overflow however they are added: per currency, the sum of the
/// magnitudes of every amount in it (openings, postings, both sides of transfers, fills,
/// moves, contributions, the planned amount of every envelope period) plus what any
/// conversion into it can give (the magnitudes in the other currency times the largest
/// rate stated for the pair, plus one unit of rounding each) stays below
/// ``Walk/exactTotalLimit`` units. Any total is a signed sum of a part of these, so every
/// total fits.
///
/// When the bound is crossed, the entry (or declaration) that crossed it gets E0404, the
/// model says so (``BudgetModel/totalsAreExact`` is false), and the report commands
/// refuse to show figures instead of showing wrong ones.
extension Walk {
    /// The largest magnitude, in units of a currency's smallest decimal, that amounts in one
    /// currency may add up to: what 64 bits hold.
    static let exactTotalLimit = Int64.max

    /// Checks the bound, reporting E0404 where it is first crossed. Returns false then.
    mutating func checkTotalsBound() -> Bool {
        // The largest rate per pair, and the pairs converting from each currency.
        var largestRate: [String: (quote: String, rate: Money)] = [:]
        var pairsFrom: [String: [String]] = [:]
        for entry in entries {
            guard case .other(.rate(let base, let rate, let quote)) = entry.stored else { continue }
            let key = base + "/" + quote
            let magnitude = rate.isNegative ? rate.negated : rate
            if let known = largestRate[key] {
                if known.rate < magnitude { largestRate[key] = (quote, magnitude) }
            } else {
                largestRate[key] = (quote, magnitude)
                pairsFrom[base, default: []].append(key)
            }
        }
        var bound: [String: Int64] = [:]
        var crossed = false
        /// Adds `amount` in `currency` (and its conversions) to the bound; false once crossed.
        func add(_ amount: Money, _ currency: String, times count: Int64 = 1) -> Bool {
            guard !crossed else { return false }
            let places = max(l.decimals(of: currency), amount.scale)
            guard let units = amount.rescaled(to: places)?.units.magnitude, units <= UInt64(Walk.exactTotalLimit) else {
                crossed = true
                return false
            }
            let (scaled, o1) = Int64(units).multipliedReportingOverflow(by: count)
            let (sum, o2) = (bound[currency] ?? 0).addingReportingOverflow(scaled)
            guard !o1, !o2, sum <= Walk.exactTotalLimit else {
                crossed = true
                return false
            }
            bound[currency] = sum
            for key in pairsFrom[currency] ?? [] {
                guard let (quote, rate) = largestRate[key] else { continue }
                let target = max(l.decimals(of: quote), 0)
                guard let converted = amount.multiplied(by: rate, roundedTo: target) else {
                    crossed = true
                    return false
                }
                let magnitude = converted.units.magnitude + 1  // one unit of rounding
                let (scaledConverted, o3) = Int64(clamping: magnitude).multipliedReportingOverflow(by: count)
                let (total, o4) = (bound[quote] ?? 0).addingReportingOverflow(scaledConverted)
                guard magnitude <= UInt64(Walk.exactTotalLimit), !o3, !o4, total <= Walk.exactTotalLimit else {
                    crossed = true
                    return false
                }
                bound[quote] = total
            }
            return true
        }
        func crossedAt(_ location: SourceLocation) {
            report(.numericOverflow,
                   "amounts up to here add up to more than Tally can total exactly, so reports cannot show exact figures",
                   location, help: "an amount is probably mistyped (too many digits)")
        }
        let target = l.defaultCurrency
        for wallet in l.wallets where !add(wallet.opening, wallet.currency) {
            crossedAt(wallet.location)
            return false
        }
        // Every period of each planned envelope takes its amount from ready to assign.
        let first = firstMovement ?? today
        let horizon = today.adding(years: 5) ?? today
        let last = max(today, min(entries.last?.date ?? today, horizon))
        for envelope in l.envelopes {
            guard let planned = envelope.planned else { continue }
            let periods = Int64(periodStarts(envelope, from: first, through: last).count)
            if !add(planned, target, times: max(periods, 1)) {
                crossedAt(envelope.location)
                return false
            }
        }
        for index in entries.indices {
            let entry = entries[index]
            var fits = true
            if let (wallet, _) = entry.transaction {
                let currency = l.wallets[wallet].currency
                for p in 0 ..< entry.postingCount where fits { fits = add(entry.posting(p).amount, currency) }
            } else {
                switch entry.stored {
                case .other(.transfer(let from, let to, let sent, let received)):
                    fits = add(sent, l.wallets[from].currency) && add(received, l.wallets[to].currency)
                case .other(.fill(_, let amount)), .other(.move(_, _, let amount)):
                    fits = add(amount, target)
                case .other(.contribution(let goal, let amount)):
                    fits = add(amount, l.goals[goal].wallet.map { l.wallets[$0].currency } ?? target)
                default:
                    break
                }
            }
            if !fits {
                crossedAt(entry.location)
                return false
            }
        }
        return true
    }
}
