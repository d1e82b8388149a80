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
    ///
    /// One pass over the entries with no hashing per amount: currencies are numbered once
    /// (each wallet's, each goal's, the default), so the per-amount work is a rescale and
    /// two additions, plus one multiplication per rate pair leaving the currency.
    mutating func checkTotalsBound() -> Bool {
        var numbers: [String: Int] = [:]
        var codes: [String] = []
        func number(_ code: String) -> Int {
            if let n = numbers[code] { return n }
            numbers[code] = codes.count
            codes.append(code)
            return codes.count - 1
        }
        let target = number(l.defaultCurrency)
        let walletCurrency = l.wallets.map { number($0.currency) }
        let goalCurrency = l.goals.map { goal in goal.wallet.map { walletCurrency[$0] } ?? target }
        // The largest rate per pair, by the currency it converts from.
        var largestRate: [String: (base: Int, quote: Int, rate: Money)] = [:]
        for entry in entries {
            guard case .other(.rate(let base, let rate, let quote)) = entry.stored else { continue }
            let magnitude = rate.isNegative ? rate.negated : rate
            let key = base + "/" + quote
            if let known = largestRate[key], !(known.rate < magnitude) { continue }
            largestRate[key] = (number(base), number(quote), magnitude)
        }
        let places = codes.map { l.decimals(of: $0) }
        var pairsFrom = [[(quote: Int, rate: Money)]](repeating: [], count: codes.count)
        for pair in largestRate.values { pairsFrom[pair.base].append((pair.quote, pair.rate)) }
        var bound = [Int64](repeating: 0, count: codes.count)
        let limit = UInt64(Walk.exactTotalLimit)
        /// Adds `count` times `amount` in currency `c` (and its conversions) to the bound;
        /// false once crossed.
        func add(_ amount: Money, _ c: Int, times count: Int64 = 1) -> Bool {
            let magnitude: UInt64
            if amount.scale == places[c] {
                magnitude = amount.units.magnitude
            } else {
                guard let rescaled = amount.rescaled(to: max(places[c], amount.scale)) else { return false }
                magnitude = rescaled.units.magnitude
            }
            guard magnitude <= limit else { return false }
            let (scaled, o1) = Int64(magnitude).multipliedReportingOverflow(by: count)
            let (sum, o2) = bound[c].addingReportingOverflow(scaled)
            guard !o1, !o2 else { return false }
            bound[c] = sum
            for (quote, rate) in pairsFrom[c] {
                guard let converted = amount.multiplied(by: rate, roundedTo: places[quote]) else { return false }
                let units = converted.units.magnitude + 1  // one unit of rounding
                guard units <= limit else { return false }
                let (scaledConverted, o3) = Int64(units).multipliedReportingOverflow(by: count)
                let (total, o4) = bound[quote].addingReportingOverflow(scaledConverted)
                guard !o3, !o4 else { return false }
                bound[quote] = total
            }
            return true
        }
        func crossedAt(_ location: SourceLocation) {
            report(.numericOverflow,
                   "amounts up to here add up to more than Tally can total exactly, so reports cannot show exact figures",
                   location, help: "an amount is probably mistyped (too many digits)")
        }
        for (w, wallet) in l.wallets.enumerated() where !add(wallet.opening, walletCurrency[w]) {
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
        let entries = self.entries
        for index in entries.indices {
            var fits = true
            if let (wallet, _) = entries[index].transaction {
                let c = walletCurrency[wallet]
                for p in 0 ..< entries[index].postingCount where fits { fits = add(entries[index].posting(p).amount, c) }
            } else {
                switch entries[index].stored {
                case .other(.transfer(let from, let to, let sent, let received)):
                    fits = add(sent, walletCurrency[from]) && add(received, walletCurrency[to])
                case .other(.fill(_, let amount)), .other(.move(_, _, let amount)):
                    fits = add(amount, target)
                case .other(.contribution(let goal, let amount)):
                    fits = add(amount, goalCurrency[goal])
                default:
                    break
                }
            }
            if !fits {
                crossedAt(entries[index].location)
                return false
            }
        }
        return true
    }
}
