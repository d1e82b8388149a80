import TallySyntax

extension BudgetModel {
    /// The register's lines that pass `filter`, ordered by `sort` (reversed when
    /// `descending`; as in ``register(_:sort:descending:)``, lines with equal keys keep the
    /// budget's order either way, but by date descending it is reversed whole). A front end showing a page of them
    /// makes rows of those alone (``registerRow(_:)``).
    public func registerLines(_ filter: EntryFilter, sort: RegisterSort = .date, descending: Bool = false) -> [RegisterLine] {
        var lines: [RegisterLine] = []
        lines.reserveCapacity(filter.range == nil && filter.wallets.isEmpty ? entries.count + entries.count / 4 : 0)
        walkRegisterLines(filter) { lines.append($0) }
        switch sort {
        case .date: return descending ? lines.reversed() : lines
        case .amount:
            if let sorted = Self.amountSorted(lines, descending) { return sorted }
            return Self.stableSorted(lines, descending, keys: lines.map(\.amount))
        case .category:
            // A line without a category sorts as an empty name.
            let ranks = Self.ranks(categories.map(\.name) + [""])
            return Self.stableSorted(lines, descending, ranks: lines.map { ranks[$0.category ?? categories.count] })
        case .payee: return Self.stableSorted(lines, descending, ranks: payeeRanks(lines))
        }
    }

    /// Each line's rank by its payee in any case (no payee sorts as an empty one): the
    /// payees, most shared by thousands of lines, are lowercased and compared once each,
    /// not in each of a million comparisons.
    private func payeeRanks(_ lines: [RegisterLine]) -> [UInt32] {
        var places: [String: UInt32] = [:]
        var keys = [""]
        var lineKeys: [UInt32] = []
        lineKeys.reserveCapacity(lines.count)
        // An entry's lines come one after another.
        var last = (entry: -1, key: UInt32(0))
        for line in lines {
            if line.entry != last.entry {
                var key: UInt32 = 0
                if let payee = entries[line.entry].payee {
                    if let known = places[payee] {
                        key = known
                    } else {
                        key = UInt32(keys.count)
                        places[payee] = key
                        keys.append(payee.lowercased())
                    }
                }
                last = (line.entry, key)
            }
            lineKeys.append(last.key)
        }
        let ranks = Self.ranks(keys)
        return lineKeys.map { ranks[Int($0)] }
    }

    /// The lines ordered by amount (descending: the largest first), keeping the budget's
    /// order among equal values whatever their scale (`1.5`, `1.50`): each amount's
    /// distance from the smallest (the largest when descending) at the lines' largest
    /// scale and the line's place packed in one integer, sorted as integers, not by a
    /// million comparisons of ``Money``. Nil when they don't fit in one.
    static func amountSorted(_ lines: [RegisterLine], _ descending: Bool) -> [RegisterLine]? {
        guard !lines.isEmpty else { return lines }
        let scale = lines.reduce(0) { max($0, $1.amount.scale) }
        var units: [Int64] = []
        units.reserveCapacity(lines.count)
        var (low, high) = (Int64.max, Int64.min)
        for line in lines {
            let amount = line.amount
            guard let unit = amount.scale == scale ? amount.units : amount.rescaled(to: scale)?.units else { return nil }
            units.append(unit)
            (low, high) = (min(low, unit), max(high, unit))
        }
        // Places 0 ..< count take the low bits, the distance the rest.
        let placeBits = 64 - UInt64(lines.count - 1).leadingZeroBitCount
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, UInt64(span) >> (64 - placeBits) == 0 else { return nil }
        var packed = units.enumerated().map { place, unit in
            UInt64(descending ? high - unit : unit - low) << placeBits | UInt64(place)
        }
        packed.sort()
        let mask = UInt64(1) << placeBits - 1
        return packed.map { lines[Int($0 & mask)] }
    }

    /// Each key's rank among `keys`: equal keys share one, a smaller key has a smaller.
    static func ranks(_ keys: [String]) -> [UInt32] {
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        var ranks = [UInt32](repeating: 0, count: keys.count)
        var rank: UInt32 = 0
        for (i, place) in order.enumerated() {
            if i > 0, keys[order[i - 1]] < keys[place] { rank += 1 }
            ranks[place] = rank
        }
        return ranks
    }

    /// The lines ordered by their ranks (descending: the highest first), keeping the
    /// budget's order among equals: rank and place packed in one integer, sorted as
    /// integers.
    private static func stableSorted(_ lines: [RegisterLine], _ descending: Bool, ranks: [UInt32]) -> [RegisterLine] {
        var packed = ranks.enumerated().map { place, rank in UInt64(descending ? ~rank : rank) << 32 | UInt64(place) }
        packed.sort()
        return packed.map { lines[Int($0 & 0xFFFF_FFFF)] }
    }

    /// The lines ordered by `keys` (one per line; descending: the largest first),
    /// keeping the budget's order among equals.
    private static func stableSorted<Key: Comparable>(_ lines: [RegisterLine], _ descending: Bool, keys: [Key]) -> [RegisterLine] {
        // Places ordered by (key, place): a total order, so the faster unstable sort
        // gives the stable result, with one comparison of keys in most steps.
        var order = Array(lines.indices)
        order.sort { a, b in
            let (x, y) = (keys[a], keys[b])
            if x == y { return a < b }
            return (x < y) != descending
        }
        return order.map { lines[$0] }
    }
}
