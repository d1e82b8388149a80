import TallySyntax

/// How a market valuation finds the rate between two currencies on a day, in hledger's
/// order of preference: a stated rate (`rate A x B`), the reverse of one (`rate B y A`:
/// 1/y), the shortest chain of stated rates (A→C→B), else the shortest chain of stated
/// and reversed ones. A chain multiplies its rates exactly and rounds once, at the end.
enum RateChain {
    /// One step of a chain: the pair's key in the rate table, and whether it is used
    /// reversed (dividing by the rate).
    struct Step: Equatable {
        let key: String
        let reversed: Bool
    }

    /// `amount` in `from` converted into `to` with the rates on or before `day`, rounded to
    /// `decimals`; nil when no chain of rates leads there.
    static func convert(
        _ amount: Money, from: String, to: String, on day: CivilDate, in table: [String: [(date: CivilDate, rate: Money)]], decimals: Int
    ) -> Money? {
        let usable = table.filter { ExchangeRates.latest($0.value, on: day) != nil }
        guard let chain = paths(from: from, to: to, in: usable).first else { return nil }
        var numerator = amount
        var denominator = Money(units: 1, scale: 0)
        for step in chain {
            guard let rate = ExchangeRates.latest(usable[step.key], on: day) else { return nil }
            if step.reversed {
                guard let next = denominator.multiplied(by: rate, roundedTo: min(denominator.scale + rate.scale, Money.maximumScale)) else { return nil }
                denominator = next
            } else {
                guard let next = numerator.multiplied(by: rate, roundedTo: min(numerator.scale + rate.scale, Money.maximumScale)) else { return nil }
                numerator = next
            }
        }
        return numerator.divided(by: denominator, roundedTo: decimals)
    }

    /// The chains from `from` to `to` through the pairs of `table`, the preferred first:
    /// the pair itself, its reverse, the shortest forward chain, the shortest of any.
    /// Empty when none leads there.
    static func paths(from: String, to: String, in table: [String: [(date: CivilDate, rate: Money)]]) -> [[Step]] {
        if table[from + "/" + to] != nil { return [[Step(key: from + "/" + to, reversed: false)]] }
        if table[to + "/" + from] != nil { return [[Step(key: to + "/" + from, reversed: true)]] }
        let pairs = table.keys.sorted().compactMap { key -> (String, String, String)? in
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (key, parts[0], parts[1]) : nil
        }
        for allowReverse in [false, true] {
            if let chain = shortest(from: from, to: to, pairs: pairs, reverse: allowReverse) { return [chain] }
        }
        return []
    }

    /// Breadth first: the fewest steps, ties broken by the pairs' names (stable output).
    private static func shortest(from: String, to: String, pairs: [(String, String, String)], reverse: Bool) -> [Step]? {
        var reached: [String: [Step]] = [from: []]
        var frontier = [from]
        while !frontier.isEmpty {
            var next: [String] = []
            for currency in frontier {
                let path = reached[currency]!
                for (key, base, quote) in pairs {
                    var edges = [(base, quote, false)]
                    if reverse { edges.append((quote, base, true)) }
                    for (a, b, reversed) in edges where a == currency && reached[b] == nil {
                        reached[b] = path + [Step(key: key, reversed: reversed)]
                        if b == to { return reached[b] }
                        next.append(b)
                    }
                }
            }
            frontier = next
        }
        return nil
    }
}
